/// <reference types="googlepay" />
import { formatCents, parseDollars } from '@store/core';
import styles from './google-pay-button.module.css';
import { openPaymentSheet, type SheetCard, type SheetContact } from './payment-sheet';

type PaymentsError = google.payments.api.PaymentsError;

function paymentsError(statusCode: string, statusMessage: string): PaymentsError {
  return { statusCode, statusMessage };
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Google's `google.payments.api.PaymentsClient`, as the sandbox gateway plays Google: the same methods and
 * answers, a sandbox sheet instead of Google's, and a token the sandbox really encrypts for CardSecure.
 * Google's button package finds it where pay.js would have put it, so the storefront's code is the same.
 */
function createSandboxPaymentsClient(walletUrl: string) {
  return class SandboxPaymentsClient {
    constructor(readonly options: google.payments.api.PaymentOptions) {}

    isReadyToPay(): Promise<google.payments.api.IsReadyToPayResponse> {
      return Promise.resolve({ result: true });
    }

    prefetchPaymentData(): void {}

    createButton(options: google.payments.api.ButtonOptions): HTMLElement {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = styles.button ?? '';
      button.setAttribute('aria-label', 'Pay with Google Pay');
      const mark = document.createElement('span');
      mark.className = styles.mark ?? '';
      mark.textContent = 'G';
      mark.setAttribute('aria-hidden', 'true');
      button.append('Pay with ', mark, ' Pay');
      button.addEventListener('click', (event) => options.onClick(event));
      return button;
    }

    async loadPaymentData(
      request: google.payments.api.PaymentDataRequest,
    ): Promise<google.payments.api.PaymentData> {
      const listing = await readJson(await fetch(`${walletUrl}/cards`));
      const cards = (listing.cards ?? []) as SheetCard[];
      const contacts = (listing.contacts ?? []) as SheetContact[];
      const price = request.transactionInfo?.totalPrice ?? '';
      const total = parseDollars(price);
      const allowed = request.shippingAddressParameters?.allowedCountryCodes;
      const choice = await openPaymentSheet({
        walletName: 'Google Pay',
        merchantName: request.merchantInfo?.merchantName ?? String(listing.merchantName ?? ''),
        amount: total.ok ? formatCents(total.cents) : price,
        cards,
        contacts: request.shippingAddressRequired
          ? contacts.filter((contact) => !allowed || allowed.includes(contact.countryCode))
          : [],
      });
      if (choice === null) throw paymentsError('CANCELED', 'User closed the Payment Request UI.');
      const response = await fetch(`${walletUrl}/google-pay/payment-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cardId: choice.cardId, paymentDataRequest: request }),
      });
      const body = await readJson(response);
      if (!response.ok) {
        throw paymentsError(
          body.statusCode === 'DEVELOPER_ERROR' ? 'DEVELOPER_ERROR' : 'INTERNAL_ERROR',
          String(body.statusMessage ?? body.message ?? 'The sandbox wallet could not pay'),
        );
      }
      const contact = choice.contact;
      // Google adds what the request asked for beside the payment method: the email, the shipping address.
      return {
        ...(body as unknown as google.payments.api.PaymentData),
        ...(request.emailRequired && contact ? { email: contact.email } : {}),
        ...(contact
          ? {
              shippingAddress: {
                name: contact.name,
                address1: contact.addressLines[0] ?? '',
                address2: contact.addressLines[1] ?? '',
                address3: '',
                locality: contact.locality,
                administrativeArea: contact.administrativeArea,
                postalCode: contact.postalCode,
                countryCode: contact.countryCode,
                sortingCode: '',
                ...(contact.phone ? { phoneNumber: contact.phone } : {}),
              },
            }
          : {}),
      };
    }
  };
}

/** Puts the sandbox client where Google's pay.js would, unless the real one is there. */
export function installSandboxGooglePay(walletUrl: string): void {
  const scope = window as unknown as { google?: { payments?: { api?: Record<string, unknown> } } };
  if (scope.google?.payments?.api?.PaymentsClient) return;
  scope.google = {
    ...scope.google,
    payments: { api: { PaymentsClient: createSandboxPaymentsClient(walletUrl) } },
  };
}
