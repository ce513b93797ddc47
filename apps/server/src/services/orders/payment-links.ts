import {
  centsToDollars,
  createOrderId,
  findProduct,
  DELIVERY_REQUIRED,
  PAYMENT_LINK_LIFETIME_DAYS,
  PAYMENT_LINK_MESSAGES,
  STORE_NAME,
  type AdminPaymentLink,
  type CartLine,
  type OrderDelivery,
  type PaymentLinkResponse,
  type PaymentLinkStatus,
  type Product,
} from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import { findCustomerAddress } from '../../db/address-book-store';
import { deliveryColumns, deliveryOf } from '../../db/delivery-columns';
import type { Orm } from '../../db/client';
import { findCustomerByNumericId } from '../../db/customer-store';
import { queueMail } from '../../db/mail-outbox-store';
import {
  findPaymentLink,
  findPaymentLinkByToken,
  insertPaymentLink,
  listPaymentLinks,
  lockPaymentLink,
  markPaymentLinkCancelled,
  setPaymentLinkOrder,
  type PaymentLinkRecord,
} from '../../db/payment-link-store';
import { mailDomainOf } from '../../config';
import { AppError } from '../../errors';
import { toSavedAddress } from '../accounts/address-book';
import { linkPaidBy } from '../checkout/attempts';
import { checkRedirectUrl, returnUrlOf, verifyPayment } from '../checkout/hosted-page';
import { currentCatalog, priceCart } from '../catalog/catalog';
import { newReceiptToken, recordOrder, type CheckoutDependencies } from '../checkout/orders';
import { linkExpiryWords, paymentLink as paymentLinkMessage } from '../mail/messages';
import { ADDRESS_NOT_FOUND, CUSTOMER_NOT_FOUND } from './phone-orders';
import { orderLineOf, receiptPathOf } from './receipts';

/**
 * Payment links (decision 034): for a caller without a saved method (a customer, or someone who is not one),
 * the operator prepares the order, priced by the server, and the store emails a link to pay it on the hosted
 * payment page. The link can be paid for seven days unless the operator cancels it, and pays once: each
 * attempt at paying it is an order of its own (`PL-`), as every hosted-page payment is, one at a time; the
 * link is paid once one of them is. The hosted-page path then confirms it as any other (`verifyPayment`).
 */

const LIFETIME_MS = PAYMENT_LINK_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** How many links the console lists at once, newest first. */
const PAYMENT_LINKS_PAGE_SIZE = 50;

/** The payer's page on this store. */
function paymentLinkUrlOf(token: string, publicUrl: string): string {
  return new URL(`/pay/${token}`, publicUrl).href;
}

/** Where a link stands (`PAYMENT_LINK_STATUSES`), from its record, at `now`. */
function paymentLinkStatusOf(record: PaymentLinkRecord, now: Date): PaymentLinkStatus {
  if (record.paid) return 'paid';
  if (record.link.cancelledAt) return 'cancelled';
  // An attempt under way is finished whenever it started: the payer is at the payment page.
  if (record.attemptStatus === 'pending') return 'paying';
  return now >= record.link.expiresAt ? 'expired' : 'open';
}

/**
 * Whether the catalog still sells every product of the link at the price it was sent with: otherwise it pays
 * nothing (decision 061 keeps decision 034's rule: a link pays what it said, or nothing).
 */
function pricedAsSent(link: PaymentLinkRecord['link'], selling: readonly Product[]): boolean {
  return link.items.every((item) => findProduct(selling, item.productId)?.priceCents === item.unitPriceCents);
}

function adminLinkOf(
  record: PaymentLinkRecord,
  publicUrl: string,
  now: Date,
  selling: readonly Product[],
): AdminPaymentLink {
  const { link } = record;
  const status = paymentLinkStatusOf(record, now);
  return {
    id: link.id,
    status,
    url: paymentLinkUrlOf(link.token, publicUrl),
    payerName: link.deliveryName,
    email: link.contactEmail,
    ...(record.customerNumericId !== null ? { customerId: record.customerNumericId } : {}),
    total: centsToDollars(link.totalCents),
    createdAt: link.createdAt.toISOString(),
    createdBy: link.createdBy,
    expiresAt: link.expiresAt.toISOString(),
    ...(link.cancelledAt ? { cancelledAt: link.cancelledAt.toISOString() } : {}),
    ...(link.cancelledBy ? { cancelledBy: link.cancelledBy } : {}),
    ...(link.orderId ? { orderId: link.orderId } : {}),
    ...(status === 'open' && !pricedAsSent(link, selling) ? { pricesChanged: true as const } : {}),
  };
}

export interface PaymentLinkRequest {
  items: CartLine[];
  /** The total the operator read out to the caller: refused when the server's price differs. */
  amountCents: number;
  /** The customer it is for, by the Customer ID they give; their account's email gets the link. */
  customerId?: number;
  /** One of that customer's addresses. */
  addressId?: string;
  /** Typed by the operator: the contact and address of a caller who is not a customer, or a new address. */
  delivery?: OrderDelivery;
  operator: string;
}

/** Who gets the link and where the order goes, from a customer's account or from what the operator typed. */
async function payerOf(
  orm: Orm,
  request: PaymentLinkRequest,
): Promise<{ customerId: string | null; delivery: OrderDelivery }> {
  if (request.customerId === undefined) {
    if (request.addressId) throw new AppError('not_found', ADDRESS_NOT_FOUND);
    if (!request.delivery) throw new AppError('invalid', DELIVERY_REQUIRED);
    return { customerId: null, delivery: request.delivery };
  }
  const customer = await findCustomerByNumericId(orm, request.customerId);
  if (!customer) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  if (request.addressId) {
    const address = await findCustomerAddress(orm, customer.id, request.addressId);
    if (!address) throw new AppError('not_found', ADDRESS_NOT_FOUND);
    const { id: _id, isDefault: _default, ...fields } = toSavedAddress(address);
    return { customerId: customer.id, delivery: { email: customer.email, address: fields } };
  }
  if (!request.delivery) throw new AppError('invalid', PAYMENT_LINK_MESSAGES.addressRequired);
  return { customerId: customer.id, delivery: { email: customer.email, address: request.delivery.address } };
}

/** Prepares the order, keeps the link and queues its message, all at once; audited with the operator. */
export async function createPaymentLink(
  deps: { orm: Orm; publicUrl: string },
  request: PaymentLinkRequest,
  now = new Date(),
): Promise<AdminPaymentLink> {
  const totals = await priceCart(deps.orm, request.items, request.amountCents);
  const { customerId, delivery } = await payerOf(deps.orm, request);
  const token = newReceiptToken();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS);
  const link = await deps.orm.transaction(async (tx) => {
    const row = await insertPaymentLink(tx, {
      token,
      customerId,
      ...deliveryColumns(delivery),
      items: totals.lines.map(({ productId, productName, quantity, unitPriceCents, lineTotalCents }) => ({
        productId,
        productName,
        quantity,
        unitPriceCents,
        lineTotalCents,
      })),
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      createdBy: request.operator,
      createdAt: now,
      expiresAt,
    });
    const message = paymentLinkMessage({
      storeName: STORE_NAME,
      payerName: delivery.address.name,
      items: totals.lines.map((line) => ({
        productName: line.productName,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      })),
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      delivery: delivery.address,
      linkUrl: paymentLinkUrlOf(token, deps.publicUrl),
      expiresOn: linkExpiryWords(expiresAt),
    });
    await queueMail(
      tx,
      { kind: 'payment_link', dedupeKey: `payment-link:${row.id}`, recipient: delivery.email, ...message },
      mailDomainOf(deps.publicUrl),
    );
    await insertAuditEvent(tx, {
      actor: request.operator,
      action: 'payment_link',
      amountCents: totals.totalCents,
      outcome: 'success',
      detail: `link ${row.id} emailed to ${delivery.email}`,
    });
    return row;
  });
  return adminLinkOf(
    {
      link,
      customerNumericId: request.customerId ?? null,
      attemptStatus: null,
      attemptRequestId: null,
      paid: false,
      receiptToken: null,
    },
    deps.publicUrl,
    now,
    (await currentCatalog(deps.orm)).selling,
  );
}

/** The newest links, or one customer's (by Customer ID). */
export async function listLinks(
  deps: { orm: Orm; publicUrl: string },
  customerNumericId: number | undefined,
  now = new Date(),
): Promise<AdminPaymentLink[]> {
  let customerId: string | undefined;
  if (customerNumericId !== undefined) {
    const customer = await findCustomerByNumericId(deps.orm, customerNumericId);
    if (!customer) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
    customerId = customer.id;
  }
  const records = await listPaymentLinks(deps.orm, { customerId, limit: PAYMENT_LINKS_PAGE_SIZE });
  const { selling } = await currentCatalog(deps.orm);
  return records.map((record) => adminLinkOf(record, deps.publicUrl, now, selling));
}

/**
 * Cancels a link nobody has paid: afterwards it pays nothing. One whose payer is at the payment page right now
 * is cancelled too: a payment made there afterwards is voided at once and its payer told they were not
 * charged (decision 047: no approval is recorded for a cancelled link), so the operator never waits on them.
 */
export async function cancelPaymentLink(
  deps: { orm: Orm; publicUrl: string },
  linkId: string,
  operator: string,
  now = new Date(),
): Promise<AdminPaymentLink> {
  const record = await deps.orm.transaction(async (tx) => {
    await lockPaymentLink(tx, linkId);
    const current = await findPaymentLink(tx, linkId);
    if (!current) throw new AppError('not_found', PAYMENT_LINK_MESSAGES.notFound);
    const status = paymentLinkStatusOf(current, now);
    if (status !== 'open' && status !== 'paying')
      throw new AppError('conflict', PAYMENT_LINK_MESSAGES.notCancellable);
    await markPaymentLinkCancelled(tx, linkId, operator, now);
    await insertAuditEvent(tx, {
      actor: operator,
      action: 'cancel_payment_link',
      amountCents: current.link.totalCents,
      outcome: 'success',
      detail: `link ${linkId} to ${current.link.contactEmail}${
        status === 'paying' ? ' (its payer was at the payment page: a payment made there now is voided)' : ''
      }`,
    });
    return { ...current, link: { ...current.link, cancelledAt: now, cancelledBy: operator } };
  });
  return adminLinkOf(record, deps.publicUrl, now, (await currentCatalog(deps.orm)).selling);
}

/** Tokens are 43 base64url characters: anything else is not looked up at all. */
async function findByToken(orm: Orm, token: string): Promise<PaymentLinkRecord> {
  const record = /^[A-Za-z0-9_-]{43}$/.test(token) ? await findPaymentLinkByToken(orm, token) : undefined;
  if (!record) throw new AppError('not_found', PAYMENT_LINK_MESSAGES.notFound);
  return record;
}

/**
 * A link found by its token, its attempt under way first settled with the gateway as the result page would
 * have: a payer who paid and closed the payment page before being sent back, or who was declined there,
 * finds the link paid (or open again) now, not after upkeep's next look at it, and is never sent to pay an
 * order already paid. With nothing paid yet, or no answer from the gateway, it is as it was.
 */
async function findSettledByToken(
  deps: CheckoutDependencies,
  token: string,
  now: Date,
): Promise<PaymentLinkRecord> {
  const record = await findByToken(deps.orm, token);
  if (paymentLinkStatusOf(record, now) !== 'paying' || !record.attemptRequestId) return record;
  const settled = await verifyPayment(deps, record.attemptRequestId).then(
    (answer) => answer.status === 'success' || answer.errorcode !== 'not_found',
    () => false,
  );
  return settled ? findByToken(deps.orm, token) : record;
}

/** What the payer's page shows: the order to pay, where it goes, and whether it can still be paid. */
export async function readPaymentLink(
  deps: CheckoutDependencies,
  token: string,
  now = new Date(),
): Promise<PaymentLinkResponse['link']> {
  const record = await findSettledByToken(deps, token, now);
  const { link } = record;
  const delivery = deliveryOf(link)!;
  return {
    status: paymentLinkStatusOf(record, now),
    payerName: link.deliveryName,
    email: link.contactEmail,
    items: link.items.map(orderLineOf),
    subtotal: centsToDollars(link.subtotalCents),
    tax: centsToDollars(link.taxCents),
    total: centsToDollars(link.totalCents),
    deliveryAddress: delivery.address,
    expiresAt: link.expiresAt.toISOString(),
    ...(record.paid && record.receiptToken ? { receiptPath: receiptPathOf(record.receiptToken) } : {}),
  };
}

/** Why a link cannot be paid now; undefined when it can. */
function refusalOf(status: PaymentLinkStatus): string | undefined {
  if (status === 'paid') return PAYMENT_LINK_MESSAGES.paid;
  if (status === 'cancelled') return PAYMENT_LINK_MESSAGES.cancelled;
  if (status === 'expired') return PAYMENT_LINK_MESSAGES.expired;
  return undefined;
}

/**
 * Sends the payer to the hosted payment page for the link's order. The link is held while this is decided,
 * so two presses of Pay (two tabs, two people with the link) make one attempt: an attempt under way is
 * resumed (the same order and request), a declined or abandoned one is followed by a new order, and a paid,
 * cancelled or expired link is refused.
 */
export async function payPaymentLink(
  deps: CheckoutDependencies,
  token: string,
  redirectUrl: string,
  now = new Date(),
): Promise<{ requestId: string; paymentUrl: string; amount: number; orderId: string }> {
  checkRedirectUrl(redirectUrl, deps.publicUrl);
  const found = await findSettledByToken(deps, token, now);
  const attempt = await deps.orm.transaction(async (tx) => {
    await lockPaymentLink(tx, found.link.id);
    const record = (await findPaymentLink(tx, found.link.id))!;
    const { link } = record;
    const status = paymentLinkStatusOf(record, now);
    const refusal = refusalOf(status);
    if (refusal) throw new AppError('conflict', refusal);
    if (status === 'paying' && link.orderId && record.attemptRequestId) {
      return { orderId: link.orderId, requestId: record.attemptRequestId };
    }
    // The catalog's prices changed since the link was made: it pays what it said, or nothing.
    if (!pricedAsSent(link, (await currentCatalog(tx)).selling))
      throw new AppError('conflict', PAYMENT_LINK_MESSAGES.pricesChanged);
    const orderId = createOrderId('link');
    const delivery = deliveryOf(link)!;
    const items = link.items.map(({ productId, quantity }) => ({ productId, quantity }));
    const { requestId } = await recordOrder(tx, {
      orderId,
      channel: 'link',
      customerName: delivery.address.name,
      items,
      amountCents: link.totalCents,
      delivery,
      ...(link.customerId ? { customerId: link.customerId } : {}),
      paysFor: linkPaidBy(link.id),
    });
    await setPaymentLinkOrder(tx, link.id, orderId);
    await insertAuditEvent(tx, {
      actor: 'payer',
      action: 'payment_link_attempt',
      orderId,
      amountCents: link.totalCents,
      outcome: 'success',
      detail: `link ${link.id}: sent to the payment page`,
    });
    return { orderId, requestId };
  });
  return {
    ...attempt,
    amount: centsToDollars(found.link.totalCents),
    paymentUrl: deps.gateway.hostedPaymentUrl({
      orderId: attempt.orderId,
      amountCents: found.link.totalCents,
      returnUrl: returnUrlOf(redirectUrl, attempt.requestId),
      billZip: found.link.deliveryZip,
    }),
  };
}
