/** The context menu, the keyboard commands and the popup's selection actions, each driving the real listeners. */

import { english } from './words';
import { actionTitle, badgeText, clickMenuItem, runCommand } from './worker-probes';
import { expect } from './quick-expect';
import { test } from './fixtures';
import { ARMSTRONG_PARAGRAPH, selectParagraph } from './selection-steps';

const DRAWN_ON_CANVAS_MESSAGE = english('canvasNothingSent');

test('“Fact-check selection” from the context menu checks exactly the selected text; the popup lists the verdicts', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, ARMSTRONG_PARAGRAPH);
  await clickMenuItem(serviceWorker, tabId, 'factlens-check-selection', selected);

  const popup = await openPopup(tabId);
  await expect(popup.getByRole('heading', { name: 'The selection' })).toBeVisible();
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();
  await expect(popup.locator('.claim').filter({ hasText: 'Great Wall' }).locator('.verdict strong')).toHaveText(
    'False',
  );
  const [detect] = double.endpointCalls('detectClaims');
  expect((detect?.body as { blog: string }).blog).toBe(selected.trim());
  expect(
    double.endpointCalls('factCheckClaims').flatMap((call) => (call.body as { claims: string[] }).claims),
  ).toHaveLength(3);
  // The badge counts the claims that are not true.
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('1');
});

test('“Detect claims in selection” lists the claims without verifying them', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, ARMSTRONG_PARAGRAPH);
  await clickMenuItem(serviceWorker, tabId, 'factlens-detect-selection', selected);
  const popup = await openPopup(tabId);
  await expect(popup.getByText('Found 3 claims.')).toBeVisible();
  await expect(popup.locator('.claim .verdict strong')).toHaveText(['Detected', 'Detected', 'Detected']);
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual(['detectClaims']);
});

test('the popup’s “Check selection” and the check-selection command check the selection; check-page checks the page', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, 0);
  const popup = await openPopup(tabId);
  await expect(popup.getByText(`Selected: ${selected.length} characters`)).toBeVisible();
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByRole('heading', { name: 'The selection' })).toBeVisible();
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();
  expect((double.endpointCalls('detectClaims')[0]?.body as { blog: string }).blog).toBe(selected.trim());

  // The command, on another selection.
  const other = await selectParagraph(page, 3);
  await runCommand(serviceWorker, tabId, 'check-selection');
  await expect.poll(() => double.endpointCalls('detectClaims').length).toBe(2);
  expect((double.endpointCalls('detectClaims')[1]?.body as { blog: string }).blog).toBe(other.trim());
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();

  await runCommand(serviceWorker, tabId, 'check-page');
  await expect(popup.getByRole('heading', { name: 'This page' })).toBeVisible();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  expect(double.endpointCalls('detectClaims')[2]?.body).toEqual({ url: page.url() });
});

test('“Extend selection” on text that is not editable offers the result to copy, not to replace', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, 0);
  await clickMenuItem(serviceWorker, tabId, 'factlens-extend-selection', selected);
  const popup = await openPopup(tabId);
  await expect(popup.getByRole('heading', { name: 'Extended selection' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Replace selection' })).toHaveCount(0);
  expect(double.endpointCalls('extendText')[0]?.body).toEqual({ text: selected });
});

test('an empty selection, one of punctuation alone, or one too long to check is refused before any call, with a message saying what to do', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  await clickMenuItem(serviceWorker, tabId, 'factlens-check-selection', '   ');
  const popup = await openPopup(tabId);
  await expect(popup.getByRole('alert')).toContainText('There is no text to check: the selection is empty.');
  // A selection of punctuation alone (a dash and an ellipsis) holds nothing to rephrase either.
  await page.evaluate(() => {
    const paragraph = document.createElement('p');
    paragraph.id = 'marks';
    paragraph.textContent = '— … —';
    document.body.append(paragraph);
    getSelection()!.selectAllChildren(paragraph);
  });
  await clickMenuItem(serviceWorker, tabId, 'factlens-rephrase-selection', '— … —');
  await expect(popup.getByRole('alert').filter({ hasText: 'Select the text to rephrase first.' })).toBeVisible();
  // A selection longer than a check takes: making it shorter is the way (not "Check selection", which it was).
  await page.evaluate(() => {
    const paragraph = document.createElement('p');
    paragraph.textContent = 'The Moon is about 384,400 kilometres from Earth. '.repeat(2000);
    document.body.append(paragraph);
    getSelection()!.selectAllChildren(paragraph);
  });
  await popup.reload();
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByRole('alert').filter({ hasText: 'characters; a check takes' })).toHaveText(
    'The selection has 97,999 characters; a check takes at most 96,000. Select a shorter part, check it, then the rest.',
  );
  expect(double.endpointCalls()).toHaveLength(0);
});

test('in an editor that draws its text on a canvas (as Google Docs does), the popup says why there is no draft to check, and the shortcut is refused with that reason, before any call', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('canvas-editor.html');
  const box = page.frameLocator('iframe').getByRole('textbox', { name: 'Document content' });
  await expect(box).toBeFocused();
  // What is typed goes through the unseen box onto the canvas: none of it stays in the page.
  await page.keyboard.type(' It was first visited in 1969.');
  await expect(box).toHaveText('');
  const popup = await openPopup(tabId);
  await expect(popup.getByText('this editor draws its text on a canvas (Google Docs does)')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Check draft' })).toHaveCount(0);
  await runCommand(serviceWorker, tabId, 'check-selection');
  await expect(popup.getByRole('alert')).toContainText(DRAWN_ON_CANVAS_MESSAGE);
  expect(double.endpointCalls()).toHaveLength(0);
  // The toolbar button says why, where a shortcut pressed with the popup closed leaves its only trace.
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('!');
  await expect
    .poll(() => actionTitle(serviceWorker, tabId))
    .toBe(`FactLens: the check failed. ${DRAWN_ON_CANVAS_MESSAGE}`);
});

test('a page the extension may not read (chrome://version) cannot be checked: the popup says why and offers no check, and the check-page command is refused with that reason, before any call', async ({
  configure,
  context,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const tabIds = () => serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.id!));
  const before = new Set(await tabIds());
  const page = await context.newPage();
  await page.goto('chrome://version/');
  // A tab's address is hidden from the extension until the user's click on its button (or menu, or shortcut) grants
  // it the tab, which a test cannot give: the new tab is the one. So the reason is the one for a tab not granted; a
  // user's click would show it is a browser page (see noAccess in tab-access.ts).
  const [tabId] = (await tabIds()).filter((id) => !before.has(id));
  const popup = await openPopup(tabId!);
  const reason =
    'This page cannot be checked. The extension has no access to this tab right now. Click the FactLens button (or use its menu or shortcut) on the page, then try again.';
  await expect(popup.getByText(reason)).toBeVisible();
  await expect(popup.getByRole('button', { name: /^Check / })).toHaveCount(0);
  // Nor access to every site, which would not reach it either (the browser's refusal names a chrome:// page).
  await expect(popup.getByRole('button', { name: 'Allow on all sites' })).toHaveCount(0);
  await runCommand(serviceWorker, tabId!, 'check-page');
  await expect(popup.getByText('The check stopped.')).toBeVisible();
  // Said once, by the refused check.
  await expect(popup.getByRole('alert')).toHaveCount(1);
  await expect(popup.getByRole('alert')).toContainText(reason);
  expect(double.endpointCalls()).toHaveLength(0);
});

test('the popup’s “Detect claims” on a selection, and the check-page command on a page the service cannot reach (sent as text)', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html', 'localhost');
  const selected = await selectParagraph(page, 2);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Detect claims' }).click();
  await expect(popup.getByText('Found 3 claims.')).toBeVisible();
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual(['detectClaims']);
  expect((double.endpointCalls('detectClaims')[0]?.body as { blog: string }).blog).toBe(selected.trim());

  await runCommand(serviceWorker, tabId, 'check-page');
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await expect(popup.getByText(/^Sent as text/)).toBeVisible();
  expect(double.endpointCalls('detectClaims')[1]?.body).toEqual({
    blog: expect.stringContaining('The Moon is about 384,400 kilometres'),
  });
});
