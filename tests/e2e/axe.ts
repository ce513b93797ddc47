import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { default as AxeCore, Result as AxeViolation } from 'axe-core';
import type { Frame } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { animationsFinished } from './flows';

/**
 * axe itself, as a page or frame is given it, answering the page's axe from any origin (the card frame is
 * the gateway's): put in and configured in one step, so that no frame ever holds an axe left unconfigured.
 */
const AXE_SOURCE = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
;axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`;

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices (landmarks, heading order, …). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** How long a frame may take to take axe in: one that runs no script never does. */
const INJECT_LIMIT_MS = 1_000;

/** The time each axe run adds to its test's (`expectNoAxeViolations`). */
const AXE_RUN_ALLOWANCE_MS = 10_000;

declare global {
  /** axe, once a run has put it in the page or frame. */
  interface Window {
    axe: typeof AxeCore;
  }
}

/** One violation as lines a person can act on: the rule, how bad, what it wants, and where. */
function describeViolation(violation: AxeViolation): string {
  const where = violation.nodes.map((node) => {
    // A target is a list of selectors: one per frame or shadow root on the way to the element.
    const selector = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part)));
    const summary = node.failureSummary?.split('\n').slice(1, 2).join('').trim();
    return `    - ${selector.join(' → ')}${summary ? `\n      ${summary}` : ''}`;
  });
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${where.join('\n')}`;
}

/** Puts axe in a frame, once per document. */
async function injectAxe(frame: Frame): Promise<void> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
}

/** The same in a page's frame, for at most a second: a frame that runs no script never takes it in. */
async function injectAxeInFrame(frame: Frame): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, INJECT_LIMIT_MS)));
  await Promise.race([injectAxe(frame).catch(() => undefined), limit]);
  clearTimeout(timer);
}

/**
 * Elements left out of an axe run, by selector: a frame that runs no script (`sandbox=""`) must be, as axe
 * cannot run in it and waits for it.
 */
interface AxeRunOptions {
  exclude?: string;
}

/**
 * What axe finds on the page as it is now (open dialogs and frames of any origin included).
 *
 * axe runs in the page itself, with a copy in each of its frames that answers it, injected with Playwright's
 * evaluate, which the page's Content-Security-Policy does not apply to, so the CSP fixture stays quiet. Run
 * this way, a run costs about a quarter of the processor time of @axe-core/playwright's, which opens a blank
 * page and injects axe anew for every run.
 */
export async function axeViolations(page: Page, { exclude }: AxeRunOptions = {}): Promise<AxeViolation[]> {
  await injectAxe(page.mainFrame());
  for (const frame of page.frames().filter((frame) => frame !== page.mainFrame())) {
    const element = await frame.frameElement().catch(() => null);
    const left =
      element && exclude
        ? await element.evaluate((node, selector) => (node as Element).matches(selector), exclude)
        : false;
    if (element && !left) await injectAxeInFrame(frame);
  }
  const results = await page.evaluate(
    ([exclude, tags]) =>
      window.axe.run(exclude ? { exclude: [[exclude]] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [exclude ?? null, AXE_TAGS] as const,
  );
  return results.violations;
}

/**
 * Runs axe on the page as it is now and fails, listing every violation, when there is any (softly: the test
 * goes on, and fails at its end). `label` names the page or state in the failure message.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  options: AxeRunOptions = {},
): Promise<void> {
  // Each run adds its own time to the test's: a walk-through of twenty states takes minutes on a slow machine
  // running the rest of the suite beside it, and would otherwise run out of a time set for the machine its
  // author had.
  test.info().setTimeout(test.info().timeout + AXE_RUN_ALLOWANCE_MS);
  // The page itself, not the stand-in shown for the moment its code loads.
  await page.waitForLoadState('load');
  await expect(page.locator('[data-route-loading]')).toHaveCount(0);
  // Let transitions and fades finish: half-faded text is measured at the wrong contrast.
  await animationsFinished(page);
  const violations = await axeViolations(page, options);
  const report = violations.map(describeViolation).join('\n');
  // Soft: a walk-through goes on and checks its other pages; the test still fails at its end.
  expect
    .soft(violations.length, `axe found ${violations.length} violation(s) on ${label}:\n${report}`)
    .toBe(0);
}
