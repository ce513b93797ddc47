export { StorefrontPage } from './components/storefront-page';
