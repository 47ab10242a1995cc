/**
 * axe-core in the browser tests: WCAG 2.0, 2.1 and 2.2 A and AA rules, none
 * disabled, nothing excluded. `audit` runs it on the page as it is and keeps what it finds with a label.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_VERSION = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('axe-core/package.json'), 'utf8')) as { version: string }
).version;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface Finding {
  state: string;
  rule: string;
  impact: string | null;
  nodes: string[];
}

export function auditor(page: Page) {
  const audited: string[] = [];
  const findings: Finding[] = [];
  return {
    audited,
    findings,
    async audit(state: string) {
      // Finished transitions only: a screen sliding in or a dialog fading has colours mid-way. Loaders spin for ever.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => {})),
        ),
      );
      // Evaluated through the debugger protocol, so no content security policy of the page stands in the way.
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async (tags) => {
        type Axe = {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
        };
        const axe = (window as unknown as { axe: Axe }).axe;
        const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
        }));
      }, TAGS);
      audited.push(state);
      for (const v of violations) findings.push({ state, rule: v.id, impact: v.impact, nodes: v.nodes });
    },
  };
}
