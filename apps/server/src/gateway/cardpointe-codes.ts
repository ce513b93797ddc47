import type { DeclineAdvice } from '@store/core';

/**
 * What the gateway's answers to an authorization mean, in an operator's words (decision 029). The codes are
 * CardPointe's (its Gateway Response Codes page and UAT test data): AVS (`avsresp`) and CVV (`cvvresp`)
 * results, and the response codes (`respcode`, whose meaning depends on the processor `respproc`). Only the
 * gateway adapter knows them: the services, the core and the browser get the words and the advice.
 */

/** How a check came out, as a badge shows it. */
type CheckResult = 'match' | 'partial' | 'no_match' | 'not_checked';

export interface CheckAnswer {
  result: CheckResult;
  /** Short, for a badge. */
  label: string;
  /** One sentence, for the badge's explanation. */
  detail: string;
}

type CheckTable = Readonly<Record<string, CheckAnswer>>;

const AVS: CheckTable = {
  Y: {
    result: 'match',
    label: 'Address and ZIP match',
    detail: 'The street address and the 5-digit ZIP code match what the card issuer has on file.',
  },
  X: {
    result: 'match',
    label: 'Address and ZIP match',
    detail: 'The street address and the 9-digit ZIP code match what the card issuer has on file.',
  },
  D: {
    result: 'match',
    label: 'Address and postal code match',
    detail: 'The street address and the postal code of a card issued abroad both match.',
  },
  F: {
    result: 'match',
    label: 'Address and postal code match',
    detail: 'The street address and the postal code of a card issued in the UK both match.',
  },
  M: {
    result: 'match',
    label: 'Address and postal code match',
    detail: 'The street address and the postal code of a card issued abroad both match.',
  },
  A: {
    result: 'partial',
    label: 'Address matches, ZIP does not',
    detail: 'The street address matches what the card issuer has on file, but the ZIP code does not.',
  },
  Z: {
    result: 'partial',
    label: 'ZIP matches, address does not',
    detail: 'The ZIP code matches what the card issuer has on file, but the street address does not.',
  },
  W: {
    result: 'partial',
    label: 'ZIP matches, address does not',
    detail: 'The 9-digit ZIP code matches what the card issuer has on file, but the street address does not.',
  },
  P: {
    result: 'partial',
    label: 'Postal code matches',
    detail: 'The postal code of a card issued abroad matches; its street address could not be compared.',
  },
  B: {
    result: 'partial',
    label: 'Address matches',
    detail: 'The street address of a card issued abroad matches; its postal code could not be compared.',
  },
  N: {
    result: 'no_match',
    label: 'Address and ZIP do not match',
    detail: 'Neither the street address nor the ZIP code matches what the card issuer has on file.',
  },
  R: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: "The issuer's address check was unavailable at the time of the payment.",
  },
  S: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: 'The card issuer does not check addresses.',
  },
  U: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: 'The card issuer has no address to compare, or the address check could not be made.',
  },
  G: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: 'The address of a card issued abroad could not be checked, or its issuer does not take part.',
  },
  I: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: 'The issuer of a card issued abroad did not check the address.',
  },
  C: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: 'The address and postal code of a card issued abroad are in a format its issuer cannot compare.',
  },
  E: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: 'The address check failed with an error and was not made.',
  },
  Q: {
    result: 'not_checked',
    label: 'Address not checked',
    detail: 'The address sent did not pass the processor’s format checks, so it was not compared.',
  },
};

const NO_AVS: CheckAnswer = {
  result: 'not_checked',
  label: 'Address not checked',
  detail: 'No address check was made for this payment.',
};

const CVV: CheckTable = {
  M: {
    result: 'match',
    label: 'CVV matches',
    detail: 'The security code given matches the card.',
  },
  N: {
    result: 'no_match',
    label: 'CVV does not match',
    detail: 'The security code given does not match the card.',
  },
  P: {
    result: 'not_checked',
    label: 'CVV not checked',
    detail: 'The security code was not processed (none was given, or the issuer did not check it).',
  },
  S: {
    result: 'not_checked',
    label: 'CVV not checked',
    detail: 'The card was said to carry no security code.',
  },
  U: {
    result: 'not_checked',
    label: 'CVV not checked',
    detail: 'The card issuer cannot check security codes.',
  },
  X: {
    result: 'not_checked',
    label: 'CVV not checked',
    detail: 'The card issuer gave no answer on the security code.',
  },
};

const NO_CVV: CheckAnswer = {
  result: 'not_checked',
  label: 'CVV not checked',
  detail: 'No security code check was made for this payment.',
};

function codeOf(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

function unknownCheck(what: string, code: string): CheckAnswer {
  return {
    result: 'not_checked',
    label: `${what} not checked`,
    detail: `The gateway answered “${code}”, a result the store does not know; treat it as not checked.`,
  };
}

/** The address check's result (`avsresp`); absent or blank means no check was made. */
export function avsResultOf(code: string | null | undefined): CheckAnswer {
  const key = codeOf(code);
  if (!key) return NO_AVS;
  return AVS[key] ?? unknownCheck('Address', key);
}

/** The card security code check's result (`cvvresp`); absent or blank means no check was made. */
export function cvvResultOf(code: string | null | undefined): CheckAnswer {
  const key = codeOf(code);
  if (!key) return NO_CVV;
  return CVV[key] ?? unknownCheck('CVV', key);
}

/** A decline's advice (the core's `DeclineAdvice`), in a sentence for the operator. */
export const DECLINE_ADVICE_TEXT: Readonly<Record<DeclineAdvice, string>> = {
  retry_later: 'Retry later: the issuer may approve it on another day, or once the customer has called them.',
  do_not_retry: 'Do not retry this card: it will not be approved. Ask the customer for another way to pay.',
  fix_and_retry: 'Fix and retry: correct the details named above, then try again.',
};

export interface AuthorizationAnswer {
  approved: boolean;
  /** The answer in plain words. */
  meaning: string;
  /** For a decline: whether trying again can help. */
  advice?: DeclineAdvice;
  adviceText?: string;
}

interface Reason {
  approved?: true;
  meaning: string;
  advice?: DeclineAdvice;
  /** `<respproc>:<respcode>` pairs from CardPointe's tables. */
  codes: readonly string[];
  /** The gateway's texts for it (resptext), which name it whatever the processor. */
  texts?: RegExp;
}

const REASONS: readonly Reason[] = [
  {
    approved: true,
    meaning: 'Approved for part of the amount only.',
    codes: ['FNOR:10', 'RPCT:002', 'AMEX:002'],
    texts: /partial approval|approve for partial/i,
  },
  {
    approved: true,
    meaning: 'Approved.',
    codes: ['PPS:00', 'PPS:01', 'FNOR:00', 'RPCT:000', 'RPCT:003', 'AMEX:000', 'AMEX:001', 'AMEX:003'],
    texts: /^(approval|approved?|success)\b/i,
  },
  {
    meaning: 'The issuer refused the payment without giving a reason.',
    advice: 'retry_later',
    codes: ['FNOR:05', 'RPCT:100', 'AMEX:100', 'FNOR:51'],
    texts: /^(do not honou?r|declined?)$/i,
  },
  {
    meaning: 'Not enough money or credit is available on the card.',
    advice: 'retry_later',
    codes: ['FNOR:NU', 'RPCT:116', 'AMEX:116'],
    texts: /insufficient funds|not sufficient funds/i,
  },
  {
    meaning: 'The card has reached its spending or activity limit.',
    advice: 'retry_later',
    codes: ['FNOR:61', 'RPCT:121', 'RPCT:123', 'AMEX:121', 'FNOR:NQ', 'FNOR:NR'],
    texts: /exceeds withdrawal|activity limit|limit exceeded|freq(uency)? (limit )?exceeded/i,
  },
  {
    meaning: 'The issuer asks the customer to call them before it approves this payment.',
    advice: 'retry_later',
    codes: ['FNOR:01', 'RPCT:107', 'RPCT:108', 'AMEX:107'],
    texts: /call for authori[sz]ation|refer to (card )?issuer|call issuer/i,
  },
  {
    meaning: 'The card has expired, or the expiry date given is wrong.',
    advice: 'fix_and_retry',
    codes: ['FNOR:54', 'RPCT:101', 'RPCT:132', 'AMEX:101', 'PPS:16'],
    texts: /expired card|card expired|wrong expiration|expiry date/i,
  },
  {
    meaning: 'The card number is not valid.',
    advice: 'fix_and_retry',
    codes: ['FNOR:14', 'RPCT:131', 'RPCT:118', 'AMEX:111', 'PPS:11', 'PPS:13', 'PPS:99'],
    texts: /invalid card|invalid account number|bad card check digit|no card record/i,
  },
  {
    meaning: 'The card security code (CVV) given is wrong.',
    advice: 'fix_and_retry',
    codes: ['PPS:37', 'PPS:38', 'FNOR:C2', 'AMEX:103', 'AMEX:122'],
    texts: /cvv|cid failed|invalid cid/i,
  },
  {
    meaning: 'The billing address or ZIP code given does not match the card.',
    advice: 'fix_and_retry',
    codes: ['PPS:101', 'PPS:17', 'PPS:35'],
    texts: /avs mismatch|invalid zip|no postal code/i,
  },
  {
    meaning: 'The card was reported lost or stolen.',
    advice: 'do_not_retry',
    codes: ['RPCT:208', 'RPCT:209'],
    texts: /lost|stolen|pick ?up card/i,
  },
  {
    meaning: 'The issuer suspects fraud on this card.',
    advice: 'do_not_retry',
    codes: ['RPCT:102', 'RPCT:129'],
    texts: /fraud|counterfeit|security violation/i,
  },
  {
    meaning: 'The card may not be used for this kind of payment.',
    advice: 'do_not_retry',
    codes: ['RPCT:104', 'FNOR:57', 'FNOR:63', 'RPCT:119', 'FNOR:12', 'PPS:44'],
    texts: /restricted card|not permitted|invalid txn for card|service not allowed|prepaid not supported/i,
  },
  {
    meaning: 'The card account is closed or unknown to its issuer.',
    advice: 'do_not_retry',
    codes: ['RPCT:302', 'RPCT:303', 'RPCT:304', 'AMEX:105', 'AMEX:187', 'AMEX:188', 'FNOR:N3'],
    texts: /account closed|unknown account|inactive account|card cancel+ed|deny/i,
  },
  {
    meaning: 'The gateway does not take this kind of card.',
    advice: 'do_not_retry',
    codes: ['PPS:33'],
    texts: /unknown card type/i,
  },
  {
    meaning: 'The bank account details are not valid (routing number or account type).',
    advice: 'fix_and_retry',
    codes: ['RPCT:114', 'PPS:48'],
    texts: /routing ?number|invalid account type|echeck not supported/i,
  },
  {
    meaning: 'The amount sent was not valid for this card.',
    advice: 'fix_and_retry',
    codes: ['FNOR:13', 'RPCT:110', 'AMEX:110', 'PPS:41', 'PPS:42', 'PPS:43'],
    texts: /invalid amount|min amount|max amount|exceeds (authori[sz]ed|refundable) amount/i,
  },
  {
    meaning: 'The card token sent is not one the gateway knows.',
    advice: 'fix_and_retry',
    codes: ['PPS:98'],
    texts: /invalid token/i,
  },
  {
    meaning: "The store's merchant account is not set up for this payment (merchant id or currency).",
    advice: 'fix_and_retry',
    codes: ['PPS:21', 'PPS:31', 'PPS:32', 'PPS:97', 'FNOR:03', 'RPCT:109', 'RPCT:150', 'AMEX:109'],
    texts: /invalid merchant|currency|merchant disabled/i,
  },
  {
    meaning: 'The gateway or the card network did not answer in time; nothing was approved.',
    advice: 'retry_later',
    codes: ['PPS:61', 'PPS:62', 'FNOR:28', 'FNOR:91', 'RPCT:505', 'RPCT:516', 'AMEX:182', 'FNOR:NL'],
    texts: /timed out|line down|please retry|try later|system error|issuer unavailable/i,
  },
];

const REASONS_BY_CODE = new Map<string, Reason>(
  REASONS.flatMap((reason) => reason.codes.map((code) => [code, reason] as const)),
);

function reasonOf(respproc: string, respcode: string, resptext: string): Reason | undefined {
  const byProcessor = respproc ? REASONS_BY_CODE.get(`${respproc}:${respcode}`) : undefined;
  if (byProcessor) return byProcessor;
  // The processor is not always known (the store keeps the code and the text), and codes repeat across
  // processors with other meanings: the text names the reason more surely than the code alone.
  const byText = resptext ? REASONS.find((reason) => reason.texts?.test(resptext)) : undefined;
  if (byText) return byText;
  const byCode = REASONS.filter((reason) => reason.codes.some((code) => code.endsWith(`:${respcode}`)));
  return byCode.length === 1 ? byCode[0] : undefined;
}

/**
 * What an authorization's answer means for an operator: approved or not, in plain words, and for a
 * decline whether to retry. `respproc` (the processor that answered) is optional: without it the text
 * and the code decide. An unknown decline is not retried, the safe default for the card networks' fees
 * on repeated attempts.
 */
export function authorizationAnswerOf(answer: {
  respproc?: string | null;
  respcode: string;
  resptext?: string | null;
}): AuthorizationAnswer {
  const respproc = (answer.respproc ?? '').trim().toUpperCase();
  const respcode = answer.respcode.trim().toUpperCase();
  const resptext = (answer.resptext ?? '').trim();
  const reason = reasonOf(respproc, respcode, resptext);
  if (reason?.approved) return { approved: true, meaning: reason.meaning };
  if (reason?.advice) {
    return {
      approved: false,
      meaning: reason.meaning,
      advice: reason.advice,
      adviceText: DECLINE_ADVICE_TEXT[reason.advice],
    };
  }
  const said = resptext ? `“${resptext}”` : 'no text';
  return {
    approved: false,
    meaning: `Declined with code ${respcode || 'none'} and ${said}, an answer the store does not know.`,
    advice: 'do_not_retry',
    adviceText: DECLINE_ADVICE_TEXT.do_not_retry,
  };
}
