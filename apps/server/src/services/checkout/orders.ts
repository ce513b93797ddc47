import { randomBytes, randomUUID } from 'node:crypto';
import { orderChannelOf, type CartLine, type OrderChannel, type OrderDelivery } from '@store/core';
import {
  insertOrderWithPaymentRequest,
  releaseOlderAttempts,
  type PaymentRequestPayer,
  type PaysFor,
} from '../../db/checkout-store';
import { databaseRefusalOf, type Orm } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';
import type { Log } from '../../log';
import { catalogRefusalOf, priceCart } from '../catalog/catalog';
import { CART_PAID_ALREADY } from './attempts';

/**
 * Checkout: how a shopper's order becomes an authorization, by channel (docs/payment-lifecycle.md,
 * "Authorize"). Every channel records the order here first, priced by the server:
 * - the hosted payment page (`hosted-page.ts`): the shopper pays at the gateway, the store confirms it;
 * - a saved card or bank account (`saved-method.ts`) and Google Pay / Apple Pay (`wallet.ts`): the store
 *   asks the gateway itself, and `server-payments.ts` settles the answer (or its loss);
 * - what shoppers are told of a refusal is written once, in `shopper-answers.ts`.
 */

export interface CheckoutDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  /** Where shoppers reach the store; the only place the hosted page may send them back to. */
  publicUrl: string;
  /** Set when Apple Pay runs in test mode: why, for the result page's notice (product §2). */
  applePayTestModeReason?: string;
  /** Where the unexpected is reported; nothing is written without one. */
  log?: Log;
}

const RECEIPT_TOKEN_BYTES = 32;
/** Random bytes drawn ahead for the next receipt tokens, each handed out once (as Node does for UUIDs). */
let tokenEntropy = Buffer.alloc(0);
let tokenEntropyUsed = 0;

/**
 * A receipt link's token: 256 random bits, as unguessable as a session's (decision 027). The bytes come from
 * the system's generator 128 tokens at a time: drawing 32 bytes for every checkout cost more than the rest of
 * the token's work.
 */
export function newReceiptToken(): string {
  if (tokenEntropyUsed + RECEIPT_TOKEN_BYTES > tokenEntropy.length) {
    tokenEntropy = randomBytes(RECEIPT_TOKEN_BYTES * 128);
    tokenEntropyUsed = 0;
  }
  const token = tokenEntropy.toString('base64url', tokenEntropyUsed, tokenEntropyUsed + RECEIPT_TOKEN_BYTES);
  tokenEntropyUsed += RECEIPT_TOKEN_BYTES;
  return token;
}

/**
 * Prices the cart from the catalog, refuses an amount that differs, and records the order with its
 * contact, delivery address and payment request (for a saved method, whose and which), all at once.
 * Answers the request id the browser verifies.
 */
export async function recordOrder(
  orm: Orm,
  input: {
    orderId: string;
    /** How the order is paid: its id must carry this channel's prefix. */
    channel: OrderChannel;
    customerName: string;
    items: CartLine[];
    amountCents: number;
    /** Who the order is for and where it goes, as checked by the request's schema. */
    delivery: OrderDelivery;
    /** The signed-in customer whose order it is (theirs to see in My Account), whatever the channel. */
    customerId?: string;
    /** Who pays and how, as far as known before the gateway is asked. */
    payer?: PaymentRequestPayer;
    /** The cart or payment link it pays for (decision 047): refused when that is paid already. */
    paysFor?: PaysFor;
  },
): Promise<{ requestId: string; totalCents: number }> {
  if (orderChannelOf(input.orderId) !== input.channel) {
    throw new AppError('invalid', 'Order ID is not valid');
  }
  const totals = await priceCart(orm, input.items, input.amountCents);
  const requestId = randomUUID();
  const order = {
    id: input.orderId,
    channel: input.channel,
    customerName: input.customerName,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    delivery: input.delivery,
    customerId: input.customerId,
    receiptToken: newReceiptToken(),
    lines: totals.lines.map(({ productId, productName, unitPriceCents, quantity, lineTotalCents }) => ({
      productId,
      productName,
      unitPriceCents,
      quantity,
      lineTotalCents,
    })),
  };
  const write = () => insertOrderWithPaymentRequest(orm, order, requestId, input.payer, input.paysFor);
  const { inserted, cartPaid } = await write().catch(async (error: unknown) => {
    // Too few units, perhaps because an older attempt of the same cart holds them (Back, then Pay again):
    // that attempt may no longer be paid (decision 047), so its units go back and the order is written again.
    if (input.paysFor && databaseRefusalOf(error)?.code === 'CT003') {
      await releaseOlderAttempts(orm, input.paysFor);
      return write().catch(async (again: unknown) => {
        throw (await catalogRefusalOf(orm, again)) ?? again;
      });
    }
    throw (await catalogRefusalOf(orm, error)) ?? error;
  });
  if (cartPaid) throw new AppError('conflict', CART_PAID_ALREADY);
  if (!inserted) throw new AppError('conflict', 'This order ID has already been used');
  return { requestId, totalCents: totals.totalCents };
}
