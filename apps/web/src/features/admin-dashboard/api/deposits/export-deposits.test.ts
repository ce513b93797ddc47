import { describe, expect, it } from 'vitest';
import { depositsCsvUrl } from './export-deposits';

describe('depositsCsvUrl', () => {
  it('asks for the days shown, up to the 90 one file covers', () => {
    expect(depositsCsvUrl({ days: 30 })).toBe('/api/admin/deposits.csv?days=30');
    expect(depositsCsvUrl({ days: 120 })).toBe('/api/admin/deposits.csv?days=90');
    expect(depositsCsvUrl({ to: '2026-03-01', days: 1 })).toBe(
      '/api/admin/deposits.csv?to=2026-03-01&days=1',
    );
    expect(depositsCsvUrl({ days: 0 })).toBe('/api/admin/deposits.csv?days=1');
  });
});
