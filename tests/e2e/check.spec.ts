/** Checking a page, a selection or a draft from each entry point, against the double, in real Chromium. */
import { fingerprintKey } from '../../service-double/server';
import { actionTitle, badgeText } from './worker-probes';
import { E2E_KEY, test } from './fixtures';
import { expect } from './quick-expect';
import { fillSettings, overlayBadges } from './chromium-steps';

const ARTICLE_CLAIMS = 12;

test('the popup checks the article by its address: every claim listed with its verdict, correction, reasoning and sources', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  const { tabId, page: article } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await expect(popup.getByText('The page’s address is sent; the service reads the page itself.')).toBeVisible();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Checked' })).toHaveText(
    `Checked ${ARTICLE_CLAIMS} claims.`,
  );

  const claims = popup.locator('.claim');
  await expect(claims).toHaveCount(ARTICLE_CLAIMS);
  await expect(popup.getByText('Sent by address')).toBeVisible();
  // All four verdicts appear, in words (never colour alone).
  for (const label of ['True', 'False', 'Partly true', 'Needs more information'])
    await expect(claims.locator('.verdict strong', { hasText: new RegExp(`^${label}$`) }).first()).toBeVisible();
  // The service's own words ("Partially true", "Need more information") are the labels in other words: not shown
  // beside them, where they read as noise.
  for (const label of ['Partly true', 'Needs more information'])
    await expect(claims.locator('.verdict').filter({ hasText: label }).first()).toHaveText(
      new RegExp(`^\\S+ ${label}$`),
    );
  const greatWall = claims.filter({ hasText: 'Great Wall of China' });
  await expect(greatWall.locator('.verdict strong')).toHaveText('False');
  await expect(greatWall).toContainText('Correction:');
  await greatWall.getByText(/Reasoning and \d+ sources/).click();
  const sourceLinks = greatWall.locator('.sources a');
  expect(await sourceLinks.count()).toBeGreaterThan(0);
  for (const href of await sourceLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    // At the fact each source was cited for (a text fragment), as in the card.
    expect(href).toMatch(/^https?:\/\/[^#]+#:~:text=/);
  await expect(greatWall.locator('.reasoning sup a').first()).toHaveAttribute('rel', 'noopener noreferrer');

  // The double saw exactly: one detection by URL, then verification batches covering each claim once.
  const detect = double.endpointCalls('detectClaims');
  expect(detect).toHaveLength(1);
  expect(detect[0]?.body).toEqual({ url: article.url() });
  const verify = double.endpointCalls('factCheckClaims');
  const sent = verify.flatMap((call) => (call.body as { claims: string[] }).claims);
  expect(sent).toHaveLength(ARTICLE_CLAIMS);
  expect(new Set(sent).size).toBe(ARTICLE_CLAIMS);
  // Batches of 1, then 3 (three in flight at once, so they reach the double in any order).
  expect(verify.map((call) => (call.body as { claims: string[] }).claims.length).sort()).toEqual([1, 2, 3, 3, 3]);
  for (const call of [...detect, ...verify])
    expect(call).toMatchObject({ keyFingerprint: fingerprintKey(E2E_KEY), authorized: true, outcome: 200 });
  expect(verify[0]?.body).toMatchObject({ headline: 'What we know about the Moon', language: 'English-US' });
  expect(double.endpointCalls()).toHaveLength(1 + verify.length);

  // Credits: this check's total and the running ledger match the double's ledger.
  await expect(popup.locator('.credits')).toHaveText(
    `This check: ${double.credits.total} credits · All checks: ${double.credits.total} credits`,
  );
});

test('a page the service cannot reach is sent as its readable text; a second check of it is served from the cache', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  // localhost is this computer: the service (at 127.0.0.1 here, a different host) cannot fetch it.
  const { tabId } = await openDemoPage('article.html', 'localhost');
  const popup = await openPopup(tabId);
  await expect(popup.getByText(/localhost is on this computer or a private network/)).toBeVisible();
  await expect(popup.getByRole('button', { name: /instead/ })).toHaveCount(0);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText(`Checked ${ARTICLE_CLAIMS} claims.`)).toBeVisible();
  await expect(popup.getByText(/Sent as text \([\d,]+ characters\)/)).toBeVisible();

  const [detect] = double.endpointCalls('detectClaims');
  const blog = (detect?.body as { blog: string }).blog;
  // The readable main content: the article's paragraphs, not the menu or the footer.
  expect(blog).toContain('The Moon is about 384,400 kilometres from Earth on average.');
  expect(blog).toContain('Great Wall of China');
  expect(blog).not.toMatch(/Subscribe|Home\s*Write/);
  expect(blog).not.toMatch(/ {2,}/);
  const callsAfterFirst = double.endpointCalls().length;
  const creditsAfterFirst = double.credits.total;

  // Unchanged content, same language and headline: no call, and the result says how old it is.
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('From your check just now; no credits used now.')).toBeVisible();
  await expect(popup.locator('.claim')).toHaveCount(ARTICLE_CLAIMS);
  expect(double.endpointCalls()).toHaveLength(callsAfterFirst);
  expect(double.credits.total).toBe(creditsAfterFirst);

  // Asking to re-check does call again.
  await popup.getByRole('button', { name: 'Re-check' }).click();
  await expect(popup.getByText(/^From your check/)).toHaveCount(0);
  await expect(popup.getByText(`Checked ${ARTICLE_CLAIMS} claims.`)).toBeVisible();
  expect(double.endpointCalls('detectClaims')).toHaveLength(2);
});

test('the user can switch a public page from its address to its text, and one-call mode uses 4.8 alone', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure({ checkMode: 'one-call' });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Send the text instead' }).click();
  await expect(popup.getByText('The page’s text will be sent.')).toBeVisible();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText(`Checked ${ARTICLE_CLAIMS} claims.`)).toBeVisible();
  const calls = double.endpointCalls();
  expect(calls.map((call) => call.endpoint)).toEqual(['detectAndVerifyClaims']);
  expect(calls[0]?.body).toMatchObject({
    blog: expect.stringContaining('Neil Armstrong and Buzz Aldrin landed on the Moon'),
    blog_headline_topic: 'What we know about the Moon',
  });
  // And back to the address, from the result.
  await popup.getByRole('button', { name: 'Send the address instead' }).click();
  await expect(popup.getByText('Sent by address')).toBeVisible();
  await expect(popup.getByText(`Checked ${ARTICLE_CLAIMS} claims.`)).toBeVisible();
  expect(double.endpointCalls('detectAndVerifyClaims')[1]?.body).toMatchObject({
    url: expect.stringContaining('/demo/article.html'),
  });
});

test('a selection with no statement of fact: the popup says no claims were found (not “Checked 0 claims”), and the toolbar badge shows 0, not the ✓ of all true', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  await page.evaluate(() => {
    const greeting = document.createElement('p');
    greeting.textContent = 'Hello there! What a lovely day to read about it.';
    document.body.prepend(greeting);
    const range = document.createRange();
    range.selectNodeContents(greeting);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'No claims' })).toHaveText(
    'No claims to check: the service found no statement of fact in the selection.',
  );
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual(['detectClaims']);
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('0');
  await expect.poll(() => actionTitle(serviceWorker, tabId)).toBe('FactLens: no claims were found to check.');

  await popup.getByRole('button', { name: 'Detect claims' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'No claims' })).toHaveText(
    'No claims found in the selection.',
  );
});

test('claims found by “Detect claims” are verified as they are (no second detection, and the detection’s credits are not spent again); the result is what a check of the same selection then reads from the cache', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  await page.evaluate(() => getSelection()!.selectAllChildren(document.querySelectorAll('p')[1]!));
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Detect claims' }).click();
  await expect(popup.getByText('Found 3 claims.')).toBeVisible();
  const detected = await popup.locator('.claim blockquote').allInnerTexts();
  expect(detected).toHaveLength(3);

  await popup.getByRole('button', { name: 'Verify these 3 claims' }).click();
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();
  // What is sent is the claims' text, not the selection (270 characters).
  const sent = detected.reduce((length, claim) => length + claim.length, 0);
  expect(sent).toBeLessThan(270);
  await expect(popup.locator('.job .source')).toHaveText(
    `Sent as text (${sent} characters) The 3 claims found are verified; nothing is detected again.`,
  );
  await expect(popup.locator('.claim .verdict strong', { hasText: 'Detected' })).toHaveCount(0);
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual([
    'detectClaims',
    'factCheckClaims',
    'factCheckClaims',
  ]);
  const verified = double
    .endpointCalls('factCheckClaims')
    .flatMap((call) => (call.body as { claims: string[] }).claims);
  expect(verified).toEqual(detected);
  // Drawn in the page with their verdicts.
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(3);

  // A check of the same selection: the verified claims, from the cache.
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByText('From your check just now; no credits used now.')).toBeVisible();
  await expect(popup.locator('.claim')).toHaveCount(3);
  expect(double.endpointCalls()).toHaveLength(3);

  // The history keeps both, the detection said to be unverified (no empty verdicts between its separators).
  await popup.getByRole('button', { name: 'History', exact: true }).click();
  await expect(popup.locator('.history-entry .hint')).toHaveText([
    /^just now · 3 claims · ✓ 3 True · \d+ credits$/,
    /^just now · 3 claims · not verified · \d+ credits$/,
  ]);
});

test('the toolbar badge of a page checked, left and come back to shows again when its check comes from the cache (the browser clears it as the tab navigates)', async ({
  checkArticle,
  serviceWorker,
  double,
}) => {
  const { page, tabId, popup } = await checkArticle();
  // 4 claims to look at: 2 false, 1 partly true, 1 needing more information. The button's name says so in words.
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('4');
  await expect.poll(() => actionTitle(serviceWorker, tabId)).toBe('FactLens: 4 claims of 12 need a look.');
  await page.goto(`${double.url}/demo/draft-textarea.html`);
  await page.goto(`${double.url}/demo/article.html`);
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('');
  await popup.reload();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('From your check just now; no credits used now.')).toBeVisible();
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('4');
});

test('a checked page that is reloaded gets its claims drawn again, and its toolbar badge back, as the popup opens on it (the reload took both away; the check is still the page’s)', async ({
  checkArticle,
  serviceWorker,
  double,
}) => {
  const { page, tabId, popup } = await checkArticle();
  await page.reload();
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('');
  await expect(overlayBadges(page)).toHaveCount(0);
  const calls = double.endpointCalls().length;
  await popup.reload(); // The popup opened again.
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(12);
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('4');
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  expect(double.endpointCalls()).toHaveLength(calls);
});

test('with “the checked text’s own language” ticked in the options, a page declared German gets its verdicts in German, and a selection in a French quote in French', async ({
  openExtensionPage,
  openDemoPage,
  openPopup,
  double,
}) => {
  const options = await openExtensionPage('options.html');
  await fillSettings(options, E2E_KEY, double.url);
  await options.getByLabel('Output language').selectOption('Polish');
  await options.getByLabel('The checked text’s own language instead, when it is one of these').check();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText('Settings saved.');
  await options.close();

  const { page, tabId } = await openDemoPage('article.html');
  await page.evaluate(() => {
    document.documentElement.lang = 'de-AT';
    const quote = document.querySelectorAll('main p')[2]!;
    quote.setAttribute('lang', 'fr');
    const range = document.createRange();
    range.selectNodeContents(quote);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const languagesSent = () =>
    double.endpointCalls('factCheckClaims').map((call) => (call.body as { language: string }).language);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText(`Checked ${ARTICLE_CLAIMS} claims.`)).toBeVisible();
  expect(new Set(languagesSent())).toEqual(new Set(['German']));
  await expect(popup.getByText('Verdicts in German, the language this page declares.')).toBeVisible();

  const before = languagesSent().length;
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByRole('heading', { name: 'The selection' })).toBeVisible();
  await expect(popup.getByText(/^Checked \d+ claims?\.$/)).toBeVisible();
  expect(new Set(languagesSent().slice(before))).toEqual(new Set(['French']));
  await expect(popup.getByText('Verdicts in French, the language the selection declares.')).toBeVisible();

  // A page in a language the service does not write gets the one chosen: Polish.
  await page.evaluate(() => {
    document.documentElement.lang = 'ja';
    getSelection()!.removeAllRanges();
  });
  const seen = languagesSent().length;
  const again = await openPopup(tabId);
  await again.getByRole('button', { name: 'Check this page' }).click();
  await expect(again.getByRole('heading', { name: 'This page' })).toBeVisible();
  await expect(again.getByText(`Checked ${ARTICLE_CLAIMS} claims.`)).toBeVisible();
  expect(new Set(languagesSent().slice(seen))).toEqual(new Set(['Polish']));
  // The language chosen in the options is not announced: only one taken from the page is.
  await expect(again.getByText(/^Verdicts in/)).toHaveCount(0);
});
