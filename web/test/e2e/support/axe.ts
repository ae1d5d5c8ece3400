import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page (or on the part `include` selects) and expects no serious or critical
 * violation, `where` naming the page in a failure. In axe's legacy mode: one `axe.run` in the page
 * itself. The default runs axe per frame, then opens a blank page, loads axe (500 kB) into it a
 * second time and merges the frames' results there: several times the work for the same
 * findings on the site's pages, which have no frames. Only violations are kept in full: the
 * passes' nodes are never read.
 */
export async function expectNoSeriousViolations(page: Page, where: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}
