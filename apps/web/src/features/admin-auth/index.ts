export { AdminLoginPage } from './components/admin-login-page';
export { SignInAgainDialog } from './components/sign-in-again-dialog';
