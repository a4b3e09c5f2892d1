export { AboutInfoScreen as default } from './about-screens';
