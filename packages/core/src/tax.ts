import { assertCents, type Cents } from './money';

/** Sales tax rate, in percent of the subtotal (product §9). */
export const SALES_TAX_PERCENT = 5;

/** 5% of the subtotal, rounded half-up to the cent, in integer arithmetic. */
export function computeTaxCents(subtotalCents: Cents): Cents {
  assertCents(subtotalCents);
  return Math.floor((subtotalCents * SALES_TAX_PERCENT + 50) / 100);
}
