/** The credentials the sandbox uses when none are configured. */
export const SANDBOX_CREDENTIALS = {
  merchantId: '800000000001',
  username: 'sandbox',
  password: 'sandbox-password',
} as const;

/** How a tokenized card behaves when authorized: the UAT test cards decline or time out on purpose. */
export type CardBehaviour = 'approve' | 'do_not_honor' | 'expired_card' | 'insufficient_funds' | 'timeout';

export interface SandboxTestCard {
  number: string;
  brand: string;
  outcome: string;
  description: string;
}

interface TestCardDefinition extends SandboxTestCard {
  behaviour: CardBehaviour;
}

const TEST_CARDS: readonly TestCardDefinition[] = [
  {
    number: '4111111111111111',
    brand: 'VISA',
    behaviour: 'approve',
    outcome: 'Approved',
    description: 'Approves, except amounts from $1000.00 to $1999.99',
  },
  {
    number: '5454545454545454',
    brand: 'MASTERCARD',
    behaviour: 'approve',
    outcome: 'Approved',
    description: 'Approves, except amounts from $1000.00 to $1999.99',
  },
  {
    number: '378282246310005',
    brand: 'AMEX',
    behaviour: 'approve',
    outcome: 'Approved',
    description: 'Approves, except amounts from $1000.00 to $1999.99 (4-digit CVV)',
  },
  {
    number: '6011000995500000',
    brand: 'DISCOVER',
    behaviour: 'approve',
    outcome: 'Approved',
    description: 'Approves, except amounts from $1000.00 to $1999.99',
  },
  {
    number: '4032100000000010',
    brand: 'VISA',
    behaviour: 'approve',
    outcome: 'Approved: prepaid card',
    description: 'Approves; the BIN service and binInfo call it a prepaid card issued in the US',
  },
  {
    number: '5555110000000013',
    brand: 'MASTERCARD',
    behaviour: 'approve',
    outcome: 'Approved: corporate card',
    description: 'Approves; the BIN service and binInfo call it a corporate card issued in the US',
  },
  {
    number: '4506000000000019',
    brand: 'VISA',
    behaviour: 'approve',
    outcome: 'Approved: issued in Canada',
    description: 'Approves; the BIN service and binInfo give Canada (CA) as its country of issue',
  },
  {
    number: '4387751111111038',
    brand: 'VISA',
    behaviour: 'do_not_honor',
    outcome: 'Declined: Do not honor (05)',
    description: 'Always declines with respstat C, respcode 05',
  },
  {
    number: '4387751111111046',
    brand: 'VISA',
    behaviour: 'expired_card',
    outcome: 'Declined: Expired card (54)',
    description: 'Always declines with respstat C, respcode 54, whatever expiry is sent',
  },
  {
    number: '4387751111111053',
    brand: 'VISA',
    behaviour: 'insufficient_funds',
    outcome: 'Declined: Insufficient funds (51)',
    description: 'Always declines with respstat C, respcode 51',
  },
  {
    number: '4999006200620062',
    brand: 'VISA',
    behaviour: 'timeout',
    outcome: 'Timed out (respstat B, respcode 62)',
    description:
      'Answers after the configured delay with respstat B (retry), as when the processor times out',
  },
];

/** The test cards, for the README and for tests. Any other Luhn-valid Visa, Mastercard, Amex or Discover approves. */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = TEST_CARDS.map(
  ({ number, brand, outcome, description }) => ({ number, brand, outcome, description }),
);

/** The behaviour of a card number: a test card's special behaviour, otherwise 'approve'. */
export function cardBehaviourOf(cardNumber: string): CardBehaviour {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.behaviour ?? 'approve';
}
