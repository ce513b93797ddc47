import { CANCELLED_ON_PAYMENT_PAGE, type FailedAttempt, type FailedAttemptOutcome } from '@store/core';
import { authorizationAnswerOf } from '../../gateway/cardpointe-codes';

/**
 * Why a payment attempt took no money, from what its payment request keeps (decision 031): how it ended
 * (recorded with it), the message recorded with it, and the gateway's response code. What a code means is
 * the gateway adapter's to say (`authorizationAnswerOf`); the code itself is passed on as sent, for the
 * operator (the Failed list, its CSV, the order page).
 */
export function failedAttemptOf(
  request: {
    failure: FailedAttemptOutcome;
    message: string | null;
    respcode: string | null;
  },
  paidWith: string,
): FailedAttempt {
  const message = request.message?.trim() || null;
  const respcode = request.respcode?.trim() || undefined;
  switch (request.failure) {
    case 'declined': {
      if (!respcode) {
        return {
          outcome: 'declined',
          // Refused without a response code (before any authorization, or recorded before codes were kept):
          // the message recorded is all there is.
          reason: message ?? 'Declined; the gateway gave no reason.',
          paidWith,
        };
      }
      const answer = authorizationAnswerOf({ respcode, resptext: message });
      if (answer.approved) {
        // Approved by the issuer, but voided or lapsed at the gateway before the store confirmed it.
        return {
          outcome: 'declined',
          reason: 'Approved, but the authorization was voided or had expired before the store confirmed it.',
          respcode,
          paidWith,
        };
      }
      return {
        outcome: 'declined',
        reason: answer.meaning,
        respcode,
        ...(answer.advice ? { advice: answer.advice, adviceText: answer.adviceText } : {}),
        paidWith,
      };
    }
    case 'abandoned':
      return {
        outcome: 'abandoned',
        reason:
          message === CANCELLED_ON_PAYMENT_PAGE
            ? 'The shopper pressed Cancel on the payment page, and the gateway has no payment for it.'
            : 'The shopper never came back from the payment page, and the gateway has no payment for it.',
        paidWith,
      };
    case 'not_confirmed':
      return {
        outcome: 'not_confirmed',
        reason:
          'The gateway did not answer in time; the store made sure nothing is held or charged (it voided the authorization, or the gateway had none).',
        paidWith,
      };
    case 'superseded':
      return {
        outcome: 'superseded',
        // What the payer was told: why the cart or link could no longer be paid by it (decision 047).
        reason:
          `Paid when it could no longer be, so the store voided it and recorded nothing. ${message ?? ''}`.trim(),
        ...(respcode ? { respcode } : {}),
        paidWith,
      };
    case 'failed':
      return {
        outcome: 'failed',
        reason: message ?? 'The payment was not completed.',
        ...(respcode ? { respcode } : {}),
        paidWith,
      };
  }
}
