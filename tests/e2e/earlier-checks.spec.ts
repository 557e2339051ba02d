/**
 * Earlier fact-checks in Chromium, against the double's Fact Check Tools search: shown in the card, the lists and the
 * history, with the badge's mark, when the user turned them on; nothing sent while off; a failed search leaves the
 * verdicts whole; a check exported as ClaimReview.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { overlayBadges as badges, overlayCard as card } from './chromium-steps';
import { expect } from './quick-expect';
import { E2E_KEY, e2eSettings, test, type TestFixtures } from './fixtures';
import type { Settings } from '@/utils/contract/settings';

const FC_KEY = 'fc-demo-key';

/** Saves the settings as the options page does, with the Fact Check Tools key; returns the options page. */
async function configureEarlier(
  openExtensionPage: TestFixtures['openExtensionPage'],
  doubleUrl: string,
  settings: Partial<Settings>,
): Promise<Page> {
  const options = await openExtensionPage('options.html');
  const reply = await options.evaluate((data) => chrome.runtime.sendMessage({ type: 'saveSettings', data }), {
    settings: e2eSettings(doubleUrl, { factCheckToolsUrl: doubleUrl, ...settings }),
    apiKey: E2E_KEY,
    factCheckKey: FC_KEY,
  });
  expect(reply).toMatchObject({ ok: true });
  return options;
}

async function checkArticleWith(
  {
    openExtensionPage,
    openDemoPage,
    openPopup,
  }: Pick<TestFixtures, 'openExtensionPage' | 'openDemoPage' | 'openPopup'>,
  doubleUrl: string,
  settings: Partial<Settings>,
): Promise<{ page: Page; popup: Page; options: Page }> {
  const options = await configureEarlier(openExtensionPage, doubleUrl, settings);
  const { page, tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await expect(badges(page)).toHaveCount(12);
  return { page, popup, options };
}

const greatWallBadge = (page: Page) =>
  page.getByRole('button', { name: /Great Wall of China.*Fact-checked before\.$/ });

test('with the switch on, earlier fact-checks show in the card, the lists and the history, and mark the badge', async ({
  openExtensionPage,
  openDemoPage,
  openPopup,
  double,
}) => {
  const { page, popup } = await checkArticleWith({ openExtensionPage, openDemoPage, openPopup }, double.url, {
    earlierChecks: true,
  });
  // The claims fact-checkers published are marked as their searches come back; the others are not.
  await expect(greatWallBadge(page)).toBeVisible();
  await expect(greatWallBadge(page)).toHaveClass(/\bearlier\b/);
  await expect(
    page.getByRole('button', { name: /^False: The far side of the Moon.*Fact-checked before\.$/ }),
  ).toBeVisible();
  await expect(page.locator('factlens-overlay .badge.earlier')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^[^:]+: The Moon is about 384,400 kilometres/ })).not.toHaveClass(
    /earlier/,
  );
  // Each claim was searched once, by its own words, in the page's language; nothing else of the page went.
  const searches = double.searches();
  expect(searches).toHaveLength(12);
  expect(searches.every((search) => search.query.languageCode === 'en' && !('url' in search.query))).toBe(true);
  expect(JSON.stringify(searches)).not.toContain('Demo Science Weekly');

  await greatWallBadge(page).focus();
  await page.keyboard.press('Enter');
  const opened = card(page);
  await expect(opened).toContainText('Earlier fact-checks');
  const reviews = opened.locator('ul.earlier > li');
  await expect(reviews).toHaveCount(2);
  // Newest first: publisher, rating in its words, date, and the review's title as a link.
  await expect(reviews.nth(0)).toContainText('Check Weekly rated it “Pants on Fire” · Feb 1, 2023');
  await expect(reviews.nth(1)).toContainText('Demo Fact Desk rated it “False” · Jun 14, 2021');
  await expect(
    reviews.nth(0).getByRole('link', { name: 'The Great Wall is not visible from the Moon' }),
  ).toHaveAttribute('href', 'https://checkweekly.example/fact-check/great-wall-visible-moon');

  // The page's list says it in a line.
  await opened.getByRole('button', { name: 'All claims' }).click();
  await expect(card(page)).toContainText(
    'Fact-checked before by Check Weekly: “Pants on Fire”; Demo Fact Desk: “False”.',
  );

  // The popup's list, and the history.
  const popupReviews = popup.locator('.earlier li');
  await expect(popupReviews).toHaveCount(4);
  await expect(popupReviews.first()).toContainText('Check Weekly rated it “Pants on Fire”');
  await popup.getByRole('button', { name: 'History' }).click();
  await popup.locator('.history-entry .link').first().click();
  await expect(popup.locator('.earlier li')).toHaveCount(4);

  // Exported as ClaimReview: the publisher named in the options is its author.
  await popup.getByRole('button', { name: 'Export as ClaimReview' }).click();
  await popup.getByLabel('Address it will be published at').fill('https://newsroom.example/checks/moon');
  await popup.getByRole('button', { name: 'Download ClaimReview' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Name your publisher first' })).toBeVisible();
  await configureEarlier(openExtensionPage, double.url, { earlierChecks: true, publisherName: 'Newsroom Example' });
  const [download] = await Promise.all([
    popup.waitForEvent('download'),
    popup.getByRole('button', { name: 'Download ClaimReview' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.claimreview\.jsonld$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as Array<Record<string, unknown>>;
  expect(exported.length).toBeGreaterThan(0);
  expect(exported[0]).toMatchObject({
    '@type': 'ClaimReview',
    url: 'https://newsroom.example/checks/moon',
    author: { name: 'Newsroom Example' },
  });
  const wall = exported.find((review) => String(review.claimReviewed).includes('Great Wall'));
  expect(wall).toMatchObject({ itemReviewed: { author: { name: 'Viral posts' } } });
});

test('off (as it is until turned on), no search reaches Fact Check Tools', async ({
  openExtensionPage,
  openDemoPage,
  openPopup,
  double,
}) => {
  const { page, popup } = await checkArticleWith({ openExtensionPage, openDemoPage, openPopup }, double.url, {
    earlierChecks: false,
  });
  // The verdicts are all in, and their cards open: nothing was searched meanwhile, nor is anything marked.
  await page.getByRole('button', { name: /^False: The far side of the Moon/ }).click();
  await expect(card(page)).toContainText('Correction:');
  expect(double.searches()).toEqual([]);
  await expect(page.locator('factlens-overlay .badge.earlier')).toHaveCount(0);
  await expect(popup.locator('.earlier')).toHaveCount(0);
});

test('a failing search is said in a line, and leaves the verdicts whole', async ({
  openExtensionPage,
  openDemoPage,
  openPopup,
  double,
}) => {
  double.setSearchFault({ kind: 'rate-limit' });
  const { page, popup } = await checkArticleWith({ openExtensionPage, openDemoPage, openPopup }, double.url, {
    earlierChecks: true,
  });
  await expect(
    popup.getByText(/^Earlier fact-checks: Fact Check Tools is limiting how often your key can search\./),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^False: The far side of the Moon/ })).toBeVisible();
  await expect(page.locator('factlens-overlay .badge.earlier')).toHaveCount(0);
  // Given up after the refusal: the check's other claims were not each sent to be refused too.
  expect(double.searches().length).toBeLessThanOrEqual(2);
});
