import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  centsToDollars,
  signedCentsToDollars,
  dollarsToCents,
  formatCents,
  MAX_AMOUNT_CENTS,
  parseDollars,
} from './money';

describe('parseDollars', () => {
  it.each([
    [68.2, 6820],
    ['68.20', 6820],
    ['0.01', 1],
    [0.1, 10],
    [19.99, 1999],
    ['1000000', MAX_AMOUNT_CENTS],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseDollars(input)).toEqual({ ok: true, cents });
  });

  it.each([
    [Number.NaN, 'Amount must be a number'],
    [Number.POSITIVE_INFINITY, 'Amount must be a number'],
    ['abc', 'Amount must be a number'],
    ['1e3', 'Amount must be a number'],
    [-5, 'Amount must be greater than zero'],
    ['-0.01', 'Amount must be greater than zero'],
    ['1.005', 'Amount must have at most two decimals'],
    [10.001, 'Amount must have at most two decimals'],
    ['1000000.01', 'Amount is too large'],
    [null, 'Amount must be a number'],
    [{}, 'Amount must be a number'],
  ])('refuses %s: %s', (input, reason) => {
    expect(parseDollars(input)).toEqual({ ok: false, reason });
  });
});

describe('dollarsToCents', () => {
  it("reads an answer's dollars exactly, an absent amount as 0", () => {
    expect(dollarsToCents(68.2)).toBe(6820);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1_000_000)).toBe(MAX_AMOUNT_CENTS);
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(null)).toBe(0);
    expect(dollarsToCents(undefined)).toBe(0);
  });

  it('rounds what is not a plain decimal, and is never negative', () => {
    expect(dollarsToCents(12.345)).toBe(1235);
    expect(dollarsToCents(2_000_000)).toBe(200_000_000);
    expect(dollarsToCents(-5)).toBe(0);
    expect(dollarsToCents(Number.NaN)).toBe(0);
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('formatting', () => {
  it('prints cents as decimal strings and dollars exactly', () => {
    expect(centsToDecimalString(6820)).toBe('68.20');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDollars(6820)).toBe(68.2);
    expect(centsToDollars(1)).toBe(0.01);
    expect(formatCents(6820)).toBe('$68.20');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  it('prints an amount taken back as negative dollars, exactly', () => {
    expect(signedCentsToDollars(-138)).toBe(-1.38);
    expect(signedCentsToDollars(-1)).toBe(-0.01);
    expect(signedCentsToDollars(6682)).toBe(66.82);
    expect(signedCentsToDollars(0)).toBe(0);
    expect(() => signedCentsToDollars(-1.5)).toThrow(RangeError);
  });

  it('refuses fractions of a cent and negatives', () => {
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
    expect(() => formatCents(-1)).toThrow(RangeError);
  });
});
