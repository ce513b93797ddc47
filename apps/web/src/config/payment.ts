/** A stored payment request is used for verification only while it is younger than this (product §5, §9). */
export const PAYMENT_REQUEST_MAX_AGE_MS = 30 * 60 * 1000;

/** How long a failure message stays in the cart panel (product §4, §9). */
export const FAILURE_MESSAGE_MS = 3000;

/** The customer name sent with guest checkouts. */
export const GUEST_CUSTOMER_NAME = 'Guest';

/** Upper bound for one API call, so a hung request never leaves the cart locked. */
export const API_TIMEOUT_MS = 45_000;

/** A failed saved-method payment falls back to the hosted payment page after this long (product §4, §9). */
export const SAVED_PAYMENT_FALLBACK_MS = 2000;

/** A failed Google Pay payment sends the shopper to the failed result page after this long (product §8). */
export const WALLET_FAILURE_REDIRECT_MS = 2000;

/**
 * The amount the browser reports to Google Pay's record-payment when it kept none (product §9). It is only a
 * note: the server keeps the order's own figure.
 */
export const GOOGLE_PAY_FALLBACK_AMOUNT = 99.99;

/** Card networks offered to both wallets (product §9): what the CardPointe merchant accepts. */
export const WALLET_CARD_NETWORKS = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'] as const;
