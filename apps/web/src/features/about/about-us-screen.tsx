export { AboutUsScreen as default } from './about-screens';
