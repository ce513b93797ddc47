export { AdminDashboardPage } from './components/admin-dashboard-page';
export { OrderPage } from './components/orders/order-page';
export { CustomerPage } from './components/customers/customer-page';
export { IdleSessionWatch } from './components/session/idle-session-watch';
