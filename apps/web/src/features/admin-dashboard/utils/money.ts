import type { Cents } from '@store/core';

export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, cents) => total + cents, 0);
}
