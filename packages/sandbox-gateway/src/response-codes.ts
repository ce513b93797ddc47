import type { CardBehaviour } from './test-cards';

export type RespStat = 'A' | 'B' | 'C';

/** The four fields CardPointe uses to say how a request went. `resptext` is at most 40 characters there. */
export interface ResponseCode {
  respstat: RespStat;
  respcode: string;
  resptext: string;
  respproc: string;
}

/** Answers from the card processor (Rapid Connect in CardPointe's UAT). */
const PROCESSOR = 'RPCT';
/** Answers from the gateway itself, before or instead of the processor. */
const GATEWAY = 'PPS';

export const APPROVAL: ResponseCode = {
  respstat: 'A',
  respcode: '00',
  resptext: 'Approval',
  respproc: PROCESSOR,
};
export const REFUND_APPROVAL: ResponseCode = { ...APPROVAL, respproc: GATEWAY };

function gatewayDecline(respcode: string, resptext: string): ResponseCode {
  return { respstat: 'C', respcode, resptext, respproc: GATEWAY };
}

/** Declines and refusals the gateway gives; the texts are CardPointe's where it has one that fits. */
export const GATEWAY_RESPONSES = {
  txnNotFound: gatewayDecline('29', 'Txn not found'),
  invalidMerchant: gatewayDecline('21', 'Invalid merchant ID'),
  invalidCardNumber: gatewayDecline('11', 'Invalid card number'),
  invalidToken: gatewayDecline('98', 'Invalid token'),
  unknownCardType: gatewayDecline('33', 'Unknown card type'),
  wrongCurrency: gatewayDecline('32', 'Wrong currency for merch'),
  notApproved: gatewayDecline('94', 'Txn was not approved'),
  isRefund: gatewayDecline('94', 'Txn is a refund'),
  alreadyCaptured: gatewayDecline('94', 'Txn already captured'),
  voided: gatewayDecline('94', 'Txn voided'),
  authorizationExpired: gatewayDecline('94', 'Authorization expired'),
  /** The capture is in a batch already: it can no longer be voided (CardPointe's 27). */
  batched: gatewayDecline('27', 'Txn Batched'),
  /** A refund of a capture not settled yet, for a merchant not set up for unsettled refunds (CardPointe's 28). */
  notSettled: gatewayDecline('28', 'Txn not settled'),
  refundedUseRefund: gatewayDecline('94', 'Txn partly refunded: refund the rest instead'),
  partialVoid: gatewayDecline('94', 'Partial void not supported'),
  notCaptured: gatewayDecline('28', 'Txn not captured: void it instead'),
  fullyRefunded: gatewayDecline('94', 'Txn already fully refunded'),
  captureOverAuthorized: gatewayDecline('43', 'Amount exceeds authorized amount'),
  refundOverCaptured: gatewayDecline('43', 'Amount exceeds refundable amount'),
  timedOut: { respstat: 'B', respcode: '62', resptext: 'Timed out', respproc: GATEWAY },
  profileSaved: { respstat: 'A', respcode: '09', resptext: 'Profile Saved', respproc: GATEWAY },
  profileDeleted: { respstat: 'A', respcode: '08', resptext: 'Profile Deleted', respproc: GATEWAY },
  profileNotFound: gatewayDecline('96', 'Profile not found'),
} as const satisfies Record<string, ResponseCode>;

function processorDecline(respcode: string, resptext: string): ResponseCode {
  return { respstat: 'C', respcode, resptext, respproc: PROCESSOR };
}

export const EXPIRED_CARD = processorDecline('54', 'Expired card');

/** The fixed outcome of a test card, or undefined when the card is an ordinary one. */
export function testCardResponse(behaviour: CardBehaviour): ResponseCode | undefined {
  switch (behaviour) {
    case 'do_not_honor':
      return processorDecline('05', 'Do not honor');
    case 'expired_card':
      return EXPIRED_CARD;
    case 'insufficient_funds':
      return processorDecline('51', 'Insufficient funds');
    case 'timeout':
      return GATEWAY_RESPONSES.timedOut;
    case 'approve':
      return undefined;
  }
}

const AMOUNT_DRIVEN_TEXTS: Readonly<Record<string, string>> = {
  '005': 'Do not honor',
  '014': 'Invalid card number',
  '041': 'Lost card',
  '043': 'Stolen card',
  '051': 'Insufficient funds',
  '054': 'Expired card',
  '057': 'Transaction not permitted',
  '061': 'Exceeds withdrawal limit',
  '065': 'Activity limit exceeded',
  '100': 'Do not honor',
  '101': 'Expired card',
  '102': 'Suspected fraud',
  '104': 'Restricted card',
  '107': 'Call for authorization',
  '110': 'Invalid amount',
  '116': 'Not sufficient funds',
  '121': 'Exceeds withdrawal amount',
};

/**
 * CardPointe UAT: an authorization of $1000.00 to $1999.99 declines with the last three digits of the whole
 * dollar amount as the response code ($1005.00 → '005'), so every decline path can be tried from a checkout.
 */
export function amountDrivenResponse(amountCents: number): ResponseCode | undefined {
  const wholeDollars = Math.floor(amountCents / 100);
  if (wholeDollars < 1000 || wholeDollars > 1999) return undefined;
  const respcode = String(wholeDollars % 1000).padStart(3, '0');
  return processorDecline(respcode, AMOUNT_DRIVEN_TEXTS[respcode] ?? 'Declined');
}

/** The ACH processor (PSTR in CardPointe's reference). */
const ACH_PROCESSOR = 'PSTR';

/** An ACH debit on a routing number that is no bank's: the processor's exception, as CardPointe reports it. */
export function invalidRoutingNumber(routing: string): ResponseCode {
  return {
    respstat: 'C',
    respcode: '99',
    resptext: `The RoutingNumber (${routing}) is not a valid Routing Number.`,
    respproc: ACH_PROCESSOR,
  };
}

/**
 * An ACH debit on an account number of fewer than 4 or more than 17 digits: the processor's exception. Its
 * own text quotes the number; the sandbox leaves the number out, as it keeps no account numbers.
 */
export function invalidAccountNumberLength(): ResponseCode {
  return {
    respstat: 'C',
    respcode: '99',
    resptext: 'The AccountNumber must be between 4 and 17 digits long.',
    respproc: ACH_PROCESSOR,
  };
}

export const ACH_APPROVAL: ResponseCode = { ...APPROVAL, respproc: ACH_PROCESSOR };
export const INVALID_ACCOUNT_TYPE = processorDecline('114', 'Invalid account type');
