/** The last checks: listed with their counts and credits, reopened, exported as Markdown and JSON, cleared. */
import { readFile } from 'node:fs/promises';
import { axeViolations } from './axe';
import type { Locator } from '@playwright/test';
import { expect } from './quick-expect';
import { inLanguage } from './worker-probes';
import { test } from './fixtures';

test('a finished check is in the history; it reopens, exports as Markdown and JSON, and the history clears', async ({
  popupOn,
  serviceWorker,
  double,
}) => {
  const { page, popup } = await popupOn();
  // The page declares British English: its title and quotes are kept in it (the popup's own words are "en").
  await page.evaluate(() => (document.documentElement.lang = 'en-GB'));
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  const inBritishEnglish = (locator: Locator) => inLanguage(locator, 'en-GB');

  await popup.getByRole('button', { name: 'History' }).click();
  const entry = popup.locator('.history-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('What we know about the Moon – Demo Science Weekly');
  await expect(entry).toContainText('12 claims');
  await expect(entry).toContainText('✗ 2 False');
  await expect(entry).toContainText(`${double.credits.total} credits`);
  expect(await inBritishEnglish(entry.locator('bdi'))).toBe(true);
  expect(await inBritishEnglish(entry.getByRole('button', { name: 'Export JSON' }))).toBe(false);

  const [markdownDownload] = await Promise.all([
    popup.waitForEvent('download'),
    entry.getByRole('button', { name: 'Export Markdown' }).click(),
  ]);
  expect(markdownDownload.suggestedFilename()).toMatch(
    /^factlens-what-we-know-about-the-moon-demo-science-weekly-\d{4}-\d{2}-\d{2}\.md$/,
  );
  const markdown = await readFile((await markdownDownload.path())!, 'utf8');
  expect(markdown).toMatch(/^# Fact check: What we know about the Moon – Demo Science Weekly\n/);
  expect(markdown).toContain('## 10. ✗ False');
  expect(markdown).toContain('> The far side of the Moon never receives sunlight.');
  expect(markdown).toContain('**Correction:** The far side of the Moon is never visible from Earth');
  expect(markdown).toMatch(/\*\*Sources:\*\*\n\n1\. \[[a-z.]+\]\(<https:\/\/[^>]+>\) \(score [\d.]+\): /);
  expect(markdown.match(/^## \d+\. /gm)).toHaveLength(12);

  const [jsonDownload] = await Promise.all([
    popup.waitForEvent('download'),
    entry.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const json = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as {
    format: string;
    claims: unknown[];
    credits: { used: number };
  };
  expect(json.format).toBe('factlens-check');
  expect(json.claims).toHaveLength(12);
  expect(json.credits.used).toBe(double.credits.total);

  // Reopening shows its results without any call.
  const calls = double.endpointCalls().length;
  await entry.getByRole('button', { name: /^What we know about the Moon/ }).click();
  await expect(popup.locator('.claim')).toHaveCount(12);
  expect(double.endpointCalls()).toHaveLength(calls);
  expect(await inBritishEnglish(popup.getByRole('heading', { name: /^What we know about the Moon/ }))).toBe(true);
  expect(await inBritishEnglish(popup.locator('.claim-text').first())).toBe(true);
  const pageLink = popup.getByRole('link', { name: 'Open the page' });
  await expect(pageLink).toHaveAttribute('href', `${double.url}/demo/article.html`);
  await expect(pageLink).toHaveAttribute('rel', 'noopener noreferrer');
  await popup.getByRole('button', { name: '← All checks' }).click();

  // Clearing asks first; Keep keeps the check, and gives the keyboard back to the button.
  await popup.getByRole('button', { name: 'Clear history' }).click();
  await expect(popup.getByText('Remove the check kept here? Its verdicts cannot be brought back.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Remove it' })).toBeFocused();
  for (const colorScheme of ['light', 'dark'] as const) {
    await popup.emulateMedia({ colorScheme });
    expect(await axeViolations(popup)).toEqual([]);
  }
  await popup.getByRole('button', { name: 'Keep it' }).click();
  await expect(popup.getByRole('button', { name: 'Clear history' })).toBeFocused();
  await expect(entry).toHaveCount(1);
  // What the session holds: the check (its texts), and a Write view form's kept field.
  await serviceWorker.evaluate(() => chrome.storage.session.set({ 'writeDraft:keywords.keywords': 'moon, tides' }));
  const sessionHolds = () =>
    serviceWorker.evaluate(async () => {
      const stored = await chrome.storage.session.get(null);
      return {
        jobs: (stored.jobs as unknown[]).length,
        forms: Object.keys(stored).filter((key) => key.startsWith('writeDraft:')),
      };
    });
  expect(await sessionHolds()).toEqual({ jobs: 1, forms: ['writeDraft:keywords.keywords'] });
  await popup.getByRole('button', { name: 'Clear history' }).click();
  await popup.getByRole('button', { name: 'Remove it' }).click();
  await expect(popup.getByText(/^No checks yet\./)).toBeVisible();
  // The session's checks and the forms' text go with it.
  expect(await sessionHolds()).toEqual({ jobs: 0, forms: [] });
  await popup.reload();
  await popup.getByRole('button', { name: 'History' }).click();
  await expect(popup.getByText(/^No checks yet\./)).toBeVisible();
});

test('one check is removed from the history, with an Undo that puts it back in its place; removed, it stays removed', async ({
  popupOn,
}) => {
  const { popup } = await popupOn();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  // The same page again comes from the cache (not a new check); Re-check makes one.
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await popup.getByRole('button', { name: 'Re-check' }).click();
  await expect(popup.getByText(/^From your check/)).toHaveCount(0);
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await popup.getByRole('button', { name: 'History' }).click();
  const entries = popup.locator('.history-entry');
  await expect(entries).toHaveCount(2);
  const ids = await entries.evaluateAll((all) => all.map((entry) => entry.getAttribute('data-entry')));

  // The newer one removed: the older stays, and the keyboard is on the Undo.
  await entries
    .first()
    .getByRole('button', { name: 'Remove “What we know about the Moon – Demo Science Weekly”' })
    .click();
  await expect(entries).toHaveCount(1);
  await expect(popup.getByRole('status')).toHaveText(
    'Removed “What we know about the Moon – Demo Science Weekly” from the history.',
  );
  const undo = popup.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  expect(await axeViolations(popup)).toEqual([]);
  await undo.click();
  await expect(entries).toHaveCount(2);
  expect(await entries.evaluateAll((all) => all.map((entry) => entry.getAttribute('data-entry')))).toEqual(ids);
  await expect(entries.first().locator('button.link')).toBeFocused();

  // Removed again, it is gone for good: not there when the popup opens again.
  await entries
    .first()
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(entries).toHaveCount(1);
  await popup.reload();
  await popup.getByRole('button', { name: 'History' }).click();
  await expect(entries).toHaveCount(1);
  expect(await entries.getAttribute('data-entry')).toBe(ids[1]);
});

test('a selection’s check keeps its page’s title in the page’s language, and its quotes in the selection’s', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  // A German page, and in it a French paragraph, selected.
  const { page, tabId } = await openDemoPage('article.html');
  await page.evaluate(() => {
    document.documentElement.lang = 'de';
    const paragraph = Object.assign(document.createElement('p'), {
      lang: 'fr',
      textContent:
        'La tour Eiffel mesure 330 mètres de haut et reçoit près de sept millions de visiteurs chaque année.',
    });
    document.querySelector('article h1')!.after(paragraph);
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByText('Checked 1 claim.')).toBeVisible();

  await popup.getByRole('button', { name: 'History' }).click();
  const entry = popup.locator('.history-entry');
  await expect(entry).toHaveCount(1);
  expect(await inLanguage(entry.locator('bdi'), 'de')).toBe(true);
  await entry.getByRole('button', { name: /^What we know about the Moon/ }).click();
  expect(await inLanguage(popup.locator('#history-entry-heading'), 'de')).toBe(true);
  expect(await inLanguage(popup.locator('blockquote.claim-text').first(), 'fr')).toBe(true);
});
