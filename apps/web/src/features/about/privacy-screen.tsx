export { PrivacyScreen as default } from './about-screens';
