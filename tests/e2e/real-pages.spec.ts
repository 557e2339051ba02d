/**
 * The whole flow on real pages: each page of ../shared/corpus/pages (its scripts stripped, as the bench loads it)
 * is checked from the popup, sent as its text (it is served from localhost, out of the service's reach), and
 * every claim the double detects in that text is located in the page, highlighted, and given a badge. The golden
 * tests pin where claims land; this pins that what the extension sends and what it finds agree on real markup
 * (hidden formulas, inline links and emphasis, odd whitespace).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { corpusHtml, corpusPages, selectLongestParagraphs } from '../../bench/corpus';
import { expect, highlightedTexts, overlayBadges as badges, test } from './fixtures';

const PAGES = corpusPages();
/** Too long to be checked whole (123,403 characters of main text): its longest paragraphs are checked as a selection. */
const TOO_LONG = 'wikipedia-2.html';

/** Serves a corpus page at a localhost address, its scripts stripped, and opens it; returns the page and its address. */
async function openCorpusPage(context: BrowserContext, file: string): Promise<{ page: Page; url: string }> {
  const html = corpusHtml(file);
  const url = `http://localhost:7/corpus/${file}`;
  // The page alone: its images, styles and frames from elsewhere are refused, as the bench refuses them.
  await context.route(
    (address) => address.hostname === 'localhost' && address.port === '7',
    (route) =>
      route.request().url() === url
        ? route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' })
        : route.abort(),
  );
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return { page, url };
}

for (const file of PAGES)
  test(`every claim detected in ${file} is located, highlighted and badged`, async ({
    context,
    configure,
    serviceWorker,
    openPopup,
  }) => {
    await configure();
    const { page, url } = await openCorpusPage(context, file);
    const tabId = await serviceWorker.evaluate(
      async (address) => (await chrome.tabs.query({})).find((tab) => tab.url === address)?.id,
      url,
    );
    // The popup reads the selection when it opens: it is made first.
    if (file === TOO_LONG) expect(await page.evaluate(selectLongestParagraphs)).toBeGreaterThan(1000);
    const popup = await openPopup(tabId!);
    await popup.getByRole('button', { name: 'Check this page' }).click();
    if (file === TOO_LONG) {
      await expect(popup.getByText(/a check takes at most 96,000/)).toBeVisible();
      await popup.getByRole('button', { name: 'Check selection' }).click();
    }
    await expect(popup.getByText(/^Checked \d+ claims\.$/)).toBeVisible({ timeout: 30_000 });
    const checked = Number((await popup.getByText(/^Checked \d+ claims\.$/).innerText()).match(/\d+/)![0]);
    expect(checked).toBeGreaterThanOrEqual(3);
    await expect(popup.getByText(new RegExp(`^Located ${checked} of ${checked} claims`))).toBeVisible();
    await page.bringToFront();
    await expect(badges(page)).toHaveCount(checked);
    expect(await highlightedTexts(page)).toHaveLength(checked);
  });
