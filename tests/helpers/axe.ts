import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** One axe-core finding, cut down to what a failing test needs to print. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) in the page as it stands and
 * returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through DevTools rather than added as an inline <script>, which the site's
    // Content-Security-Policy rightly refuses.
    await page.evaluate(axeSource);
  }
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: unknown[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
        summary: violation.nodes[0]?.failureSummary ?? '',
      }));
  });
}
