import type { AdminPaymentLink } from '@store/core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format-date';
import { linkDatesText } from './payment-link-texts';

const LINK: AdminPaymentLink = {
  id: '6f1c9a4e-2d7b-4c55-9b1e-0a2f3c4d5e6f',
  status: 'open',
  url: 'https://shop.example/pay/abc',
  payerName: 'Pat Payer',
  email: 'pat@example.com',
  total: 20.98,
  createdAt: '2026-03-03T16:04:00.000Z',
  createdBy: 'operator',
  expiresAt: '2026-03-10T16:04:00.000Z',
};
const created = `Created ${formatDateTime(LINK.createdAt)} by operator`;

describe('linkDatesText', () => {
  it('says until when an unpaid link can be paid', () => {
    expect(linkDatesText(LINK)).toBe(`${created} · Expires ${formatDateTime(LINK.expiresAt)}`);
    expect(linkDatesText({ ...LINK, status: 'paying' })).toContain('· Expires ');
    expect(linkDatesText({ ...LINK, status: 'expired' })).toBe(
      `${created} · Expired ${formatDateTime(LINK.expiresAt)}`,
    );
  });

  it('says when a link was cancelled and by whom', () => {
    expect(
      linkDatesText({
        ...LINK,
        status: 'cancelled',
        cancelledAt: '2026-03-04T10:00:00.000Z',
        cancelledBy: 'sam',
      }),
    ).toBe(`${created} · Cancelled ${formatDateTime('2026-03-04T10:00:00.000Z')} by sam`);
  });

  it('gives a paid link only its making: its order tells the rest', () => {
    expect(linkDatesText({ ...LINK, status: 'paid', orderId: 'PL-0123456789AB' })).toBe(created);
  });
});
