import { ORDER_STATUSES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { describeOrderStatus } from './receipt-status';

describe('describeOrderStatus', () => {
  it("names every status in the shopper's words", () => {
    expect(describeOrderStatus('authorized')).toEqual({ label: 'Payment authorized', tone: 'success' });
    expect(describeOrderStatus('partially_refunded')).toEqual({ label: 'Refunded in part', tone: 'neutral' });
    expect(describeOrderStatus('cancelled')).toEqual({ label: 'Cancelled', tone: 'danger' });
    expect(describeOrderStatus('shipped')).toEqual({ label: 'Shipped', tone: 'success' });
    for (const status of ORDER_STATUSES) expect(describeOrderStatus(status).label).not.toBe('');
  });
});
