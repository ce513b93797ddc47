export { AdminDashboardPage } from './components/admin-dashboard-page';
export { OrderPage } from './components/order-page';
export { CustomerPage } from './components/customer-page';
