import { formatCents, parseDollars } from '@store/core';
import type { ApplePayPaymentRequest, ApplePayPaymentToken, ApplePaySessionInstance } from '../apple-pay-js';
import { openPaymentSheet, type SheetCard, type SheetContact } from './payment-sheet';

/** The URL the sandbox sheet gives `onvalidatemerchant`: Apple's own sandbox server, as Safari would. */
const SANDBOX_VALIDATION_URL = 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession';

/**
 * Apple's `ApplePaySession`, as the sandbox gateway plays Apple: the same events in the same order
 * (merchant validation, then the sheet, then `onpaymentauthorized` with a token, then `completePayment`),
 * a sandbox sheet instead of Apple's, and an EC_v1 token the sandbox really signs and encrypts. The sheet
 * opens only with a merchant session the sandbox gave the store.
 */
function createSandboxApplePaySession(walletUrl: string) {
  return class SandboxApplePaySession implements ApplePaySessionInstance {
    static readonly STATUS_SUCCESS = 0;
    static readonly STATUS_FAILURE = 1;

    static canMakePayments(): boolean {
      return true;
    }

    static supportsVersion(version: number): boolean {
      return version >= 1 && version <= 14;
    }

    onvalidatemerchant: ApplePaySessionInstance['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionInstance['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionInstance['oncancel'] = null;
    private ended = false;

    constructor(
      readonly version: number,
      readonly request: ApplePayPaymentRequest,
    ) {}

    begin(): void {
      // Safari asks the store to validate itself before it shows the sheet.
      queueMicrotask(() => this.onvalidatemerchant?.({ validationURL: SANDBOX_VALIDATION_URL }));
    }

    abort(): void {
      this.ended = true;
    }

    completeMerchantValidation(merchantSession: unknown): void {
      if (this.ended) return;
      void this.showSheet(merchantSession);
    }

    completePayment(): void {
      this.ended = true;
    }

    private cancel(): void {
      if (this.ended) return;
      this.ended = true;
      this.oncancel?.({});
    }

    private async showSheet(merchantSession: unknown): Promise<void> {
      const listing = (await (await fetch(`${walletUrl}/cards`)).json()) as {
        cards?: SheetCard[];
        contacts?: SheetContact[];
      };
      const total = parseDollars(this.request.total.amount);
      const choice = await openPaymentSheet({
        walletName: 'Apple Pay',
        merchantName: this.request.total.label,
        amount: total.ok ? formatCents(total.cents) : this.request.total.amount,
        cards: listing.cards ?? [],
        contacts: this.request.requiredShippingContactFields?.length ? (listing.contacts ?? []) : [],
      });
      if (choice === null || this.ended) return this.cancel();
      const response = await fetch(`${walletUrl}/apple-pay/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cardId: choice.cardId, merchantSession, amount: this.request.total.amount }),
      });
      // No token without a genuine merchant session: Apple's sheet would close the same way.
      if (!response.ok) return this.cancel();
      const { token } = (await response.json()) as { token: ApplePayPaymentToken };
      const contact = choice.contact;
      // Apple hands over the contact's name in two parts.
      const [givenName, ...familyName] = contact?.name.split(' ') ?? [];
      this.onpaymentauthorized?.({
        payment: {
          token,
          ...(contact
            ? {
                shippingContact: {
                  givenName,
                  familyName: familyName.join(' '),
                  emailAddress: contact.email,
                  phoneNumber: contact.phone,
                  addressLines: contact.addressLines,
                  locality: contact.locality,
                  administrativeArea: contact.administrativeArea,
                  postalCode: contact.postalCode,
                  countryCode: contact.countryCode,
                },
              }
            : {}),
        },
      });
    }
  };
}

/** Puts the sandbox session class where Safari has Apple's, unless the real one is there. */
export function installSandboxApplePay(walletUrl: string): void {
  const scope = window as unknown as { ApplePaySession?: unknown };
  if (scope.ApplePaySession) return;
  scope.ApplePaySession = createSandboxApplePaySession(walletUrl);
}
