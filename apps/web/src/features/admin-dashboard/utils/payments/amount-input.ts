import { formatCents, parseDollars, type Cents } from '@store/core';

/**
 * The operator's typed amount, judged against its bounds (product §5: min 0.01, max the authorized or
 * refundable amount, step 0.01). Parsing is exact (`parseDollars`): "12.345" is refused, never rounded.
 * `reason` is null for an empty field: the confirm button is simply disabled, with nothing to scold.
 */
export type AmountCheck = { ok: true; cents: Cents } | { ok: false; reason: string | null };

export function checkAmountInput(
  text: string,
  maxCents: Cents,
  options: { badInput?: boolean } = {},
): AmountCheck {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  if (options.badInput) return { ok: false, reason: 'Enter an amount in dollars and cents, like 12.50' };
  if (trimmed === '') return { ok: false, reason: null };
  const parsed = parseDollars(trimmed.startsWith('.') ? `0${trimmed}` : trimmed);
  if (!parsed.ok) {
    if (parsed.reason === 'Amount is too large' || /^\d+(?:\.\d{1,2})?$/.test(trimmed)) {
      return { ok: false, reason: `The amount cannot be more than ${formatCents(maxCents)}` };
    }
    if (parsed.reason === 'Amount must be a number') {
      return { ok: false, reason: 'Enter an amount in dollars and cents, like 12.50' };
    }
    return { ok: false, reason: parsed.reason };
  }
  if (parsed.cents <= 0) return { ok: false, reason: 'Amount must be at least $0.01' };
  if (parsed.cents > maxCents) {
    return { ok: false, reason: `The amount cannot be more than ${formatCents(maxCents)}` };
  }
  return { ok: true, cents: parsed.cents };
}
