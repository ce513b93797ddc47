import { describe, expect, it } from 'vitest';
import { isEmailChange, registerRequestSchema, updateProfileRequestSchema } from './account';
import {
  EMAIL_HIDDEN_CHARACTER,
  hasHiddenCharacterForEmail,
  hasHiddenCharacterForName,
  NAME_HIDDEN_CHARACTER,
} from './hidden-characters';

const USER_ID = '00000000-0000-4000-8000-000000000001';

const BIDI_AND_INVISIBLE = [
  ['a zero-width space', '\u200b'],
  ['a right-to-left embedding', '\u202b'],
  ['a pop directional formatting', '\u202c'],
  ['a left-to-right override', '\u202d'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right isolate', '\u2066'],
  ['a first strong isolate', '\u2068'],
  ['a pop directional isolate', '\u2069'],
  ['a word joiner', '\u2060'],
  ['a byte-order mark', '\ufeff'],
  ['a soft hyphen', '\u00ad'],
] as const;

describe('format characters in names and emails', () => {
  it.each(BIDI_AND_INVISIBLE)('refuses %s inside a name and inside an email', (_name, character) => {
    expect(hasHiddenCharacterForName(`Ada${character} Lovelace`)).toBe(true);
    expect(hasHiddenCharacterForEmail(`ada${character}@example.com`)).toBe(true);
  });

  it.each([
    ['a zero-width non-joiner', '\u200c'],
    ['a zero-width joiner', '\u200d'],
    ['a left-to-right mark', '\u200e'],
    ['a right-to-left mark', '\u200f'],
  ])('refuses %s in an email only', (_name, character) => {
    expect(hasHiddenCharacterForEmail(`ada${character}@example.com`)).toBe(true);
    expect(hasHiddenCharacterForName(`Ada${character} Lovelace`)).toBe(false);
  });

  it.each([
    ['a Persian surname with ZWNJ', 'Sara نیک\u200cپور'],
    ['an emoji sequence with ZWJ', 'Ava 👩\u200d💻'],
    ['a subdivision flag', 'Owen 🏴\u{e0067}\u{e0062}\u{e0077}\u{e006c}\u{e0073}\u{e007f}'],
    ['accents and other scripts', 'Zoë Ñúñez 東京'],
  ])('keeps %s in a name', (_name, name) => {
    expect(hasHiddenCharacterForName(name)).toBe(false);
  });

  it('answers with a message naming the field, after "required"', () => {
    const profile = (name: string, email: string) =>
      updateProfileRequestSchema.safeParse({ userId: USER_ID, name, email }).error?.issues[0]?.message;
    expect(profile('Ada\u202eecalevol', 'ada@example.com')).toBe(NAME_HIDDEN_CHARACTER);
    expect(profile('Ada', 'ada\u200b@example.com')).toBe(EMAIL_HIDDEN_CHARACTER);
    expect(profile('Ada', 'ada@exa\ufeffmple.com')).toBe(EMAIL_HIDDEN_CHARACTER);
    expect(profile(' ', 'ada\u200b@example.com')).toBe('Name and email are required');
    const register = (name: string, email: string) =>
      registerRequestSchema.safeParse({ name, email, password: 'correct horse battery' }).error?.issues[0]
        ?.message;
    expect(register('\u2066Ada\u2069', 'ada@example.com')).toBe(NAME_HIDDEN_CHARACTER);
    expect(register('Ada', 'ada\u200d@example.com')).toBe(EMAIL_HIDDEN_CHARACTER);
    expect(register('Ava 👩\u200d💻', 'ava@example.com')).toBeUndefined();
  });
});

describe('what counts as changing the email', () => {
  it('is another address, not the same one in other capitals', () => {
    expect(isEmailChange('mary@example.com', 'Mary@Example.COM')).toBe(false);
    expect(isEmailChange('mary@example.com', ' mary@example.com ')).toBe(false);
    expect(isEmailChange('mary@example.com', 'mary.jackson@example.com')).toBe(true);
    // The Kelvin sign lower-cases to "k" in JavaScript, but it is another address.
    expect(isEmailChange('kate@example.com', '\u212aate@example.com')).toBe(true);
  });
});
