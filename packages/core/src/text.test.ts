import { describe, expect, it } from 'vitest';
import { findUncleanText, isCleanText, nestsDeeperThan, textProblemOf, uncleanTextMessage } from './text';

describe('clean text', () => {
  it.each(['', 'Ada Lovelace', 'Zoë Ñúñez', '東京', 'emoji 🖊️', 'a-b_c.d@e'])('accepts %j', (text) => {
    expect(isCleanText(text)).toBe(true);
  });

  it.each([
    'abc\u0000def',
    '\u0000',
    'tab\there',
    'line\nbreak',
    'cr\r',
    'del\u007f',
    'c1\u0085',
    'lone \ud800',
    'lone \udc00 low',
  ])('refuses %j', (text) => {
    expect(isCleanText(text)).toBe(false);
  });

  it('names the first field that holds a control character, however deep', () => {
    expect(findUncleanText({ username: 'abc\u0000def', password: 'x' })).toBe('username');
    expect(findUncleanText({ payment: { paymentId: 'x', note: ['ok', 'b\u0000'] } })).toBe('payment.note[1]');
    expect(findUncleanText({ items: [{ productId: 'pen\u0000' }] })).toBe('items[0].productId');
    expect(findUncleanText({ ['key\u0000']: 'value' })).toBe('a field name');
    expect(findUncleanText('\u0000')).toBe('the request');
  });

  it('leaves numbers, booleans, null and clean strings alone', () => {
    expect(findUncleanText({ a: 1, b: true, c: null, d: ['x', { e: 'y' }] })).toBeUndefined();
    expect(findUncleanText(undefined)).toBeUndefined();
  });

  it('says which field is wrong', () => {
    expect(uncleanTextMessage('customerName')).toBe('customerName must not contain control characters');
  });
});

describe('nesting', () => {
  const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
  it('measures how deep arrays and objects go, without recursion', () => {
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan(nested(100_000), 32)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
  it('refuses a request nested too deeply before looking for control characters', () => {
    expect(textProblemOf(undefined, {}, nested(5_000))).toBe('The request is nested too deeply');
    expect(textProblemOf({}, { q: 'a\u0000' }, nested(3))).toBe('q must not contain control characters');
    expect(textProblemOf({}, {}, { items: [{ productId: 'pen' }] })).toBeUndefined();
  });
});
