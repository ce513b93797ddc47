export { PaymentLinkPage } from './components/payment-link-page';
