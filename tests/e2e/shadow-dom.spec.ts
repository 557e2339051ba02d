/**
 * A page built from web components, in Chromium, whose computed styles tell what a highlight paints: each claim in a
 * shadow tree is painted, the highlights' rules naming the trees' outermost hosts. What both browsers do on that page
 * (the text read, the claims drawn where they show and followed): reading.spec.ts.
 */
import { claimsPaint, COMPONENTS_ARTICLE_CLAIMS, padToScopedHighlights } from './in-page-probes';
import { expect } from './quick-expect';
import { test } from './fixtures';

const CLAIMS = COMPONENTS_ARTICLE_CLAIMS;

test('claims in shadow trees, open and closed, are painted by their highlights: the rules name their outermost hosts, whose styles the trees inherit', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('components-article.html', 'localhost');
  // Large enough for the highlights' rules to name the hosts that hold claims (see highlight-scope.ts).
  await padToScopedHighlights(page);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText(`Located ${CLAIMS.length} of ${CLAIMS.length} claims`)).toBeVisible();
  await page.bringToFront();
  await expect.poll(() => claimsPaint(page)).toEqual({ ranges: CLAIMS.length, unpainted: [] });
});
