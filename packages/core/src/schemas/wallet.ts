import { z } from 'zod';
import { cartIdSchema, cartItemsSchema, dollarAmountSchema, orderIdSchema } from './checkout';
import { orderDeliverySchema } from './delivery';

const BODY_MUST_BE_OBJECT = { error: 'The request body must be a JSON object' };

/** A wallet's encrypted payload, as the wallet hands it over (a few kilobytes at most). */
const paymentTokenSchema = z
  .string({ error: 'No payment token found in Google Pay or Apple Pay response' })
  .min(1, 'No payment token found in Google Pay or Apple Pay response')
  .max(12_000, 'The payment token is too long');

const optionalUserId = z.string().max(100).optional();
const optionalEmail = z.string().max(254).optional();

/** POST /api/googlepay/process-with-googlepay (product §7), with the cart lines the server prices. */
export const processWithGooglePayRequestSchema = z.object(
  {
    paymentToken: paymentTokenSchema,
    amount: dollarAmountSchema,
    orderId: orderIdSchema,
    userId: optionalUserId,
    email: optionalEmail,
    gateway: z.literal('cardconnect', { error: 'gateway must be cardconnect' }),
    items: cartItemsSchema,
    /** The email and shipping address the wallet's sheet returned. */
    delivery: orderDeliverySchema,
    cartId: cartIdSchema,
  },
  BODY_MUST_BE_OBJECT,
);
export type ProcessWithGooglePayRequest = z.input<typeof processWithGooglePayRequestSchema>;

const NO_TOKEN = 'No payment token found in Google Pay or Apple Pay response';
const base64 = z
  .string()
  .min(1)
  .max(8_000)
  .regex(/^[A-Za-z0-9+/=]+$/, 'Apple Pay token field is not base64');

/** Apple Pay's PKPaymentToken.paymentData (EC_v1), as CardSecure takes it apart into `devicedata`. */
export const applePayPaymentDataSchema = z.object({
  version: z.literal('EC_v1', { error: 'Apple Pay token version must be EC_v1' }),
  data: base64,
  signature: base64,
  header: z.object({
    ephemeralPublicKey: base64,
    publicKeyHash: base64,
    transactionId: z.string().regex(/^[0-9a-fA-F]{1,128}$/, 'Apple Pay transaction id is not hex'),
    applicationData: z
      .string()
      .regex(/^[0-9a-fA-F]{0,128}$/)
      .optional(),
  }),
});
export type ApplePayPaymentData = z.output<typeof applePayPaymentDataSchema>;

/**
 * The browser sends `event.payment.token` (an object with `paymentData`), or that object as JSON text;
 * either way the server keeps only `paymentData`.
 */
const applePayTokenSchema = z
  .unknown()
  .transform((value, context) => {
    let token: unknown = value;
    if (typeof value === 'string') {
      try {
        token = JSON.parse(value);
      } catch {
        token = undefined;
      }
    }
    const paymentData =
      typeof token === 'object' && token !== null && 'paymentData' in token ? token.paymentData : token;
    if (paymentData === undefined || paymentData === null || paymentData === '') {
      context.addIssue({ code: 'custom', message: NO_TOKEN });
      return z.NEVER;
    }
    return paymentData;
  })
  .pipe(applePayPaymentDataSchema);

/** POST /api/applepay/process-with-applepay (product §7), with the cart lines the server prices. */
export const processWithApplePayRequestSchema = z.object(
  {
    paymentToken: applePayTokenSchema,
    amount: dollarAmountSchema,
    orderId: orderIdSchema,
    userId: optionalUserId,
    email: optionalEmail,
    items: cartItemsSchema,
    /** The email and shipping address the wallet's sheet returned. */
    delivery: orderDeliverySchema,
    cartId: cartIdSchema,
  },
  BODY_MUST_BE_OBJECT,
);
export type ProcessWithApplePayRequest = z.input<typeof processWithApplePayRequestSchema>;

export const walletPaymentResponseSchema = z.object({
  status: z.literal('success'),
  transactionId: z.string(),
  /** The payment request the result page verifies, as for the hosted page. */
  requestId: z.string(),
  message: z.string(),
  /** Apple Pay only: the payment ran without Apple's real services, and why. */
  testMode: z.boolean().optional(),
  testModeReason: z.string().optional(),
});
export type WalletPaymentResponse = z.infer<typeof walletPaymentResponseSchema>;

/**
 * POST /api/googlepay/record-payment (product §7): the browser's note of a Google Pay result. It changes no
 * money: the amount it carries is compared with the order's, never used.
 */
export const recordGooglePayPaymentRequestSchema = z.object(
  {
    requestId: z.string({ error: 'Request ID is required' }).uuid('Request ID is not valid'),
    amount: z.union([z.number(), z.string()]).optional(),
    userId: optionalUserId,
    timestamp: z.union([z.number(), z.string().max(40)]).optional(),
  },
  BODY_MUST_BE_OBJECT,
);
export type RecordGooglePayPaymentRequest = z.input<typeof recordGooglePayPaymentRequestSchema>;

/** What the storefront needs to show the wallet buttons (GET /api/wallets/config). */
export const walletConfigSchema = z.object({
  /** The sandbox gateway is in use: the storefront installs the sandbox wallets, served from here. */
  sandboxWalletUrl: z.string().optional(),
  googlePay: z.object({
    environment: z.enum(['TEST', 'PRODUCTION']),
    /** Google's merchant id; required in PRODUCTION. */
    merchantId: z.string().optional(),
    merchantName: z.string(),
    /** The CardPointe merchant id, which Google puts in the token for CardSecure. */
    gatewayMerchantId: z.string(),
  }),
  applePay: z.object({
    /** False when no merchant session can be had (CardPointe without a merchant certificate). */
    available: z.boolean(),
    merchantId: z.string(),
    displayName: z.string(),
  }),
});
export type WalletConfig = z.infer<typeof walletConfigSchema>;

/** POST /api/validate-merchant (product §7). */
export const validateMerchantRequestSchema = z.object(
  {
    validationURL: z
      .string({ error: 'validationURL is required' })
      .min(1, 'validationURL is required')
      .max(2000),
  },
  BODY_MUST_BE_OBJECT,
);
export type ValidateMerchantRequest = z.input<typeof validateMerchantRequestSchema>;

/** The browser's note of a Google Pay result, answered with the order's own amount. */
export const recordGooglePayPaymentResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  amount: z.number(),
});

/** Apple's merchant session, passed to the browser as Apple gave it. */
export const merchantSessionResponseSchema = z.record(z.string(), z.unknown());
