import { describe, expect, it } from 'vitest';
import { newReceiptToken } from './orders';

describe('receipt tokens', () => {
  it('are 256 random bits each, never the same twice, across the bytes drawn ahead', () => {
    // More tokens than one draw of bytes holds (128), so that a refill is crossed.
    const tokens = Array.from({ length: 300 }, () => newReceiptToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // No token shares a run of bytes with another (a slice handed out twice, or shifted).
    const decoded = tokens.map((token) => Buffer.from(token, 'base64url').toString('hex'));
    const halves = new Set(decoded.flatMap((hex) => [hex.slice(0, 32), hex.slice(32)]));
    expect(halves.size).toBe(tokens.length * 2);
  });
});
