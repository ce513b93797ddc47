import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { animationsFinished } from './flows';

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices (landmarks, heading order, …). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The time each axe run adds to its test's (`expectNoAxeViolations`). */
const AXE_RUN_ALLOWANCE_MS = 10_000;

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
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

/**
 * Runs axe on the page as it is now (open dialogs included) and fails, listing every violation, when
 * there is any (softly: the test goes on, and fails at its end). `label` names the page or state in the failure message.
 *
 * axe is injected with Playwright's evaluate, which the page's Content-Security-Policy does not apply to,
 * so the CSP fixture stays quiet.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  /**
   * Elements left out, by selector: a frame that runs no script (`sandbox=""`) must be, as axe cannot run in
   * it and waits for it for ever.
   */
  options: { exclude?: string } = {},
): Promise<void> {
  // Each run adds its own time to the test's: a walk-through of twenty states takes minutes on a slow machine
  // running the rest of the suite beside it (about 6 s a run, against under 1 s on an idle fast one), and
  // would otherwise run out of a time set for the machine its author had.
  test.info().setTimeout(test.info().timeout + AXE_RUN_ALLOWANCE_MS);
  // The page itself, not the stand-in shown for the moment its code loads.
  await page.waitForLoadState('load');
  await expect(page.locator('[data-route-loading]')).toHaveCount(0);
  // Let transitions and fades finish: half-faded text is measured at the wrong contrast.
  await animationsFinished(page);
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const results = await (options.exclude ? builder.exclude(options.exclude) : builder).analyze();
  const report = results.violations.map(describeViolation).join('\n');
  // Soft: a walk-through goes on and checks its other pages; the test still fails at its end.
  expect
    .soft(
      results.violations.length,
      `axe found ${results.violations.length} violation(s) on ${label}:\n${report}`,
    )
    .toBe(0);
}
