/**
 * Accessibility checks in the browser (issue 19 "Accessibility"): axe-core, injected into a Playwright page, run
 * over the whole document with its WCAG 2.2 AA target-size rule switched on (axe leaves it off by default).
 * Serious and critical violations fail; moderate and minor ones are reported by axe but not asserted (they are
 * best practices, e.g. two unnamed navigation landmarks). No rule is switched off: a rule that cannot be met is
 * explained in docs/decisions.md instead.
 *
 * axe is evaluated through the DevTools protocol (page.evaluate), which the page's Content-Security-Policy does
 * not govern: the test needs no `unsafe-eval` or `unsafe-inline` the product does not have.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** The axe-core script, read once per test file. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a check. */
export const FAILING_IMPACTS = ['serious', 'critical'] as const;

/** One failing rule: its id, impact, help text and up to five of the elements it names (CSS selectors). */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now (inject it first when the document does not have it yet).
 * @returns the serious and critical violations, empty when there are none
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (failing) => {
      type Result = {
        violations: Array<{
          id: string;
          impact?: string;
          help: string;
          nodes: Array<{ target: unknown[]; failureSummary?: string }>;
        }>;
      };
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
      const result = await axe.run(document, {
        resultTypes: ['violations'],
        rules: { 'target-size': { enabled: true } },
      });
      return result.violations
        .filter((violation) => failing.includes(violation.impact ?? ''))
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
        }));
    },
    FAILING_IMPACTS as readonly string[],
  );
}

/**
 * Runs axe-core on the page and fails, naming the page `where`, the rules and the elements, when it finds a
 * serious or critical violation.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length === 0) return;
  const report = findings
    .map((f) => `  [${f.impact}] ${f.id}: ${f.help}\n${f.targets.map((t) => `    - ${t}`).join('\n')}`)
    .join('\n');
  throw new Error(
    `axe found ${findings.length} serious or critical violation(s) on ${where} (${page.url()}):\n${report}`,
  );
}
