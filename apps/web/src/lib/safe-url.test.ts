import { describe, expect, it } from 'vitest';
import { toNavigableUrl } from './safe-url';

describe('toNavigableUrl', () => {
  const base = 'http://127.0.0.1:3000';

  it('resolves relative payment page paths against the store origin', () => {
    expect(toNavigableUrl('/sandbox/hpp?requestId=abc', base)?.href).toBe(
      'http://127.0.0.1:3000/sandbox/hpp?requestId=abc',
    );
  });

  it('accepts absolute https URLs of a hosted payment page', () => {
    expect(toNavigableUrl('https://fts-uat.cardconnect.com/hpp?x=1', base)?.host).toBe(
      'fts-uat.cardconnect.com',
    );
  });

  it('refuses script and data URLs', () => {
    expect(toNavigableUrl('javascript:alert(1)', base)).toBeNull();
    expect(toNavigableUrl('data:text/html,hi', base)).toBeNull();
  });
});
