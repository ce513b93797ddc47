import { describe, expect, it } from 'vitest';
import { isReceiptPath } from './paths';

describe('isReceiptPath', () => {
  it("follows only this store's receipt pages", () => {
    expect(isReceiptPath('/receipt/Ab3_-Zq9xY2kLmNoPqRsTuVwXyZ0123456789abcdE')).toBe(true);
    for (const path of [
      'https://elsewhere.example/receipt/abc',
      '//elsewhere.example/receipt/abc',
      'javascript:alert(1)',
      '/receipt/',
      '/receipt/abc/../../admin',
      '/receipt/abc?next=/admin',
      '/account',
    ]) {
      expect(isReceiptPath(path), path).toBe(false);
    }
  });
});
