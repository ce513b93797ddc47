/** Every route the browser app knows. Pages not built yet still have a path, so links stay stable. */
export const PATHS = {
  storefront: '/',
  paymentComplete: '/payment-complete',
  login: '/login',
  register: '/register',
  account: '/account',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
} as const;
