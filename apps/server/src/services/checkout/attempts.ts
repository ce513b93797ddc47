import type { AttemptStanding, PaysFor } from '../../db/checkout-store';

/**
 * A cart or a payment link is paid once, whatever its attempts do (decision 047). Each checkout attempt names
 * what it pays for: the shopper's cart (by the id the browser keeps for it) or a payment link. An approval the
 * gateway reports for an attempt is recorded only while that attempt may still be paid; otherwise the store
 * voids it and records nothing. This is the one place that decides it, for every way to pay (the hosted page,
 * saved methods and wallets all record their approvals through `verifyPayment`).
 */

/** What an attempt made from the storefront pays for: the browser's cart, when it named one. */
export function cartPaidBy(cartId: string | undefined): PaysFor | undefined {
  return cartId ? { kind: 'cart', id: cartId } : undefined;
}

/** What an attempt at paying a payment link pays for: the link. */
export function linkPaidBy(linkId: string): PaysFor {
  return { kind: 'link', id: linkId };
}

const NOT_CHARGED = 'so this payment was cancelled: you were not charged for it.';

/** What the payer reads when an approval could not be recorded, each saying that nothing was charged. */
export const UNPAYABLE_ATTEMPT = {
  cartPaid: (orderId: string) => `Your cart was already paid (order ${orderId}), ${NOT_CHARGED}`,
  cartReplaced: `You had started this checkout again, ${NOT_CHARGED}`,
  linkPaid: `This payment link was already paid, ${NOT_CHARGED}`,
  linkCancelled: `The store withdrew this payment link, ${NOT_CHARGED} Please contact the store for a new one.`,
  linkExpired: `This payment link had expired, ${NOT_CHARGED} Please contact the store for a new one.`,
  linkPageClosed: `This payment page was no longer open for the link, ${NOT_CHARGED} Open the payment link again to pay.`,
} as const;

/** Why a cart that is paid already takes no new attempt (create-payment, saved methods, wallets). */
export const CART_PAID_ALREADY =
  'This cart was already paid. Nothing new was charged; empty the cart to start a new order.';

/**
 * Why the approval of an attempt may not be recorded, or undefined when it may. An attempt may be paid while
 * no other attempt of its cart or link is paid and none was made after it; a link's attempt, besides, only
 * while the link is not cancelled and the attempt is still open (not declined, abandoned or closed): once it
 * is closed the link may be paid again by a new attempt. An open attempt of a link stays payable past the
 * link's expiry: it began in time, and the link reads "being paid" meanwhile.
 */
export function whyNotPayable(standing: AttemptStanding): string | undefined {
  if (standing.paysFor === null) return undefined;
  if (standing.paysFor === 'cart') {
    if (standing.paidOrderId) return UNPAYABLE_ATTEMPT.cartPaid(standing.paidOrderId);
    return standing.newest ? undefined : UNPAYABLE_ATTEMPT.cartReplaced;
  }
  if (standing.paidOrderId) return UNPAYABLE_ATTEMPT.linkPaid;
  if (!standing.link || standing.link.cancelled) return UNPAYABLE_ATTEMPT.linkCancelled;
  if (!standing.newest) return UNPAYABLE_ATTEMPT.linkPageClosed;
  if (standing.status !== 'pending') {
    return standing.link.expired ? UNPAYABLE_ATTEMPT.linkExpired : UNPAYABLE_ATTEMPT.linkPageClosed;
  }
  return undefined;
}
