import { describe, expect, it } from 'vitest';
import { transactionsCsvQuerySchema } from '../transactions-csv';
import { adminTransactionsRequestSchema, CALENDAR_DATE_MESSAGE, calendarDateSchema } from './history-query';
import { adminDepositsQuerySchema, depositDayParamsSchema } from './deposits';

const IMPOSSIBLE = ['2026-02-30', '2026-13-01', '2025-02-29', '2026-04-31', '2026-00-10', '2026-01-00'];
const MALFORMED = ['2026-1-5', '20260105', '2026-01-05T00:00', ' 2026-01-05', '1999-12-31', ''];

const firstMessage = (schema: { safeParse: (value: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: { message: string }[] } };
  return result.success ? undefined : result.error?.issues[0]?.message;
};

describe('the one date rule', () => {
  it('takes calendar days that exist, 29 February of a leap year included', () => {
    for (const day of ['2024-02-29', '2026-02-28', '2026-12-31', '2000-01-01']) {
      expect(calendarDateSchema().parse(day)).toBe(day);
    }
  });

  it('refuses days that do not exist and dates not written YYYY-MM-DD, with one message', () => {
    for (const day of [...IMPOSSIBLE, ...MALFORMED, 20260105, null]) {
      expect(firstMessage(calendarDateSchema(), day), String(day)).toBe(CALENDAR_DATE_MESSAGE);
    }
    expect(CALENDAR_DATE_MESSAGE).toBe('Date must be YYYY-MM-DD');
  });

  it('is the rule of the deposits list, its export and a deposit day', () => {
    for (const day of IMPOSSIBLE) {
      expect(firstMessage(adminDepositsQuerySchema, { to: day }), day).toBe(CALENDAR_DATE_MESSAGE);
      expect(firstMessage(depositDayParamsSchema, { day }), day).toBe(CALENDAR_DATE_MESSAGE);
    }
    expect(adminDepositsQuerySchema.parse({ to: '2024-02-29', days: '7' })).toEqual({
      to: '2024-02-29',
      days: 7,
    });
    expect(depositDayParamsSchema.parse({ day: '2024-02-29' })).toEqual({ day: '2024-02-29' });
  });

  it("is the rule of the history's filters and its export, with the field named", () => {
    for (const schema of [adminTransactionsRequestSchema, transactionsCsvQuerySchema]) {
      for (const day of IMPOSSIBLE) {
        expect(firstMessage(schema, { from: day }), day).toBe('From date must be a date written YYYY-MM-DD');
        expect(firstMessage(schema, { to: day }), day).toBe('To date must be a date written YYYY-MM-DD');
      }
      expect(firstMessage(schema, { from: '2024-02-29', to: '2024-02-29' })).toBeUndefined();
    }
  });
});
