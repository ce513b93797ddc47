export { PaymentCompletePage } from './components/payment-complete-page';
