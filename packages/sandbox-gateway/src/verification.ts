/**
 * What an authorization says of the checks around it: the address check (AVS, `avsresp`), the card security
 * code check (CVV, `cvvresp`) and the card's BIN facts (`binInfo`). The values follow CardPointe's UAT test
 * data: the last three characters of the postal code (or a code inside the street address) choose the AVS
 * answer, and four test CVVs choose the CVV answer.
 */

/** CardPointe UAT's AVS answers by the postal code's last three characters (all processors but Paymentech). */
const AVS_BY_TEST_CODE: Readonly<Record<string, string>> = {
  '1A1': 'X',
  '224': 'X',
  '1A2': 'Y',
  '225': 'Y',
  '406': 'Y',
  '1A3': 'A',
  '111': 'A',
  '201': 'A',
  '1A4': 'W',
  '223': 'W',
  '1A5': 'Z',
  '113': 'Z',
  '226': 'Z',
  '1A6': 'N',
  '112': 'N',
  '214': 'N',
  '1A7': 'U',
  '221': 'U',
  '1A8': 'G',
  '207': 'G',
  '1A9': 'R',
  '218': 'R',
  '2B1': 'E',
  '205': 'E',
  '2B2': 'S',
  '219': 'S',
  '2B3': 'Q',
  '228': 'Q',
  '2B4': 'D',
  '204': 'D',
  '227': 'D',
  '2B5': 'B',
  '202': 'B',
  '2B6': 'C',
  '203': 'C',
  '2B7': 'P',
  '216': 'P',
  '2B8': 'I',
  '209': 'I',
  '2B9': 'M',
  '213': 'M',
};

/** CardPointe UAT's test CVVs; any other CVV matches. */
const CVV_BY_TEST_VALUE: Readonly<Record<string, string>> = {
  '112': 'M',
  '111': 'N',
  '222': 'P',
  '333': 'U',
};

/**
 * The AVS answer for the address sent with an authorization (or kept in the profile it uses). A test code
 * in the postal code wins, then one inside the street address; otherwise an address that was sent matches
 * as far as it goes: street and postal code (Y), the postal code alone (Z), the street alone (A). With
 * neither, the issuer has nothing to compare (U).
 */
export function avsResponseOf(address: string | undefined, postal: string | undefined): string {
  const postalCode = (postal ?? '').replace(/[\s-]/g, '').toUpperCase();
  const street = (address ?? '').toUpperCase();
  const byPostal = postalCode.length >= 3 ? AVS_BY_TEST_CODE[postalCode.slice(-3)] : undefined;
  if (byPostal) return byPostal;
  const inStreet = Object.keys(AVS_BY_TEST_CODE).find((code) => street.includes(code));
  if (inStreet) return AVS_BY_TEST_CODE[inStreet]!;
  if (postalCode && street.trim()) return 'Y';
  if (postalCode) return 'Z';
  if (street.trim()) return 'A';
  return 'U';
}

/** The CVV answer: a test value's, a match for any other, and not processed (P) when none was sent. */
export function cvvResponseOf(cvv: string | undefined): string {
  if (!cvv) return 'P';
  return CVV_BY_TEST_VALUE[cvv] ?? 'M';
}

/** What the BIN service knows of a card beyond its brand. */
export interface BinFacts {
  /** Country of issue, two letters. */
  country: string;
  prepaid: boolean;
  corporate: boolean;
}

/** The sandbox's cards are US consumer credit cards, except those of these BINs (see test-cards.ts). */
const BIN_FACTS: Readonly<Record<string, BinFacts>> = {
  '403210': { country: 'US', prepaid: true, corporate: false },
  '555511': { country: 'US', prepaid: false, corporate: true },
  '450600': { country: 'CA', prepaid: false, corporate: false },
};

const CONSUMER_CARD: BinFacts = { country: 'US', prepaid: false, corporate: false };

export function binFactsOf(bin: string | null): BinFacts {
  return (bin && BIN_FACTS[bin]) || CONSUMER_CARD;
}
