/** Claims shown where they stand: highlights, badges and cards in the page and in drafts. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The overlay's badges (the e2e build opens the shadow root so that tests can see inside). */
const badges = (page: Page) => page.locator('factlens-overlay .badge');

test('a checked article: every located claim highlighted by verdict, with a badge; the card explains it', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(badges(page)).toHaveCount(12);
  await page.screenshot({ path: 'artifacts/e2e-article-highlights.png', fullPage: true });
  const highlighted = await page.evaluate(() =>
    ['supported', 'refuted', 'mixed', 'unverifiable'].map((kind) => {
      const highlight = CSS.highlights.get(`factlens-${kind}`);
      return [kind, highlight ? [...highlight].map((range) => (range as Range).toString()) : []];
    }),
  );
  console.log(JSON.stringify(highlighted, null, 1));
});
