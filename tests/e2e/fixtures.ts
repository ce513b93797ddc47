import { createHash } from 'node:crypto';
import { test as base, expect } from '@playwright/test';

/**
 * The client address a test's browser speaks from: each test its own, as each shopper has, told to the
 * store as a reverse proxy tells it (X-Forwarded-For; the stores trust their loopback proxy). What the store
 * limits per address (sign-ups, sign-ins, saved methods) is then each test's own, however many run at once.
 */
function clientAddressOf(testId: string): string {
  const [a, b, c] = createHash('sha256').update(testId).digest();
  return `10.${a!}.${b!}.${(c! % 250) + 2}`;
}

/**
 * The end-to-end tests' `test`: every test fails when the browser reports a Content-Security-Policy
 * violation on any page or frame it opened (the storefront, the console, the hosted payment page), and
 * every test speaks from a client address of its own.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(testInfo.testId) });
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      // Chromium logs every violation to the console; the event catches any it might not.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
          );
        });
      });
      context.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) {
          violations.push(`${message.location().url}: ${message.text()}`);
        }
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
