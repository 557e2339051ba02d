/** axe's violations in a page (or in a part of it), each as its rule and the elements that break it. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe in `page`, within `include` when given. A page without frames is read in axe's legacy mode, in the page
 * itself: the default mode opens a blank page to gather the frames' results, which doubles an analysis's time and
 * adds nothing where there is no frame.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
