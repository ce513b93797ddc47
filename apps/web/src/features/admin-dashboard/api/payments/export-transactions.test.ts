import { describe, expect, it } from 'vitest';
import { transactionsCsvUrl } from './export-transactions';

describe('the export link', () => {
  it('carries the search and every filter the list shows, and nothing that does not narrow it', () => {
    expect(transactionsCsvUrl({ search: '', status: 'all', channel: 'all', from: '', to: '' })).toBe(
      '/api/admin/transactions.csv',
    );
    expect(
      transactionsCsvUrl({
        search: 'ada@example.com',
        status: 'refund',
        channel: 'saved_card',
        from: '2026-01-05',
        to: '2026-01-31',
        timeZone: 'America/Chicago',
      }),
    ).toBe(
      '/api/admin/transactions.csv?search=ada%40example.com&status=refund&channel=saved_card&from=2026-01-05&to=2026-01-31&timeZone=America%2FChicago',
    );
    // The time zone says what the dates mean: without a date it is not sent.
    expect(transactionsCsvUrl({ search: '$15.74', status: 'all', timeZone: 'Europe/Paris' })).toBe(
      '/api/admin/transactions.csv?search=%2415.74',
    );
  });
});
