/**
 * A Google Doc, on the Docs double served as docs.google.com over HTTPS (tests/e2e/docs-double/): its claims found in
 * the document's own export and drawn at their runs of the annotation layer, page by page as the view reaches them;
 * scrolling, zoom and an edit keep them in place; the card copies a correction and says why it writes nothing.
 */
import type { Page } from '@playwright/test';
import { overlayCard as card } from './chromium-steps';
import type { DocsDouble } from './docs-double/server';
import { DOC_CLAIMS, moonDocument } from './docs-double/moon-document';
import { claimsAtTheirRuns } from './docs-double/probes';
import { newestTabAt } from './in-page-probes';
import { pageCheckerIdle } from './page-checker-state';
import { expect } from './quick-expect';
import { test, type TestFixtures } from './fixtures';

const DOC_ID = '1MoonNotes-e2e';
/** A claim's card (the list of claims is a card too). */
const claimCard = (page: Page) => card(page).and(page.locator('factlens-overlay .card:not(.list)'));

/** Opens the 12-page document in a tab of the worker's Chromium, configured, with the popup for that tab. */
async function openDoc({
  docs,
  configure,
  context,
  serviceWorker,
  openPopup,
}: Pick<TestFixtures, 'configure' | 'context' | 'serviceWorker' | 'openPopup'> & { docs: DocsDouble }): Promise<{
  page: Page;
  popup: Page;
}> {
  docs.add(DOC_ID, { title: 'Moon notes', paragraphs: moonDocument() });
  await configure();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto(docs.url(DOC_ID));
  const tabId = await serviceWorker.evaluate(newestTabAt, docs.url(DOC_ID));
  return { page, popup: await openPopup(tabId) };
}

test('a 12-page Google Doc: its text from Docs’ export, never its address; its claims drawn at their runs as their pages come into view, and “Show in page” scrolls to one', async ({
  docs,
  double,
  configure,
  context,
  serviceWorker,
  openPopup,
}) => {
  const { page, popup } = await openDoc({ docs, configure, context, serviceWorker, openPopup });
  // FactLens asked Docs for its layer before Docs started: the flag is set, and the layer is there.
  expect(
    await page.evaluate(() => (window as unknown as { docsDouble: { annotate: boolean } }).docsDouble.annotate),
  ).toBe(true);
  await expect(popup.getByText('A Google Doc is sent as its text')).toBeVisible();
  await popup.getByRole('button', { name: 'Check this document' }).click();
  await expect(popup.getByText(/^Checked \d+ claims\.$/)).toBeVisible({ timeout: 30_000 });
  // The whole document went, as text: every claim, those on pages not drawn yet too; its address never did.
  const sent = double.endpointCalls('detectClaims').map((call) => JSON.stringify(call.body));
  expect(sent.join(' ')).toContain(DOC_CLAIMS.at(-1));
  expect(sent.join(' ')).not.toContain('docs.google.com');
  expect(docs.requests).toContain(`GET /document/d/${DOC_ID}/export?format=txt`);

  // The first page's claims are drawn at their runs; the last page's are not drawn yet (its tiles are not made).
  await expect.poll(async () => (await page.evaluate(claimsAtTheirRuns)).length).toBeGreaterThan(0);
  const first = await page.evaluate(claimsAtTheirRuns);
  expect(first.every((claim) => claim.atRun)).toBe(true);
  expect(first.map((claim) => claim.text)).not.toContain(DOC_CLAIMS.at(-1));

  // The popup lists the last claim as on a page not in view; its "Show in page" scrolls the Doc there, where the claim
  // is drawn at its runs, with its card open.
  const last = popup.locator('li.claim', { hasText: DOC_CLAIMS.at(-1) });
  await expect(last).toContainText('On a page of the document not in view yet.');
  await last.getByRole('button', { name: 'Show in page' }).click();
  // As the toolbar's popup stands over the page, the page stays shown (a tab behind a test's popup would not be drawn).
  await page.bringToFront();
  await expect(claimCard(page)).toContainText(DOC_CLAIMS.at(-1)!);
  await expect
    .poll(async () => {
      const shown = await page.evaluate(claimsAtTheirRuns);
      return shown.some((claim) => claim.text === DOC_CLAIMS.at(-1)) && shown.every((claim) => claim.atRun);
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await page.locator('.kix-appview-editor').evaluate((editor) => editor.scrollTo(0, 0));
  await expect
    .poll(async () => {
      const drawn = await page.evaluate(claimsAtTheirRuns);
      return drawn.some((claim) => claim.text === DOC_CLAIMS[0]) && drawn.every((claim) => claim.atRun);
    })
    .toBe(true);

  // Scrolled through, page by page: every claim is drawn at its runs once its page is in view, none misplaced.
  const seen = new Set<string>();
  for (let step = 0; step < 40; step++) {
    const drawn = await page.evaluate(claimsAtTheirRuns);
    expect(drawn.filter((claim) => !claim.atRun)).toEqual([]);
    for (const claim of drawn) seen.add(claim.text);
    const atEnd = await page.evaluate(() => {
      const editor = document.querySelector('.kix-appview-editor')!;
      const before = editor.scrollTop;
      // Tiles are made within a view's height of the view: a step of 1.8 views passes no page undrawn.
      editor.scrollBy(0, editor.clientHeight * 1.8);
      return editor.scrollTop === before;
    });
    if (atEnd) break;
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    await expect.poll(async () => (await page.evaluate(claimsAtTheirRuns)).some((claim) => !claim.atRun)).toBe(false);
  }
  await expect
    .poll(async () => {
      for (const claim of await page.evaluate(claimsAtTheirRuns)) seen.add(claim.text);
      return DOC_CLAIMS.filter((claim) => !seen.has(claim));
    })
    .toEqual([]);
});

test('in a Doc, zoom and an edit keep the claims at their runs; the card copies a correction and says it writes nothing; the list scrolls to a claim', async ({
  docs,
  configure,
  context,
  serviceWorker,
  openPopup,
}) => {
  const { page, popup } = await openDoc({ docs, configure, context, serviceWorker, openPopup });
  await popup.getByRole('button', { name: 'Check this document' }).click();
  await expect(popup.getByText(/^Checked \d+ claims\.$/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await page.evaluate(claimsAtTheirRuns)).length).toBeGreaterThan(1);

  // Zoomed to 150%: the tiles are made again, larger; the claims follow.
  await page.evaluate(() =>
    (window as unknown as { docsDouble: { setZoom(zoom: number): void } }).docsDouble.setZoom(1.5),
  );
  await expect
    .poll(async () => {
      const drawn = await page.evaluate(claimsAtTheirRuns);
      return drawn.length > 0 && drawn.every((claim) => claim.atRun);
    })
    .toBe(true);

  // An edit above the first claim moves it down a line: its page is made again, and the claim follows.
  await page.evaluate(() =>
    (window as unknown as { docsDouble: { setZoom(zoom: number): void } }).docsDouble.setZoom(1),
  );
  const firstRun = page.locator('.kix-appview-editor rect[aria-label]').first();
  await firstRun.click();
  await page.keyboard.type('Added words before the notes start here and more of them to wrap. ');
  await expect
    .poll(async () => {
      const drawn = await page.evaluate(claimsAtTheirRuns);
      return drawn.length > 0 && drawn.every((claim) => claim.atRun);
    })
    .toBe(true);

  // The card: Copy correction, and no Apply; it says why.
  // A claim with a correction (a False one), scrolled to as a reader would.
  // Counted once the double has made its tiles and FactLens has placed its badges after the last scroll: a badge
  // counted before would be one the scroll is about to hide.
  const falseClaim = page.locator('factlens-overlay .badge.refuted:not(.rough):not([hidden])').first();
  await page.bringToFront();
  await expect
    .poll(async () => {
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
      await pageCheckerIdle(serviceWorker, page);
      if (await falseClaim.count()) return true;
      await page.locator('.kix-appview-editor').evaluate((editor) => editor.scrollBy(0, editor.clientHeight * 0.5));
      return false;
    })
    .toBe(true);
  await falseClaim.click();
  await expect(card(page)).toContainText('FactLens cannot write into a Google Doc');
  await expect(card(page).getByRole('button', { name: 'Apply correction' })).toHaveCount(0);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card(page).getByRole('button', { name: 'Copy correction' }).click();
  await expect(card(page).getByRole('status')).toHaveText('Correction copied.');

  // The page's list of claims, from the first page: one on a page not drawn is listed as such, and a click scrolls the
  // Doc to it.
  await page.keyboard.press('Escape');
  await page.locator('.kix-appview-editor').evaluate((editor) => editor.scrollTo(0, 0));
  const firstBadge = page.getByRole('button', { name: new RegExp(`^\\w[\\w ]*: ${DOC_CLAIMS[0]!.slice(0, 20)}`) });
  await firstBadge.click();
  await card(page).getByRole('button', { name: 'All claims' }).click();
  // A claim since deleted from the document (by a collaborator, saved: the export no longer holds it) is looked for,
  // and the list says it is gone.
  const gone = DOC_CLAIMS.at(-2)!;
  await page.evaluate(() => (window as unknown as { docsDouble: { saved(): Promise<void> } }).docsDouble.saved());
  docs.add(DOC_ID, {
    title: 'Moon notes',
    paragraphs: docs
      .textOf(DOC_ID)
      .split('\n')
      .map((text) => text.replace(` ${gone}`, '')),
  });
  const goneListed = page.locator('factlens-overlay .card.list li', { hasText: gone });
  await expect(goneListed).toContainText('On a page of the document not in view yet.');
  await goneListed.getByRole('button').click();
  await expect(page.locator('factlens-overlay .card.list .status')).toHaveText(
    'This claim is no longer in the document: it may have been edited or deleted.',
  );
  const listed = page.locator('factlens-overlay .card.list li', { hasText: DOC_CLAIMS.at(-1) });
  await expect(listed).toContainText('On a page of the document not in view yet.');
  await listed.getByRole('button').click();
  await expect(claimCard(page)).toContainText(DOC_CLAIMS.at(-1)!);
  await expect
    .poll(async () => await page.evaluate(claimsAtTheirRuns))
    .toContainEqual({ text: DOC_CLAIMS.at(-1), atRun: true });
});

test('checking as one writes in a Doc: the finished sentences the person typed go after a pause, a script’s never; an edit in a claim marks it changed and sends that sentence alone', async ({
  docs,
  double,
  configure,
  context,
  serviceWorker,
  openPopup,
}) => {
  const { page, popup } = await openDoc({ docs, configure, context, serviceWorker, openPopup });
  const toggle = popup.getByRole('switch', { name: 'Check as I write on this site' });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await popup.close();
  // The site's script runs as the Doc loads again.
  await page.reload();
  const detected = () => double.endpointCalls('detectClaims').map((call) => (call.body as { blog: string }).blog);

  // Just after the first sentence's full stop (a run of its own), a page's script types a finished sentence (keys it
  // makes are not trusted), then the person types two.
  const stop = (await page.locator('.kix-appview-editor rect[aria-label="."]').first().boundingBox())!;
  await page.mouse.click(stop.x + stop.width + 1, stop.y + stop.height / 2);
  // FactLens watches the Doc: its indicator shows at the editor's corner.
  await expect(page.locator('factlens-overlay .indicator')).toHaveAccessibleName(
    'FactLens: checks this draft when you pause',
  );
  await page.evaluate((text) => {
    const keys = document.querySelector<HTMLIFrameElement>('.docs-texteventtarget-iframe')!.contentDocument!;
    for (const key of text) keys.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, ' Buy our pills in 2026 at half price.');
  const typed = 'Neil Armstrong stepped onto the Moon in 1969. Mir orbited Earth for 15 years.';
  await page.keyboard.type(` ${typed}`);
  await expect.poll(detected).toEqual([typed]);
  await expect
    .poll(async () => (await page.evaluate(claimsAtTheirRuns)).filter((claim) => claim.text.startsWith('Mir')))
    .toEqual([{ text: 'Mir orbited Earth for 15 years.', atRun: true }]);

  // An edit in a claim marks it changed at once; after the pause that sentence alone is sent again.
  const mir = page.locator('.kix-appview-editor rect[aria-label^="Mir orbited"]');
  const box = (await mir.boundingBox())!;
  // Just after its first run, inside the claim.
  await page.mouse.click(box.x + box.width + 1, box.y + box.height / 2);
  await page.keyboard.type(' in all');
  const edited = await page.evaluate(
    () => /Mir orbited[^.]*\./.exec((window as unknown as { docsDouble: { text(): string } }).docsDouble.text())![0],
  );
  expect(edited).toContain(' in all');
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...(CSS.highlights.get('factlens-stale') ?? [])].map((range) => range.toString().replace(/\s+/g, ' ')),
      ),
    )
    .toEqual([edited]);
  await expect.poll(detected).toEqual([typed, edited]);
  expect(detected().join(' ')).not.toContain('pills');
});
