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

/** Router state for a link to the storefront that opens the cart on arrival (back from a payment). */
export const OPEN_CART_STATE = { openCart: true } as const;

export function opensCart(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { openCart?: unknown }).openCart === true;
}
