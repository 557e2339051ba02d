/**
 * The whole flow on real pages: each page of ../shared/corpus/pages (its scripts stripped, as the bench loads it)
 * is checked from the popup, sent as its text (it is served from localhost, out of the service's reach), and
 * every claim the double detects in that text is located in the page, highlighted, and given a badge. The golden
 * tests pin where claims land; this pins that what the extension sends and what it finds agree on real markup
 * (hidden formulas, inline links and emphasis, odd whitespace).
 */
import { corpusHtml, corpusPages, selectLongestParagraphs } from '../../bench/corpus';
import { expect } from './quick-expect';
import { inBothBrowsers, inChromium } from './users/in-both-browsers';
import { EVERY_VERDICT } from './users/steps';

/** Too long to be checked whole (123,403 characters of main text): its longest paragraphs are checked as a selection. */
const TOO_LONG = 'wikipedia-2.html';

/**
 * The pages checked in Firefox too, each with markup of its own: medium-1's deep indentation between inline tags,
 * lwn-1's preformatted text and 43 claims, wikipedia-3's hidden formulas inside sentences, yahoo-3's scattered blocks
 * (and a claim on a dark band). Firefox lays out and walks text apart from Chromium (its own whitespace, visibility
 * and Range geometry); the other pages run in Chromium alone, for the suite's time.
 */
const IN_FIREFOX_TOO: ReadonlySet<string> = new Set([
  'medium-1.html',
  'lwn-1.html',
  'wikipedia-3.html',
  'yahoo-3.html',
]);

for (const file of corpusPages())
  (IN_FIREFOX_TOO.has(file) ? inBothBrowsers : inChromium)(
    `every claim detected in ${file} is located, highlighted and badged`,
    async (browser) => {
      await browser.configure();
      const page = await browser.openServedPage(file, corpusHtml(file), 'localhost');
      // The popup reads the selection when it opens: it is made first.
      if (file === TOO_LONG) expect(await page.evaluate(selectLongestParagraphs)).toBeGreaterThan(1000);
      const popup = await browser.openPopup(page.tabId);
      await popup.click('Check this page');
      if (file === TOO_LONG) {
        await popup.waitForText(/a check takes at most 96,000/);
        await popup.click('Check selection');
      }
      await popup.waitForText(/Checked \d+ claims\./, 30_000);
      const checked = Number(/Checked (\d+) claims\./.exec(await popup.text())![1]);
      expect(checked).toBeGreaterThanOrEqual(3);
      await popup.waitForText(`Located ${checked} of ${checked} claims`);
      await page.bringToFront();
      await expect.poll(async () => (await page.badgeLabels()).length).toBe(checked);
      // On a light ground or a dark one (a claim in yahoo-3's dark band).
      expect(await page.highlighted(EVERY_VERDICT)).toHaveLength(checked);
    },
  );
