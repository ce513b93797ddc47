/**
 * Unicode format characters (category Cf) draw nothing, or change the order in which the text around them
 * is drawn. In an email address or a name they let two values that look alike differ, or make a name read
 * differently on the operator's screen than it was typed (a right-to-left override turns "Ada" plus a
 * hidden run into what looks like another name). Control characters are refused for every field already
 * (`text.ts`); these are refused where a person reads the value and trusts it: account names, and the
 * names and address lines of deliveries, which the console, the emails and the receipts show (decision
 * 045).
 */

/** Every format character: no email address needs one. */
const FORMAT_CHARACTER = /\p{Cf}/u;

/**
 * The format characters a name may need: ZWNJ and ZWJ (Persian, the Indic scripts, emoji sequences), the
 * left-to-right, right-to-left and Arabic letter marks (which place neutral punctuation in a name mixing
 * directions, and cannot move letters), and the tag characters of subdivision flags (🏴 England).
 * Embeddings, overrides and isolates, zero-width spaces, joiners and byte-order marks are refused.
 */
const FORMAT_CHARACTER_A_NAME_MAY_HOLD = /[\u200C-\u200F\u061C\u{E0020}-\u{E007F}]/u;

export function hasHiddenCharacterForEmail(text: string): boolean {
  return FORMAT_CHARACTER.test(text);
}

export function hasHiddenCharacterForName(text: string): boolean {
  for (const character of text) {
    if (FORMAT_CHARACTER.test(character) && !FORMAT_CHARACTER_A_NAME_MAY_HOLD.test(character)) return true;
  }
  return false;
}

/** What a name or an address line holding one is told, naming the field as its form labels it. */
export function hiddenCharacterMessage(field: string): string {
  return `${field} must not contain invisible or text-direction characters`;
}

export const NAME_HIDDEN_CHARACTER = hiddenCharacterMessage('Name');
export const EMAIL_HIDDEN_CHARACTER = 'Email must not contain invisible or formatting characters';
