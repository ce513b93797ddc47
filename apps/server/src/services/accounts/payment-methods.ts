import { randomBytes } from 'node:crypto';
import type { PaymentMethodForm, SavedPaymentMethod } from '@store/core';
import type { Orm } from '../../db/client';
import {
  deleteSavedMethod,
  findCustomer,
  findSavedMethod,
  insertSavedMethod,
  listSavedMethods,
  makeDefaultMethod,
  setGatewayProfileId,
  type CustomerRow,
  type SavedMethodRow,
} from '../../db/customer-store';
import {
  claimCardEntry,
  claimFrameToken,
  claimIssuedToken,
  recordCardEntry,
  recordIssuedToken,
} from '../../db/token-store';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';
import { refusalError } from '../checkout/shopper-answers';
import { toSavedMethod } from './customer-accounts';
import { beginCustomerAttempt } from './throttles';
import { digestOfSecret } from './secret-digest';

/**
 * Saved cards and bank accounts on the gateway's stored profiles (CardPointe's profile service): the
 * store keeps the profile and account ids and what a person may be shown, never a card or account number.
 */
export interface PaymentMethodDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  publicUrl: string;
}

/** Where a card number may be typed: the gateway's frame, and the proxy only when the shop opts in. */
export interface CardEntryDependencies extends PaymentMethodDependencies {
  /** The gateway's iFrame Tokenizer page with the form's parameters, where card numbers are typed. */
  cardFrameUrl: string;
  /** `tokenize-proxy` takes card numbers too (the shop then files SAQ D): off unless set. */
  tokenizeProxyAcceptsCards: boolean;
}

const NOT_FOUND = 'Payment method not found';

export async function customerOf(orm: Orm, customerId: string): Promise<CustomerRow> {
  const customer = await findCustomer(orm, customerId);
  if (!customer) throw new AppError('not_found', 'Account not found');
  return customer;
}

export async function methodOf(orm: Orm, customerId: string, methodId: string): Promise<SavedMethodRow> {
  // Scoped to the caller: someone else's method is "not found", never a hint that it exists.
  const method = await findSavedMethod(orm, customerId, methodId);
  if (!method) throw new AppError('not_found', NOT_FOUND);
  return method;
}

/** How long a token from the tokenize-proxy may be saved: the Add Payment Method dialog saves at once. */
export const ISSUED_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** How long after the card frame opened a card typed in it may be saved (decision 054). */
const CARD_ENTRY_LIFETIME_MS = 15 * 60 * 1000;
/** The answer to a card number sent to the store: they are typed in the gateway's frame. */
const CARD_NUMBERS_IN_FRAME = 'Card numbers are entered in the secure card field';

/** Who is asking, as the limits and the token binding see it. */
export interface CustomerRequest {
  customerId: string;
  clientAddress: string;
  /** The digest of the customer's session token. */
  sessionDigest: string;
}

/**
 * Opens the card frame for a signed-in customer's session: the frame's address, and the id with which the
 * one card typed in it may be saved by this session within CARD_ENTRY_LIFETIME_MS. Limited per customer
 * and per address; saving the card is limited as every save is.
 */
export async function openCardEntry(
  deps: CardEntryDependencies,
  input: CustomerRequest,
): Promise<{ entryId: string; frameUrl: string }> {
  await beginCustomerAttempt(deps.orm, 'card-entry', input);
  const entryId = randomBytes(24).toString('base64url');
  await recordCardEntry(deps.orm, {
    entryDigest: digestOfSecret(entryId),
    customerId: input.customerId,
    sessionDigest: input.sessionDigest,
  });
  return { entryId, frameUrl: deps.cardFrameUrl };
}

/**
 * Tokenizes a card (number and expiry) or a bank account (`routing/account`) with CardSecure for a signed-in
 * customer, limited per customer and per address, and notes that the token was issued to this customer in
 * this session: only then may it be saved. The number goes to the gateway and nowhere else.
 */
export async function tokenizePaymentMethod(
  deps: CardEntryDependencies,
  input: CustomerRequest & { form: PaymentMethodForm },
): Promise<{ token: string; type: 'CC' | 'ACH' }> {
  const { form } = input;
  const card = form.mode === 'CC';
  // The card number has reached the store already; it goes no further, and nothing of it is kept.
  if (card && !deps.tokenizeProxyAcceptsCards) throw new AppError('invalid', CARD_NUMBERS_IN_FRAME);
  await beginCustomerAttempt(deps.orm, 'tokenize', input);
  const tokenized = await deps.gateway.tokenize(
    card
      ? {
          account: form.accountNumber.replace(/\s/g, ''),
          expiry: `${form.expiryMonth!.padStart(2, '0')}${form.expiryYear!.slice(-2)}`,
        }
      : { account: `${form.routingNumber}/${form.accountNumber.trim()}` },
  );
  if (!tokenized.ok) throw refusalError(tokenized, 'Tokenization failed');
  await recordIssuedToken(deps.orm, {
    tokenDigest: digestOfSecret(tokenized.value.token),
    customerId: input.customerId,
    sessionDigest: input.sessionDigest,
  });
  return { token: tokenized.value.token, type: form.mode };
}

export interface SavePaymentMethodInput extends CustomerRequest {
  tokenId: string;
  /** The card frame's entry the token was typed in; none for a token from the tokenize-proxy. */
  cardEntryId?: string;
  paymentType: 'CC' | 'ACH';
  holderName: string;
  expiryMonth?: string;
  expiryYear?: string;
  bankName?: string;
  accountType?: 'CHECKING' | 'SAVINGS';
  routingNumberLast4?: string;
}

/** A card is good through the last day of its expiry month, wherever its holder is (UTC−12 ends last). */
export function isCardExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1) + 12 * 60 * 60 * 1000;
  return now.getTime() >= endOfMonth;
}

function checkSaveInput(input: SavePaymentMethodInput) {
  if (input.paymentType === 'CC') {
    const month = Number(input.expiryMonth);
    const year = Number(input.expiryYear);
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000) {
      throw new AppError('invalid', 'Valid expiration date is required');
    }
    if (isCardExpired({ month, year })) throw new AppError('invalid', CARD_EXPIRED);
    return { month, year };
  }
  if (!input.bankName?.trim()) throw new AppError('invalid', 'Bank name is required');
  if (!/^\d{4}$/.test(input.routingNumberLast4 ?? '')) {
    throw new AppError('invalid', 'Please enter a valid 9-digit routing number');
  }
  return undefined;
}

export const CARD_EXPIRED = 'This card has expired. Check the expiration date, or use another card.';
/**
 * A token this customer's session did not get from the store's tokenize-proxy or type in a card frame it
 * opened, or one saved already.
 */
const TOKEN_NOT_ISSUED = 'Please enter the card or bank account again to save it.';

/**
 * Whether this customer's session may save this token, once (decision 054): a card typed in a frame the
 * session opened (an entry not used yet, opened at most CARD_ENTRY_LIFETIME_MS ago) with a token no one
 * saved before, or a token the tokenize-proxy issued to the session and no one saved since.
 */
async function claimToken(orm: Orm, input: SavePaymentMethodInput, customerId: string): Promise<boolean> {
  const token = {
    tokenDigest: digestOfSecret(input.tokenId),
    customerId,
    sessionDigest: input.sessionDigest,
  };
  if (input.cardEntryId === undefined) {
    return claimIssuedToken(orm, { ...token, issuedAfter: new Date(Date.now() - ISSUED_TOKEN_LIFETIME_MS) });
  }
  if (input.paymentType !== 'CC') return false;
  const entry = await claimCardEntry(orm, {
    entryDigest: digestOfSecret(input.cardEntryId),
    customerId,
    sessionDigest: input.sessionDigest,
    openedAfter: new Date(Date.now() - CARD_ENTRY_LIFETIME_MS),
  });
  return entry && (await claimFrameToken(orm, token));
}

/**
 * Keeps a tokenized card or bank account in the customer's gateway profile (made with the first method)
 * and locally as display fields. Only a token this customer's session received (claimToken), once, and
 * limited per customer and per address: a token made at CardSecure without the store, or saved before, is
 * refused. The brand is the gateway's BIN answer and the last 4 the token's, not what the browser says.
 */
export async function savePaymentMethod(
  deps: PaymentMethodDependencies,
  input: SavePaymentMethodInput,
): Promise<SavedPaymentMethod> {
  const expiry = checkSaveInput(input);
  const customer = await customerOf(deps.orm, input.customerId);
  await beginCustomerAttempt(deps.orm, 'save-method', input);
  if (!(await claimToken(deps.orm, input, customer.id)))
    throw new AppError('unprocessable', TOKEN_NOT_ISSUED);
  let brand: string | undefined;
  if (expiry) {
    const bin = await deps.gateway.cardBin(input.tokenId);
    if (!bin.ok) throw refusalError(bin, 'Failed to save payment method');
    // A token the gateway cannot tell the card of: not one it made, or a card this store does not take.
    if (bin.value.brand === 'UNKNOWN') throw new AppError('unprocessable', 'Failed to save payment method');
    brand = bin.value.brand;
  }
  const hasMethods = (await listSavedMethods(deps.orm, customer.id)).length > 0;
  const saveAt = (profileId: string | undefined) =>
    deps.gateway.saveProfileAccount({
      profileId,
      token: input.tokenId,
      ...(expiry
        ? { expiry: `${String(expiry.month).padStart(2, '0')}${String(expiry.year).slice(-2)}` }
        : { accountType: input.accountType === 'SAVINGS' ? 'ESAV' : 'ECHK' }),
      name: input.holderName,
      email: customer.email,
      makeDefault: !hasMethods,
    });
  let saved = await saveAt(customer.gatewayProfileId ?? undefined);
  if (!saved.ok) throw refusalError(saved, 'Failed to save payment method');
  if (
    !customer.gatewayProfileId &&
    !(await setGatewayProfileId(deps.orm, customer.id, saved.value.profileId))
  ) {
    // Another request made this customer's profile at the same moment: keep the account in that one.
    const winner = (await customerOf(deps.orm, customer.id)).gatewayProfileId!;
    await deps.gateway.deleteProfileAccount(saved.value);
    saved = await saveAt(winner);
    if (!saved.ok) throw refusalError(saved, 'Failed to save payment method');
  }
  const row = await insertSavedMethod(deps.orm, {
    customerId: customer.id,
    kind: expiry ? 'card' : 'ach',
    gatewayAccountId: saved.value.accountId,
    cardBrand: brand ?? null,
    last4: input.tokenId.slice(-4),
    holderName: input.holderName,
    expiryMonth: expiry?.month ?? null,
    expiryYear: expiry?.year ?? null,
    bankName: expiry ? null : input.bankName!.trim(),
    accountType: expiry ? null : (input.accountType ?? 'CHECKING'),
    routingNumberLast4: expiry ? null : input.routingNumberLast4!,
  });
  return toSavedMethod(row);
}

export async function listPaymentMethods(orm: Orm, customerId: string): Promise<SavedPaymentMethod[]> {
  return (await listSavedMethods(orm, customerId)).map(toSavedMethod);
}

/** Removes a method from the gateway profile and the store; another one becomes the default if needed. */
export async function removePaymentMethod(
  deps: PaymentMethodDependencies,
  input: { customerId: string; methodId: string },
): Promise<void> {
  const method = await methodOf(deps.orm, input.customerId, input.methodId);
  const customer = await customerOf(deps.orm, input.customerId);
  const profileId = customer.gatewayProfileId!;
  const deleted = await deps.gateway.deleteProfileAccount({ profileId, accountId: method.gatewayAccountId });
  if (!deleted.ok) throw refusalError(deleted, 'Failed to remove payment method');
  const { newDefault } = await deleteSavedMethod(deps.orm, input.customerId, input.methodId);
  if (newDefault) {
    // The store always names the account it charges; the gateway's default is kept in step all the same.
    await deps.gateway.setDefaultProfileAccount({ profileId, accountId: newDefault.gatewayAccountId });
  }
}

export async function setDefaultPaymentMethod(
  deps: PaymentMethodDependencies,
  input: { customerId: string; methodId: string },
): Promise<void> {
  const method = await methodOf(deps.orm, input.customerId, input.methodId);
  const customer = await customerOf(deps.orm, input.customerId);
  const updated = await deps.gateway.setDefaultProfileAccount({
    profileId: customer.gatewayProfileId!,
    accountId: method.gatewayAccountId,
  });
  if (!updated.ok) throw refusalError(updated, 'Failed to set default payment method');
  if (!(await makeDefaultMethod(deps.orm, input.customerId, input.methodId))) {
    throw new AppError('not_found', NOT_FOUND);
  }
}
