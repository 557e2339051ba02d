/**
 * The five store screenshots (1280×800, as the Chrome Web Store and AMO ask), taken from real runs against the
 * double: each one also asserts what it shows, so that a broken flow cannot make a pretty picture.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { clickMenuItem } from '../../tests/e2e/worker-probes';
import { expect } from '../../tests/e2e/quick-expect';
import { overlayBadges, overlayCard } from '../../tests/e2e/chromium-steps';
import { test } from '../../tests/e2e/fixtures';

const STORE_SIZE = { width: 1280, height: 800 };
const FOLDER = 'artifacts/store';

/** The page at the store's size, with the popup drawn beside it as the browser draws it below the toolbar. */
async function shootWithPopup(page: Page, popup: Page, file: string): Promise<void> {
  // The popup's own width (its body's), as the browser sizes its window to it.
  const popupWidth = await popup.evaluate(() => document.body.offsetWidth);
  await popup.setViewportSize({ width: popupWidth, height: STORE_SIZE.height - 40 });
  const popupShot = await popup.screenshot();
  const pageShot = await page.screenshot();
  const canvas = await page.context().newPage();
  await canvas.setViewportSize(STORE_SIZE);
  await canvas.setContent(
    `<body style="margin:0;position:relative;width:${STORE_SIZE.width}px;height:${STORE_SIZE.height}px;overflow:hidden">
      <img alt="" src="data:image/png;base64,${pageShot.toString('base64')}" style="position:absolute;inset:0">
      <img alt="" src="data:image/png;base64,${popupShot.toString('base64')}"
        style="position:absolute;top:8px;right:16px;border-radius:8px;box-shadow:0 8px 32px #0006">
    </body>`,
  );
  await canvas.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
  await canvas.screenshot({ path: `${FOLDER}/${file}` });
  await canvas.close();
}

test.beforeAll(() => mkdir(FOLDER, { recursive: true }));

test('store screenshot 1: a checked article, a claim’s card open', async ({ checkArticle }) => {
  const { page } = await checkArticle();
  await page.setViewportSize(STORE_SIZE);
  const badge = page.getByRole('button', { name: /^False: The far side of the Moon/ });
  await badge.scrollIntoViewIfNeeded();
  await badge.click();
  await expect(overlayCard(page)).toContainText('Correction:');
  await page.screenshot({ path: `${FOLDER}/1-reading.png` });
});

test('store screenshot 2: the popup lists the verdicts of the page', async ({ checkArticle }) => {
  const { page, popup } = await checkArticle();
  await page.setViewportSize(STORE_SIZE);
  await popup.locator('.claim details summary').first().click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await shootWithPopup(page, popup, '2-popup-results.png');
});

test('store screenshot 3: a draft, its claims marked, a correction to apply', async ({ checkDraftOn }) => {
  const { page } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  await page.setViewportSize(STORE_SIZE);
  await overlayBadges(page)
    .and(page.getByRole('button', { name: /^False:/ }))
    .first()
    .click();
  await expect(overlayCard(page).getByRole('button', { name: 'Apply correction' })).toBeVisible();
  await page.screenshot({ path: `${FOLDER}/3-draft.png` });
});

test('store screenshot 4: a rephrasing of the selection, ready to replace it', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('draft-textarea.html');
  await page.setViewportSize(STORE_SIZE);
  const textarea = page.locator('textarea');
  await textarea.evaluate((field: HTMLTextAreaElement) => {
    field.focus();
    const end = field.value.indexOf('.') + 1;
    field.setSelectionRange(0, end);
  });
  const selected = await textarea.evaluate((field: HTMLTextAreaElement) =>
    field.value.slice(field.selectionStart, field.selectionEnd),
  );
  await clickMenuItem(serviceWorker, tabId, 'factlens-rephrase-selection', selected);
  const popup = await openPopup(tabId);
  await expect(popup.getByRole('heading', { name: 'Rephrased selection' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Replace selection' })).toBeVisible();
  await shootWithPopup(page, popup, '4-rephrase.png');
});

test('store screenshot 5: the options page, a key saved', async ({ configure, openExtensionPage }) => {
  await configure();
  const options = await openExtensionPage('options.html');
  await options.setViewportSize(STORE_SIZE);
  await expect(options.getByLabel('API key', { exact: true })).not.toHaveValue('');
  await options.screenshot({ path: `${FOLDER}/5-options.png` });
});
