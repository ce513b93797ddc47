import { describe, expect, it } from 'vitest';
import { checkAmountInput } from './amount-input';

const MAX = 6820; // $68.20

describe('checkAmountInput', () => {
  it('reads dollars and cents exactly', () => {
    expect(checkAmountInput('45', MAX)).toEqual({ ok: true, cents: 4500 });
    expect(checkAmountInput('45.5', MAX)).toEqual({ ok: true, cents: 4550 });
    expect(checkAmountInput('0.01', MAX)).toEqual({ ok: true, cents: 1 });
    expect(checkAmountInput('68.20', MAX)).toEqual({ ok: true, cents: 6820 });
    expect(checkAmountInput(' $12.34 ', MAX)).toEqual({ ok: true, cents: 1234 });
    expect(checkAmountInput('.5', MAX)).toEqual({ ok: true, cents: 50 });
    // 0.1 + 0.2 style float traps cannot happen: 19.99 is 1999 cents, not 1998.9999.
    expect(checkAmountInput('19.99', MAX)).toEqual({ ok: true, cents: 1999 });
  });

  it('stays quiet about an empty field (the button is just disabled)', () => {
    expect(checkAmountInput('', MAX)).toEqual({ ok: false, reason: null });
    expect(checkAmountInput('   ', MAX)).toEqual({ ok: false, reason: null });
  });

  it('refuses zero, more than the maximum, three decimals and non-numbers, with a reason', () => {
    expect(checkAmountInput('0', MAX)).toEqual({ ok: false, reason: 'Amount must be at least $0.01' });
    expect(checkAmountInput('0.00', MAX)).toEqual({ ok: false, reason: 'Amount must be at least $0.01' });
    expect(checkAmountInput('68.21', MAX)).toEqual({
      ok: false,
      reason: 'The amount cannot be more than $68.20',
    });
    expect(checkAmountInput('12.345', MAX)).toEqual({
      ok: false,
      reason: 'Amount must have at most two decimals',
    });
    expect(checkAmountInput('-5', MAX)).toEqual({ ok: false, reason: 'Amount must be greater than zero' });
    expect(checkAmountInput('1e3', MAX)).toEqual({
      ok: false,
      reason: 'Enter an amount in dollars and cents, like 12.50',
    });
    expect(checkAmountInput('9999999999', MAX)).toEqual({
      ok: false,
      reason: 'The amount cannot be more than $68.20',
    });
    expect(checkAmountInput('', MAX, { badInput: true }).ok).toBe(false);
  });
});
