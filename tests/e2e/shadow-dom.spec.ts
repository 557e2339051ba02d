/**
 * A page built from web components: its text is in shadow trees (open and closed), shows through a slot, and
 * sits in a `display: contents` wrapper. The check reads that text, and every claim is drawn where it shows.
 */
import {
  claimsPaint,
  COMPONENTS_ARTICLE_CLAIMS,
  expect,
  highlightedTexts,
  overlayBadges as badges,
  overlayCard,
  padToScopedHighlights,
  test,
} from './fixtures';

const CLAIMS = COMPONENTS_ARTICLE_CLAIMS;

test('claims in shadow trees, open and closed, in a slot and in a display: contents wrapper are checked and drawn where they show', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  // On localhost the page is out of the double's reach (it serves on 127.0.0.1): its text is sent, as read in
  // the browser, shadow trees included.
  const { page, tabId } = await openDemoPage('components-article.html', 'localhost');
  // Large enough for the highlights' rules to name the hosts that hold claims (see highlight-scope.ts).
  await padToScopedHighlights(page);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText(`Checked ${CLAIMS.length} claims.`)).toBeVisible();
  // What was sent holds every claim, as it reads in the page.
  const sent = JSON.stringify(double.endpointCalls().map((entry) => entry.body));
  for (const claim of CLAIMS) expect(sent).toContain(claim);
  await expect(popup.getByText(`Located ${CLAIMS.length} of ${CLAIMS.length} claims`)).toBeVisible();

  await page.bringToFront();
  await expect(badges(page)).toHaveCount(CLAIMS.length);
  expect((await highlightedTexts(page)).sort()).toEqual([...CLAIMS].sort());
  // Each is painted, in the shadow trees too: the highlights' rules name their outermost hosts, whose styles the trees
  // inherit.
  expect(await claimsPaint(page)).toEqual({ ranges: CLAIMS.length, unpainted: [] });
  await page.screenshot({ path: 'artifacts/e2e-components-highlights.png', fullPage: true });

  // The highlight paints inside the closed shadow tree: the box looks different once it is cleared.
  const factBox = page.locator('fact-box');
  const drawn = await factBox.screenshot();

  // A claim in the open shadow tree: its badge stands at the end of its line, and opens its card.
  const badge = page.getByRole('button', { name: /^False: Liquid water flows freely/ });
  const offset = await badge.evaluate((element) => {
    const host = document.querySelector('story-body')!;
    const paragraph = [...host.shadowRoot!.querySelectorAll('p')].at(-1)!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const last = [...range.getClientRects()].at(-1)!;
    const box = element.getBoundingClientRect();
    return { dx: Math.round(box.left - last.right), dy: Math.round(box.top - last.top) };
  });
  expect(Math.abs(offset.dx)).toBeLessThanOrEqual(1);
  expect(Math.abs(offset.dy + 9)).toBeLessThanOrEqual(1);
  await badge.click();
  await expect(overlayCard(page)).toContainText('Liquid water flows freely across the surface of Mars today.');
  await page.keyboard.press('Escape');

  // Changes inside a shadow tree are followed: a paragraph goes, and comes back.
  await page.evaluate(() => {
    const paragraph = [...document.querySelector('story-body')!.shadowRoot!.querySelectorAll('p')].at(-1)!;
    (window as unknown as { __kept: Element }).__kept = paragraph;
    paragraph.remove();
  });
  await expect(badges(page)).toHaveCount(CLAIMS.length - 1);
  await page.evaluate(() =>
    document.querySelector('story-body')!.shadowRoot!.append((window as unknown as { __kept: Element }).__kept),
  );
  await expect(badges(page)).toHaveCount(CLAIMS.length);

  await badge.click();
  await page.locator('factlens-overlay .card').getByRole('button', { name: 'All claims' }).click();
  await expect(overlayCard(page)).toContainText(`Located ${CLAIMS.length} of ${CLAIMS.length} claims`);
  await page.locator('factlens-overlay').getByRole('button', { name: 'Clear highlights' }).click();
  await expect(badges(page)).toHaveCount(0);
  expect(await highlightedTexts(page)).toEqual([]);
  expect((await factBox.screenshot()).equals(drawn)).toBe(false);
});
