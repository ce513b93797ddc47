export { AdminLoginPage } from './components/admin-login-page';
