import { describe, expect, it } from 'vitest';
import { detectCardBrand, isLuhnValid } from './card-brand';
import { createOrderId, ORDER_ID_PATTERN, orderChannelOf } from './order-id';

describe('detectCardBrand (product §5)', () => {
  it.each([
    ['4111 1111 1111 1111', 'VISA'],
    ['5100000000000000', 'MASTERCARD'],
    ['5599000000000000', 'MASTERCARD'],
    ['5600000000000000', 'UNKNOWN'],
    ['2221000000000009', 'MASTERCARD'],
    ['2720990000000000', 'MASTERCARD'],
    ['2223 0031 2200 3222', 'MASTERCARD'],
    ['2220990000000000', 'UNKNOWN'],
    ['2721000000000000', 'UNKNOWN'],
    ['222', 'UNKNOWN'],
    ['340000000000000', 'AMEX'],
    ['370000000000000', 'AMEX'],
    ['6011000995500000', 'DISCOVER'],
    ['6500000000000000', 'DISCOVER'],
    ['6012000000000000', 'UNKNOWN'],
    ['', 'UNKNOWN'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('isLuhnValid', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('378282246310005')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('1234')).toBe(false);
  });
});

describe('order ids', () => {
  it('carry the channel prefix and fit CardPointe’s 19 characters', () => {
    const ids = ['card', 'googlepay', 'applepay'].map((channel) => createOrderId(channel as never));
    expect(ids.map((id) => id.slice(0, 3))).toEqual(['CC-', 'GP-', 'AP-']);
    for (const id of ids) {
      expect(id).toMatch(ORDER_ID_PATTERN);
      expect(id.length).toBeLessThanOrEqual(19);
    }
    expect(orderChannelOf(ids[0]!)).toBe('card');
    expect(new Set(Array.from({ length: 1000 }, () => createOrderId('card'))).size).toBe(1000);
  });
});
