// The accessibility check both axe specs share: axe-core's serious and critical violations, one
// line each, so a failure says what and where.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Moderate in axe's words, but a page with two <main>s loses its landmark: failed on too. */
const ALSO_FAIL_ON = ['landmark-no-duplicate-main', 'landmark-main-is-top-level'];

/** What to audit when not the whole page (the widget's frame, not its host's own page). */
export type AxeInclude = Parameters<AxeBuilder['include']>[0];

export async function seriousViolations(page: Page, include?: AxeInclude): Promise<string[]> {
  // Only violations are read: axe then keeps one node per passed or inapplicable rule, not all.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) axe.include(include);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_FAIL_ON.includes(v.id))
    .flatMap((v) =>
      v.nodes
        .slice(0, 5)
        .map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`),
    );
}
