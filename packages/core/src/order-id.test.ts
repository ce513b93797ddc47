import { describe, expect, it } from 'vitest';
import {
  createOrderId,
  ORDER_CHANNELS,
  ORDER_ID_PATTERN,
  ORDER_ID_PREFIXES,
  orderChannelOf,
  walletNameOf,
} from './order-id';

describe('order ids', () => {
  it('carry their channel in a prefix, every channel its own', () => {
    expect([...ORDER_CHANNELS].sort()).toEqual(Object.keys(ORDER_ID_PREFIXES).sort());
    for (const channel of ORDER_CHANNELS) {
      const orderId = createOrderId(channel);
      expect(orderId).toMatch(ORDER_ID_PATTERN);
      expect(orderId.length).toBeLessThanOrEqual(19);
      expect(orderChannelOf(orderId)).toBe(channel);
    }
  });

  it('name a wallet only for wallet orders', () => {
    expect(walletNameOf(createOrderId('googlepay'))).toBe('Google Pay');
    expect(walletNameOf(createOrderId('applepay'))).toBe('Apple Pay');
    expect(walletNameOf(createOrderId('phone'))).toBeUndefined();
    expect(walletNameOf(createOrderId('card'))).toBeUndefined();
    expect(orderChannelOf('XX-0123456789AB')).toBeUndefined();
  });
});
