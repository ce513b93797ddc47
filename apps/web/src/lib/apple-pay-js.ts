/**
 * The part of Apple Pay JS the store uses (Safari's `ApplePaySession`), typed here: Apple publishes no
 * type package. The sandbox wallet implements the same surface.
 */
export interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string; type?: 'final' | 'pending' };
  /** What the sheet must hand over of the shipping contact: 'email', 'name', 'phone', 'postalAddress'. */
  requiredShippingContactFields?: string[];
}

/** Apple's ApplePayPaymentContact: the fields the store asked for, as the shopper chose them. */
export interface ApplePayPaymentContact {
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  addressLines?: string[];
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  countryCode?: string;
}

export interface ApplePayPaymentToken {
  paymentData: unknown;
  paymentMethod: { displayName: string; network: string; type: string };
  transactionIdentifier: string;
}

export interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized:
    | ((event: {
        payment: { token: ApplePayPaymentToken; shippingContact?: ApplePayPaymentContact };
      }) => void)
    | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: number | { status: number }): void;
}

export interface ApplePaySessionClass {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionInstance;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
  canMakePayments(): boolean;
  supportsVersion(version: number): boolean;
}

/** Safari's ApplePaySession, or the sandbox wallet's, when the browser has one. */
export function applePaySession(): ApplePaySessionClass | undefined {
  return (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
}

/** Whether Apple Pay can be offered here: a session class that says this device can pay. */
export function canUseApplePay(): boolean {
  try {
    return applePaySession()?.canMakePayments() === true;
  } catch {
    return false;
  }
}
