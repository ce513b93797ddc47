/** Every route the browser app knows. Pages not built yet still have a path, so links stay stable. */
export const PATHS = {
  storefront: '/',
  paymentComplete: '/payment-complete',
  login: '/login',
  register: '/register',
  account: '/account',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  /** A person the owner added chooses their password, with the one-time link's token in the fragment (decision 056). */
  adminSetup: '/admin/setup',
  /** One order in the console: items, delivery, customer, payment timeline and actions (decision 028). */
  adminOrder: '/admin/orders/:orderId',
  /** One customer in the console, by Customer ID: saved methods, addresses, orders (decision 032). */
  adminCustomer: '/admin/customers/:customerId',
  /** An order's receipt, by the unguessable token its confirmation carries (decision 027). */
  receipt: '/receipt/:token',
  /** An order an operator prepared, paid by whoever holds the link the store emailed (decision 034). */
  paymentLink: '/pay/:token',
} as const;

/**
 * Whether a receipt link the server gave is one of this store's receipt pages: only such a path is
 * followed, never another site or a `javascript:` link.
 */
export function isReceiptPath(path: string): boolean {
  return /^\/receipt\/[A-Za-z0-9_-]{1,100}$/.test(path);
}

/** The console's page of one order. */
export function adminOrderPath(orderId: string): string {
  return `/admin/orders/${encodeURIComponent(orderId)}`;
}

/** The console's page of one customer, by the Customer ID My Account shows them. */
export function adminCustomerPath(customerId: number | string): string {
  return `/admin/customers/${encodeURIComponent(String(customerId))}`;
}

/** The result page's query parameter that names the payment link a payer came from. */
export const PAYMENT_LINK_RETURN_PARAM = 'link';

/** A payment link's token as the store issues it: 32 random bytes in base64url (43 characters). */
const PAYMENT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The payer's page of one payment link. */
export function paymentLinkPath(token: string): string {
  return `/pay/${encodeURIComponent(token)}`;
}

/**
 * Where the hosted payment page sends a link's payer back: the result page, naming the link, so that a
 * payer whose card was declined can go back to their order and pay again.
 */
export function paymentLinkReturnUrl(origin: string, token: string): string {
  const params = new URLSearchParams({ [PAYMENT_LINK_RETURN_PARAM]: token });
  return `${origin}${PATHS.paymentComplete}?${params.toString()}`;
}

/** The result page's `link` parameter, when it is a payment link's token; null for anything else. */
export function paymentLinkTokenOf(value: string | null | undefined): string | null {
  return value && PAYMENT_LINK_TOKEN.test(value) ? value : null;
}

/** Router state for a link to the storefront that opens the cart on arrival (back from a payment). */
export const OPEN_CART_STATE = { openCart: true } as const;

export function opensCart(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { openCart?: unknown }).openCart === true;
}

/**
 * Router state for Try Again after a payment that did not go through (decision 050): the cart opens as it
 * was, ready to pay again, the keyboard on its Pay button.
 */
export const PAY_AGAIN_STATE = { openCart: true, payAgain: true } as const;

export function paysAgain(state: unknown): boolean {
  return opensCart(state) && (state as { payAgain?: unknown }).payAgain === true;
}

/** The sign-in page's query parameter naming the console page the operator was going to. */
export const CONSOLE_RETURN_PARAM = 'next';

/** Any origin will do: a target is only ever compared with it, never fetched. */
const CONSOLE_ORIGIN = 'https://console.invalid';

/**
 * Where the operator lands after signing in (decision 050): the console page they were going to, when
 * `value` is one (a path of this store under /admin/, with its query and fragment), else the dashboard.
 * Only a path of this store's console is followed: never another site, a protocol-relative or backslashed
 * address, a `javascript:` link, a path that climbs out of /admin/ or the sign-in page itself.
 */
export function consoleReturnTarget(value: string | null | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith('/admin/')) return PATHS.adminDashboard;
  // Control characters and backslashes are read differently by browsers: none is in a path the store made.
  const controlOrBackslash = [...value].some(
    (character) => character <= '\u001f' || '\u007f\\'.includes(character),
  );
  if (controlOrBackslash || value.startsWith('//')) return PATHS.adminDashboard;
  let url: URL;
  try {
    url = new URL(value, CONSOLE_ORIGIN);
  } catch {
    return PATHS.adminDashboard;
  }
  if (url.origin !== CONSOLE_ORIGIN || !url.pathname.startsWith('/admin/')) return PATHS.adminDashboard;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page for a console page met without a session in this tab: it names the page, so that
 * signing in lands there (`consoleReturnTarget`); the dashboard needs no name.
 */
export function adminSignInPath(from: { pathname: string; search?: string; hash?: string }): string {
  const target = consoleReturnTarget(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  if (target === PATHS.adminDashboard) return PATHS.admin;
  return `${PATHS.admin}?${new URLSearchParams({ [CONSOLE_RETURN_PARAM]: target }).toString()}`;
}
