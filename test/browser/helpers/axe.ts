import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** One failed axe rule, trimmed to what a person needs to find and fix it. */
export type AxeProblem = { rule: string; impact: string; help: string; nodes: string[] };

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.x A and AA rules and its best practices) on the page once its animations
 * have settled and returns the serious and critical violations that are still there once whatever
 * moved during the run has settled too.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  await animationsSettled(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the devtools protocol, not as a <script>: the page's CSP allows no inline script.
  if (!loaded) await page.evaluate(axe.source);
  const first = await axeRun(page);
  if (first.length === 0) return first;
  // Something may have started to move while axe ran (a toast sliding in as a push arrived): its colours
  // then were not what a person reads. Once it has settled, what is still wrong is.
  await animationsSettled(page);
  return axeRun(page);
}

/**
 * Colours mid-transition (a toast fading in, a dialog fading out) are not what a person reads: lets
 * running animations and transitions finish. Endless ones (a spinner) are left alone, and nothing is
 * waited for longer than two seconds.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((r) => setTimeout(r, 2000))]).then(() => undefined);
  });
}

async function axeRun(page: Page): Promise<AxeProblem[]> {
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.slice(0, 300)),
    }));
  });
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/** Fails the test, naming the page and every rule, when axe finds a serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), `axe on ${what}`).toEqual([]);
}
