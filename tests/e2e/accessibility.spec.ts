import { axeViolations } from './axe';
import { expect } from './quick-expect';
import { test } from './fixtures';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the options page has no axe violations (${colorScheme})`, async ({ openExtensionPage }) => {
    const page = await openExtensionPage('options.html');
    await page.emulateMedia({ colorScheme });
    await page.getByLabel('API key', { exact: true }).waitFor();
    // An error state too: the messages must be as readable as the form.
    await page.getByLabel('API base URL', { exact: true }).fill('http://api.example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('it must use https://').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the popup has no axe violations, with results, an error, and its history (${colorScheme})`, async ({
    configure,
    openDemoPage,
    openPopup,
    double,
  }) => {
    await configure();
    const { tabId } = await openDemoPage('article.html');
    const popup = await openPopup(tabId);
    await popup.emulateMedia({ colorScheme });
    await popup.setViewportSize({ width: 420, height: 900 });
    await popup.getByRole('button', { name: 'Check this page' }).click();
    await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
    for (const details of await popup.locator('.claim details').all()) await details.locator('summary').click();
    await popup.screenshot({ path: `artifacts/e2e-popup-results-${colorScheme}.png`, fullPage: true });
    const axe = () => axeViolations(popup);
    expect(await axe()).toEqual([]);

    // An error, with its details open.
    double.faults.add({ kind: 'server-error', httpStatus: 500, endpoint: 'detectClaims' });
    await popup.getByRole('button', { name: 'Send the page’s text instead' }).click();
    await expect(popup.getByRole('alert')).toBeVisible();
    await popup.getByRole('alert').locator('summary').click();
    await popup.screenshot({ path: `artifacts/e2e-popup-error-${colorScheme}.png`, fullPage: true });
    expect(await axe()).toEqual([]);

    await popup.getByRole('button', { name: 'History' }).click();
    await expect(popup.locator('.history-entry')).toHaveCount(1);
    await popup.screenshot({ path: `artifacts/e2e-popup-history-${colorScheme}.png`, fullPage: true });
    expect(await axe()).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the popup with no key yet (its prompt, a refused check, the library's error) has no axe violations (${colorScheme})`, async ({
    openDemoPage,
    openPopup,
  }) => {
    const { tabId } = await openDemoPage('article.html');
    const popup = await openPopup(tabId);
    await popup.emulateMedia({ colorScheme });
    await popup.setViewportSize({ width: 420, height: 900 });
    await expect(popup.getByText('Add your API key to start')).toBeVisible();
    await popup.getByRole('button', { name: 'Check this page' }).click();
    await expect(popup.getByRole('alert').getByRole('button', { name: 'Open Settings' })).toBeVisible();
    const axe = () => axeViolations(popup);
    expect(await axe()).toEqual([]);
    await popup.getByRole('button', { name: 'Library' }).click();
    await expect(popup.getByRole('alert')).toContainText('No API key is set.');
    expect(await axe()).toEqual([]);
  });
}

test('the popup works from the keyboard: Tab reaches each view and action in order, Enter and Space run them', async ({
  popupOn,
}) => {
  const { popup } = await popupOn();
  await expect(popup.getByRole('button', { name: 'Check this page' })).toBeEnabled();
  const order: string[] = [];
  for (let step = 0; step < 7; step++) {
    await popup.keyboard.press('Tab');
    order.push(await popup.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
  }
  // Header views first, then the main action: the order the eye reads them.
  expect(order).toEqual(['Check', 'Write', 'Library', 'History', 'Side panel', 'Settings', 'Check this page']);
  await popup.keyboard.press('Enter');
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  // The verdict filters are buttons a keyboard can press.
  await popup.getByRole('button', { name: /^✗ False/ }).focus();
  await popup.keyboard.press('Space');
  await expect(popup.locator('.claim')).toHaveCount(2);
  await popup.getByRole('button', { name: 'All', exact: true }).focus();
  await popup.keyboard.press('Enter');
  await expect(popup.locator('.claim')).toHaveCount(12);
  await popup.getByRole('button', { name: 'History' }).focus();
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('heading', { name: 'Recent checks' })).toBeVisible();
});

test('on a touch screen a badge takes a tap a few px off its edge, within the 24 px a finger needs; with a mouse, only on itself', async ({
  checkArticle,
  context,
}) => {
  const { page } = await checkArticle();
  const badge = page.getByRole('button', { name: /^False: The far side/ });
  await badge.scrollIntoViewIfNeeded();
  const box = (await badge.boundingBox())!;
  // 3 px left of the badge, level with its middle: page text, to a mouse.
  const beside = { x: box.x - 3, y: box.y + box.height / 2 };
  const hitsBadge = (x: number, y: number) =>
    page.evaluate(
      ({ x, y, label }) => {
        const root = document.querySelector('factlens-overlay')!.shadowRoot!;
        return root.elementFromPoint(x, y)?.getAttribute('aria-label')?.startsWith(label) ?? false;
      },
      { ...{ x, y }, label: 'False: The far side' },
    );
  expect(await hitsBadge(beside.x, beside.y)).toBe(false);

  const session = await context.newCDPSession(page);
  await session.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  expect(await hitsBadge(beside.x, beside.y)).toBe(true);
  // Not much further: the text beside it stays the page's.
  expect(await hitsBadge(box.x - 8, beside.y)).toBe(false);
  // A finger's tap there opens its card.
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [beside] });
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(page.locator('factlens-overlay .card')).toContainText(
    'The far side of the Moon never receives sunlight',
  );
});
