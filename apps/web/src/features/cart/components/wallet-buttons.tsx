/// <reference types="googlepay" />
import { ADDRESS_COUNTRIES, centsToDecimalString } from '@store/core';
import GooglePayButton from '@google-pay/button-react';
import { useState } from 'react';
import { WALLET_CARD_NETWORKS } from '../../../config/payment';
import { canUseApplePay } from '../../../lib/apple-pay-js';
import { installSandboxApplePay } from '../../../lib/sandbox-wallet/apple-pay-session';
import { installSandboxGooglePay } from '../../../lib/sandbox-wallet/google-payments-client';
import { useWalletConfig } from '../api/wallet-config';
import { WALLET_MESSAGES } from '../hooks/use-checkout';
import { deliveryFromGooglePay, type DeliveryInput } from '../utils/wallet-delivery';
import styles from './wallet-buttons.module.css';

export interface WalletButtonsProps {
  totalCents: number;
  disabled: boolean;
  onGooglePayToken(token: string | undefined, delivery: DeliveryInput): void;
  /** Starts Apple Pay: called in the click itself, as Safari requires. */
  onApplePay(merchantName: string): void;
  onProblem(message: string): void;
}

/**
 * Apple Pay (Apple's button style) and Google Pay (Google's own button package) for the cart's total. With the sandbox gateway the sandbox
 * wallet stands in for Google's pay.js, so the same button runs anywhere; otherwise pay.js loads from Google.
 */
export function WalletButtons({
  totalCents,
  disabled,
  onGooglePayToken,
  onApplePay,
  onProblem,
}: WalletButtonsProps) {
  const config = useWalletConfig();
  const [googlePayReady, setGooglePayReady] = useState<boolean | null>(null);
  if (!config.data) return null;
  const { googlePay, applePay, sandboxWalletUrl } = config.data;
  // Before the buttons mount: Google's package takes a PaymentsClient already on the page over pay.js,
  // and Apple Pay is offered where an ApplePaySession says the device can pay.
  if (sandboxWalletUrl) {
    installSandboxGooglePay(sandboxWalletUrl);
    installSandboxApplePay(sandboxWalletUrl);
  }
  const showApplePay = applePay.available && canUseApplePay();

  return (
    <div className={styles.wallets} inert={disabled} aria-disabled={disabled}>
      <p className={styles.divider}>
        <span>or pay with</span>
      </p>
      {showApplePay && (
        <button
          type="button"
          className={styles.applePay}
          lang="en"
          aria-label="Pay with Apple Pay"
          onClick={() => onApplePay(applePay.displayName)}
        >
          <span className={styles.applePayText}>Pay with Apple Pay</span>
        </button>
      )}
      {googlePayReady === false ? (
        <p className={styles.unavailable}>{WALLET_MESSAGES.googlePayUnavailable}</p>
      ) : (
        <GooglePayButton
          className={styles.googlePay}
          environment={googlePay.environment}
          buttonType="pay"
          buttonColor="black"
          buttonSizeMode="fill"
          paymentRequest={{
            apiVersion: 2,
            apiVersionMinor: 0,
            allowedPaymentMethods: [
              {
                type: 'CARD',
                parameters: {
                  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
                  allowedCardNetworks: [...WALLET_CARD_NETWORKS],
                },
                tokenizationSpecification: {
                  type: 'PAYMENT_GATEWAY',
                  parameters: { gateway: 'cardconnect', gatewayMerchantId: googlePay.gatewayMerchantId },
                },
              },
            ],
            // Google's merchant id is needed in PRODUCTION only; TEST goes without.
            merchantInfo: {
              merchantName: googlePay.merchantName,
              ...(googlePay.merchantId ? { merchantId: googlePay.merchantId } : {}),
            } as google.payments.api.MerchantInfo,
            // The order's contact and delivery come from the sheet: the shopper types nothing in the store.
            emailRequired: true,
            shippingAddressRequired: true,
            shippingAddressParameters: {
              allowedCountryCodes: [...ADDRESS_COUNTRIES],
              phoneNumberRequired: false,
            },
            transactionInfo: {
              totalPriceStatus: 'FINAL',
              totalPriceLabel: 'Total',
              totalPrice: centsToDecimalString(totalCents),
              currencyCode: 'USD',
              countryCode: 'US',
            },
          }}
          onReadyToPayChange={({ isReadyToPay }) => setGooglePayReady(isReadyToPay)}
          onLoadPaymentData={(paymentData) =>
            onGooglePayToken(
              paymentData.paymentMethodData?.tokenizationData?.token || undefined,
              deliveryFromGooglePay(paymentData),
            )
          }
          onCancel={() => undefined}
          onError={() => onProblem(WALLET_MESSAGES.googlePayFailed)}
        />
      )}
    </div>
  );
}
