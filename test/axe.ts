// The accessibility check of the browser tests: axe-core's script injected into the page as it
// is, run there, and its serious and critical violations answered, each with its impact and the
// elements it names, so that a test's `toEqual([])` says what failed and where.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, ImpactValue, ShadowDomSelector, UnlabelledFrameSelector } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface SeriousViolation {
  id: string;
  impact: ImpactValue | undefined;
  nodes: UnlabelledFrameSelector[];
}

/**
 * axe-core's serious and critical violations in the page, or only inside `within`: a selector
 * (a shadow host includes its shadow root), or a path of selectors each inside the shadow root
 * of the one before (`['#parlor-widget', '.rate']`). axe-core reads a bare array of selectors as
 * a path through iframes, which finds nothing here, so a path is passed as `fromShadowDom`.
 */
export async function seriousViolations(page: Page, within?: string | ShadowDomSelector): Promise<SeriousViolation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (within) => {
    const { axe } = window as unknown as { axe: { run(context?: ElementContext): Promise<AxeResults> } };
    const r = await (within === undefined
      ? axe.run()
      : axe.run({ include: typeof within === 'string' ? within : { fromShadowDom: within } }));
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) }));
  }, within);
}
