// The accessibility check of the browser tests: axe-core's script injected into the page as it
// is, run there, and its serious and critical violations answered, each with its impact and the
// elements it names, so that a test's `toEqual([])` says what failed and where.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, ImpactValue, UnlabelledFrameSelector } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface SeriousViolation {
  id: string;
  impact: ImpactValue | undefined;
  nodes: UnlabelledFrameSelector[];
}

/**
 * axe-core's serious and critical violations in the page, or only inside `within`: a path of
 * selectors, each one inside the shadow root of the one before (`['#parlor-widget', '.rate']`).
 */
export async function seriousViolations(page: Page, within?: string[]): Promise<SeriousViolation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (path) => {
    const { axe } = window as unknown as { axe: { run(context?: ElementContext): Promise<AxeResults> } };
    const r = await (path ? axe.run({ include: [path] }) : axe.run());
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) }));
  }, within);
}
