/**
 * Credits within the limit the user sets: the estimate learnt from what checks cost (none before the first), and a
 * check whose verification may cost more than "Ask before a check that may cost more than N credits" pausing to ask,
 * across the worker's restart, with each of its three answers.
 */
import type { Page } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import { expect } from './quick-expect';
import { test, type TestFixtures } from './fixtures';

/** Claims sent for verification (4.9), in every batch so far. */
const verifiedClaims = (double: ServiceDouble) =>
  double.endpointCalls('factCheckClaims').flatMap((call) => (call.body as { claims: string[] }).claims);

/**
 * Checks a draft first (its cost teaches the estimate; with none yet, nothing is asked), then sets the limit under what
 * the demo article's 12 claims cost, and checks the article, until the popup asks.
 */
async function articleAsking({
  checkDraftOn,
  configure,
  openDemoPage,
  openPopup,
  double,
}: Pick<TestFixtures, 'checkDraftOn' | 'configure' | 'openDemoPage' | 'openPopup'> & { double: ServiceDouble }) {
  const draft = await checkDraftOn('draft-textarea.html', '#draft', 4);
  await expect(draft.popup.getByText(/^A claim verified costs about [\d.]+ credits here\.$/)).toBeVisible();
  await configure({ askAboveCredits: 2 });
  const { page, tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  const before = verifiedClaims(double).length;
  await popup.getByRole('button', { name: 'Check this page' }).click();
  const question = popup.getByRole('group', { name: /^Verify 12 claims \(about \d+ credits\)\?$/ });
  await expect(question).toBeVisible();
  // Nothing of the article was verified: it waits for the answer.
  expect(verifiedClaims(double)).toHaveLength(before);
  return { page, tabId, popup, question, before };
}

test('before any check the popup has no estimate; a check over the limit asks first, across the worker’s restart, and “Verify the first 10” verifies those alone', async ({
  checkDraftOn,
  configure,
  openDemoPage,
  openPopup,
  restartWorker,
  double,
}) => {
  await configure();
  const { tabId: firstTab } = await openDemoPage('article.html');
  const first = await openPopup(firstTab);
  await expect(
    first.getByText('No estimate of a check’s cost yet: it is learnt from what your checks cost.'),
  ).toBeVisible();
  await first.close();
  const asked = await articleAsking({ checkDraftOn, configure, openDemoPage, openPopup, double });
  await asked.popup.close();
  await restartWorker();
  const popup: Page = await openPopup(asked.tabId);
  const question = popup.getByRole('group', { name: /^Verify 12 claims/ });
  await question.getByRole('button', { name: 'Verify the first 10' }).click();
  await expect(popup.getByText('Checked 10 claims.')).toBeVisible();
  expect(verifiedClaims(double).slice(asked.before)).toHaveLength(10);
});

test('“Verify all” verifies every claim; “Stop” sends nothing more, and leaves the claims to verify later', async ({
  checkDraftOn,
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  const asked = await articleAsking({ checkDraftOn, configure, openDemoPage, openPopup, double });
  await asked.question.getByRole('button', { name: 'Stop' }).click();
  await expect(asked.popup.getByText('Found 12 claims.')).toBeVisible();
  expect(verifiedClaims(double)).toHaveLength(asked.before);
  // Verifying them later is spend of its own: it asks too.
  await asked.popup.getByRole('button', { name: 'Verify these 12 claims' }).click();
  const again = asked.popup.getByRole('group', { name: /^Verify 12 claims/ });
  await again.getByRole('button', { name: 'Verify all' }).click();
  await expect(asked.popup.getByText('Checked 12 claims.')).toBeVisible();
  expect(verifiedClaims(double).slice(asked.before)).toHaveLength(12);
});

test('a one-call check asks before its one call, from its text’s length; “Check” sends it', async ({
  checkDraftOn,
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await checkDraftOn('draft-textarea.html', '#draft', 4);
  await configure({ askAboveCredits: 2, checkMode: 'one-call' });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  const question = popup.getByRole('group', { name: /^This check may cost about \d+ credits\. Check it\?$/ });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Verify the first 10' })).toHaveCount(0);
  expect(double.endpointCalls('detectAndVerifyClaims')).toHaveLength(0);
  await question.getByRole('button', { name: 'Check' }).click();
  await expect(popup.getByText(/^Checked \d+ claims\.$/)).toBeVisible();
  expect(double.endpointCalls('detectAndVerifyClaims')).toHaveLength(1);
});
