export { CartPanel } from './components/cart-panel';
