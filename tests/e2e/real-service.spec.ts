/**
 * Checks against the double answering as the real service is known to (docs/service-contract.md): claims that
 * start with numbers, an item that cannot be read, citations by their index from 0, and 4.9's path without v2.
 */
import { expect } from './quick-expect';
import { highlightedTexts, overlayBadges } from './chromium-steps';
import { test, type TestFixtures } from './fixtures';

const NUMBER_CLAIMS = [
  '3.5 million people visited the Ice Hotel in Jukkasjärvi during 2023.',
  '10:30 is when the first guided tour of the frozen lake starts each morning.',
  '-40 degrees is the same temperature on the Celsius and Fahrenheit scales.',
  '1.2 km of ice road links the island of Hailuoto to the mainland every winter.',
  '2024: the year Sweden measured its coldest January night since 1999.',
];
const UNREADABLE = NUMBER_CLAIMS[2]!;

/** Opens a demo page and checks it from the popup, until the popup says how many claims it checked. */
async function checkFromPopup(
  { openDemoPage, openPopup }: Pick<TestFixtures, 'openDemoPage' | 'openPopup'>,
  file: string,
  claims: number,
) {
  const { tabId, page } = await openDemoPage(file);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Checked' })).toHaveText(`Checked ${claims} claims.`);
  return { page, popup };
}

test('claims that start with numbers are listed, sent and highlighted whole; one unreadable answer is that claim’s own state, and its Retry sends it alone', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  double.setForms({ unreadableClaims: ['Fahrenheit'] });
  const { page, popup } = await checkFromPopup({ openDemoPage, openPopup }, 'numbers.html', 5);

  // Listed and sent with their leading numbers, in one call each element (the evidence's form of 4.3).
  await expect(popup.locator('.claim .claim-text')).toHaveText(NUMBER_CLAIMS);
  const sent = double.endpointCalls('factCheckClaims').flatMap((call) => (call.body as { claims: string[] }).claims);
  expect(sent.sort()).toEqual([...NUMBER_CLAIMS].sort());
  // Highlighted on their whole sentences, numbers and all.
  await expect.poll(async () => (await highlightedTexts(page)).sort()).toEqual([...NUMBER_CLAIMS].sort());

  // The unreadable one shows its own state; every other claim keeps its verdict.
  const unreadable = popup.locator('.claim').filter({ hasText: UNREADABLE });
  await expect(unreadable.locator('.verdict strong')).toHaveText(
    'The service’s answer for this claim could not be read',
  );
  await unreadable.getByText('What arrived').click();
  await expect(unreadable.locator('.raw')).toContainText('{factuality:');
  const others = popup.locator('.claim').filter({ hasNotText: UNREADABLE });
  await expect(others.locator('.verdict strong')).toHaveText(
    Array(4).fill(/^(True|False|Partly true|Needs more information)$/),
  );
  await expect(overlayBadges(page).filter({ hasText: '!' })).toHaveCount(1);
  await expect(overlayBadges(page).filter({ hasText: '!' })).toHaveAccessibleName(
    /^The service’s answer for this claim could not be read: -40 degrees/,
  );

  // Retry sends that claim alone, and its verdict lands; nothing else is sent again.
  double.setForms({ unreadableClaims: [] });
  const callsBefore = double.endpointCalls().length;
  await unreadable.getByRole('button', { name: 'Retry this claim' }).click();
  await expect(unreadable.locator('.verdict strong')).toHaveText('True');
  const retried = double.endpointCalls().slice(callsBefore);
  expect(retried.map((call) => [call.endpoint, (call.body as { claims: string[] }).claims])).toEqual([
    ['factCheckClaims', [UNREADABLE]],
  ]);
  await expect(overlayBadges(page).filter({ hasText: '!' })).toHaveCount(0);
  await expect(popup.locator('.claim .verdict strong')).toHaveText(
    Array(5).fill(/^(True|False|Partly true|Needs more information)$/),
  );
});

test('each citation links the source at its index from 0; a marker out of range stays text', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  const sources = ['https://one.example/a', 'https://two.example/b', 'https://three.example/c'];
  double.setVerdictPatch({
    reasoning: 'The record says otherwise^1, and so does the census^2. See also^7.',
    sources: sources.map((link, index) => ({ fact: `Source ${index}`, link, score: 0.9 })),
  });
  const { popup } = await checkFromPopup({ openDemoPage, openPopup }, 'numbers.html', 5);
  const claim = popup.locator('.claim').first();
  await claim.getByText('Reasoning and 3 sources').click();
  // ^1 and ^2 are the second and third sources (shown as [2] and [3]), as the public caller reads them.
  await expect(claim.locator('.reasoning sup a')).toHaveCount(2);
  expect(
    await claim.locator('.reasoning sup a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
  ).toEqual(sources.slice(1));
  await expect(claim.locator('.reasoning sup a')).toHaveText(['[2]', '[3]']);
  await expect(claim.locator('.reasoning')).toContainText('See also^7.');
});

test('a service where 4.9’s v2 path is missing gets its verdicts through the path without v2, billed once', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  double.setForms({ factCheckPaths: 'plain-only' });
  const { popup } = await checkFromPopup({ openDemoPage, openPopup }, 'article.html', 12);
  await expect(popup.locator('.claim .verdict strong')).toHaveText(
    Array(12).fill(/^(True|False|Partly true|Needs more information)$/),
  );
  const calls = double.log.filter((entry) => entry.path.endsWith('/blog/fact/check'));
  const missing = calls.filter((call) => call.outcome === 404);
  // The first batches went out together, each finding v2 missing once; after that, the path is known.
  expect(missing.length).toBeGreaterThan(0);
  expect(missing.every((call) => call.path === '/custom/api/v2/blog/fact/check')).toBe(true);
  expect(
    calls.filter((call) => call.outcome === 200).every((call) => call.path === '/custom/api/blog/fact/check'),
  ).toBe(true);
  expect(double.credits.byEndpoint.factCheckClaims).toBe(12 * 2);
});
