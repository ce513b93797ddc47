import { test as base, expect } from '@playwright/test';

/**
 * The end-to-end tests' `test`: every test fails when the browser reports a Content-Security-Policy
 * violation on any page or frame it opened (the storefront, the console, the hosted payment page).
 */
export const test = base.extend<{ cspViolations: string[] }>({
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
