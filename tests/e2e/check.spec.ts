/** Checking a page, a selection or a draft from each entry point, against the double, in real Chromium. */
import { fingerprintKey } from '../../service-double/server';
import { E2E_KEY, expect, test } from './fixtures';

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
  await expect(popup.getByText('The page’s address will be sent.')).toBeVisible();
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
  const greatWall = claims.filter({ hasText: 'Great Wall of China' });
  await expect(greatWall.locator('.verdict strong')).toHaveText('False');
  await expect(greatWall).toContainText('Correction:');
  await greatWall.getByText(/Reasoning and \d+ sources/).click();
  const sourceLinks = greatWall.locator('.sources a');
  expect(await sourceLinks.count()).toBeGreaterThan(0);
  for (const href of await sourceLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    expect(href).toMatch(/^https?:\/\//);
  await expect(greatWall.locator('.reasoning sup a').first()).toHaveAttribute('rel', 'noopener noreferrer');

  // The double saw exactly: one detection by URL, then verification batches covering each claim once.
  const detect = double.endpointCalls('detectClaims');
  expect(detect).toHaveLength(1);
  expect(detect[0]?.body).toEqual({ url: article.url() });
  const verify = double.endpointCalls('factCheckClaims');
  const sent = verify.flatMap((call) => (call.body as { claims: string[] }).claims);
  expect(sent).toHaveLength(ARTICLE_CLAIMS);
  expect(new Set(sent).size).toBe(ARTICLE_CLAIMS);
  expect(verify.map((call) => (call.body as { claims: string[] }).claims.length)).toEqual([1, 3, 3, 3, 2]);
  for (const call of [...detect, ...verify])
    expect(call).toMatchObject({ keyFingerprint: fingerprintKey(E2E_KEY), authorized: true, outcome: 200 });
  expect(verify[0]?.body).toMatchObject({ headline: 'What we know about the Moon', language: 'English-US' });
  expect(double.endpointCalls()).toHaveLength(1 + verify.length);

  // Credits: this check's total and the running ledger match the double's ledger.
  await expect(popup.locator('.credits')).toHaveText(
    `This check: ${double.credits.total} credits · All checks: ${double.credits.total} credits`,
  );
});
