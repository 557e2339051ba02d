/**
 * Checking as the user writes, turned on for a site from the popup: the site's registered content script (kept when
 * the worker restarts), the drafts checked after a pause with only their new sentences sent, the fields never checked,
 * the indicator at the field's corner and its menu, and the day's limit.
 */
import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import { clickArmed, overlayBadges as badges } from './chromium-steps';
import { expect } from './quick-expect';
import { expectWithinRaceWindow, stretchDelay } from './race-window';
import { richEditorPage, richEditorScript, type RichEditor } from './rich-editor-pages';
import { test } from './fixtures';

/** The indicator at the corner of the field being written in (see write-indicator.ts). */
const indicator = (page: Page) => page.locator('factlens-overlay .indicator');
const menuItem = (page: Page, name: string) =>
  page.locator('factlens-overlay .indicator-menu').getByRole('menuitem', { name });

/** The content scripts registered for the sites checked as you write. */
const registeredSites = (worker: Worker) =>
  worker.evaluate(async () =>
    (await chrome.scripting.getRegisteredContentScripts())
      .filter((script) => script.id.startsWith('factlens-write:'))
      .map((script) => ({ id: script.id, matches: script.matches })),
  );

/** What each detection call was sent, in order. */
const detectedTexts = (double: ServiceDouble) =>
  double.endpointCalls('detectClaims').map((call) => (call.body as { blog: string }).blog);

/** Turns "Check as I write on this site" on (or off) in the tab's popup, and closes it. */
async function switchWritingCheck(openPopup: (tabId: number) => Promise<Page>, tabId: number, on: boolean) {
  const popup = await openPopup(tabId);
  const toggle = popup.getByRole('switch', { name: 'Check as I write on this site' });
  await expect(toggle).toBeEnabled();
  // Clicked, not check(): the switch shows the new state once the site's permission and registration are in.
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
  await popup.close();
}

/**
 * The page `opened` opens, with checking as you write turned on for its site in its popup, and loaded again, so that
 * the site's registered content script runs in it.
 */
async function writingCheckedOn(
  openPopup: (tabId: number) => Promise<Page>,
  opened: Promise<{ page: Page; tabId: number }>,
): Promise<{ page: Page; tabId: number }> {
  const { page, tabId } = await opened;
  await switchWritingCheck(openPopup, tabId, true);
  await page.reload();
  return { page, tabId };
}

/** Serves `body` at the double's demo address `file` (the site the tests turn checking on for). */
async function servePage(context: BrowserContext, double: ServiceDouble, file: string, body: string) {
  await context.route(`${double.url}/demo/${file}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><body>${body}</body></html>` }),
  );
}

/** Clicks at the end of a field, once the content script watches it (its indicator shows at the field's corner). */
async function writeIn(page: Page, field: Locator): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+End');
  await expect(indicator(page)).toBeVisible();
}

const MOON = ' The Moon is about 384,400 kilometres from Earth on average.';
const ASTRONAUTS = ' Twelve astronauts walked on the Moon between 1969 and 1972.';
const GREAT_WALL = ' The Great Wall of China is visible from the Moon with the naked eye.';

test('the popup’s switch registers FactLens for the site alone, kept when the worker restarts; the options page lists it, and Remove takes it off', async ({
  configure,
  openDemoPage,
  openPopup,
  openExtensionPage,
  restartWorker,
  serviceWorker,
  double,
}) => {
  await configure();
  const { tabId } = await openDemoPage('draft-textarea.html');
  const site = new URL(double.url).origin;
  const popup = await openPopup(tabId);
  await expect(popup.getByText('Spent today checking as you write: 0 of 50 credits.')).toBeVisible();
  await popup.close();
  await switchWritingCheck(openPopup, tabId, true);
  const expected = [{ id: `factlens-write:${site}`, matches: ['http://127.0.0.1/*'] }];
  expect(await registeredSites(serviceWorker)).toEqual(expected);
  // Chrome keeps the registration; the worker's start keeps it in step with the list, registering nothing twice.
  const restarted = await restartWorker();
  await expect.poll(() => registeredSites(restarted)).toEqual(expected);
  const options = await openExtensionPage('options.html');
  const sites = options.getByRole('region', { name: 'Sites checked as you write' });
  await expect(sites.getByRole('listitem')).toHaveCount(1);
  await expect(sites.getByRole('listitem')).toContainText(site);
  await sites.getByRole('button', { name: `Remove ${site}` }).click();
  await expect(sites.getByText('None yet.')).toBeVisible();
  expect(await registeredSites(restarted)).toEqual([]);
  const after = await openPopup(tabId);
  await expect(after.getByRole('switch', { name: 'Check as I write on this site' })).not.toBeChecked();
});

test('in a textarea: a pause checks the sentences the person finished; then only the new one is sent, never the one being typed', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  const { page } = await writingCheckedOn(openPopup, openDemoPage('draft-textarea.html'));
  const field = page.locator('#draft');
  const original = await field.inputValue();
  await writeIn(page, field);
  await page.keyboard.type(MOON);
  await expect(indicator(page)).toHaveAccessibleName(/^FactLens: (no claim|\d+ claims?) to look at$/, {
    timeout: 15_000,
  });
  // Only what the person typed: the draft the page gave them is not theirs to send without a click.
  expect(detectedTexts(double)).toEqual([MOON.trim()]);
  const firstClaims = await badges(page).count();
  expect(firstClaims).toBe(1);
  // A finished sentence and one still being typed: only the finished one goes, alone.
  await page.keyboard.type(`${ASTRONAUTS} The Sun is`);
  await expect.poll(() => detectedTexts(double).length, { timeout: 15_000 }).toBe(2);
  expect(detectedTexts(double)[1]).toBe(ASTRONAUTS.trim());
  await expect(indicator(page)).toHaveAccessibleName(/to look at$/);
  await expect(badges(page)).toHaveCount(firstClaims + 1);
  // The draft is the user's, untouched.
  expect(await field.inputValue()).toBe(`${original}${MOON}${ASTRONAUTS} The Sun is`);
});

test('in a contenteditable: leaving the field checks it at once, its last sentence included', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  const { page } = await writingCheckedOn(openPopup, openDemoPage('draft-contenteditable.html'));
  const field = page.locator('[contenteditable="true"]').first();
  await writeIn(page, field);
  await page.keyboard.type(' The Moon is about 384,400 kilometres from Earth on average');
  // Out of the field, before the pause: what was typed is checked now, unfinished or not.
  await page.locator('h1').first().click();
  await expect.poll(() => detectedTexts(double).length).toBe(1);
  expect(detectedTexts(double)[0]).toContain('384,400 kilometres from Earth on average');
  await expect(indicator(page)).toHaveAccessibleName(/to look at$/);
  await expect(badges(page).first()).toBeVisible();
});

for (const editor of ['prosemirror', 'quill'] as RichEditor[])
  test(`in a ${editor} editor: a pause checks what was written, drawn in the editor`, async ({
    configure,
    openBundledPage,
    openPopup,
    double,
  }) => {
    await configure();
    const { page } = await writingCheckedOn(openPopup, openBundledPage(richEditorScript(editor), richEditorPage()));
    const field = page.getByRole('textbox', { name: 'Newsletter draft' });
    await writeIn(page, field);
    await page.keyboard.type(GREAT_WALL);
    await expect(indicator(page)).toHaveAccessibleName(/to look at$/, { timeout: 15_000 });
    expect(detectedTexts(double)).toHaveLength(1);
    expect(detectedTexts(double)[0]).toContain(GREAT_WALL.trim());
    await expect(badges(page)).not.toHaveCount(0);
  });

test('never checks a password, a one-line search, email, URL, number or telephone field, nor a field that opted out', async ({
  configure,
  context,
  openDemoPage,
  openPopup,
  double,
}) => {
  const optedOut = [
    '<input type="password" aria-label="password">',
    '<input type="search" aria-label="search">',
    '<input type="email" aria-label="email">',
    '<input type="url" aria-label="url">',
    '<input type="number" aria-label="number">',
    '<input type="tel" aria-label="tel">',
    '<textarea data-gramm="false" aria-label="gramm"></textarea>',
    '<textarea data-gramm_editor="false" aria-label="gramm_editor"></textarea>',
    '<textarea data-enable-grammarly="false" aria-label="grammarly"></textarea>',
    '<div data-lt-active="false"><textarea aria-label="languagetool"></textarea></div>',
    '<div data-factlens="off"><div contenteditable="true" role="textbox" aria-label="ours"></div></div>',
  ];
  await servePage(
    context,
    double,
    'fields.html',
    `${optedOut.join('\n')}<textarea aria-label="allowed"></textarea><h1>Fields</h1>`,
  );
  await configure();
  const { page } = await writingCheckedOn(openPopup, openDemoPage('fields.html'));
  // The control first: once it is watched (its indicator shown), the content script watches the page.
  await writeIn(page, page.getByRole('textbox', { name: 'allowed' }));
  for (const field of await page.locator('input, textarea, [contenteditable]').all()) {
    const name = await field.getAttribute('aria-label');
    if (name === 'allowed') continue;
    await field.click();
    // Numbers only for a number field; words for the rest.
    await page.keyboard.type(name === 'number' ? '384400' : `The Moon is round, said ${name}.`);
  }
  // Leaving each field would have checked it at once; the allowed field's check comes after them all.
  await page.getByRole('textbox', { name: 'allowed' }).click();
  await page.keyboard.type(ASTRONAUTS);
  await page.locator('h1').click();
  await expect.poll(() => detectedTexts(double).length).toBe(1);
  expect(detectedTexts(double)).toEqual([ASTRONAUTS.trim()]);
});

test('the indicator’s menu pauses the field, turns the site off, and opens FactLens, from the keyboard', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page } = await writingCheckedOn(openPopup, openDemoPage('draft-textarea.html'));
  const field = page.locator('#draft');
  await writeIn(page, field);
  await expect(indicator(page)).toHaveAccessibleName('FactLens: checks this draft when you pause');
  // The menu's items are guarded as the card's buttons are (see ClickGuard): here a key counts once the menu has
  // been open a moment, shortened so that the keyboard's part needs no wait.
  await stretchDelay(page, 'arming', 1);
  // Keyboard: Tab from the field's form reaches the indicator (the overlay is last in the page), Enter opens its menu.
  await indicator(page).focus();
  await page.keyboard.press('Enter');
  await expect(menuItem(page, 'Pause in this field')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(indicator(page)).toHaveAccessibleName('FactLens: paused in this field');
  await writeIn(page, field);
  await page.keyboard.type(MOON);
  await page.locator('h1').click();
  // A click as soon as the pointer reaches an item does nothing (a page could have moved the menu under it).
  await stretchDelay(page, 'arming');
  const started = Date.now();
  await indicator(page).click();
  await menuItem(page, 'Resume in this field').click();
  await expect(page.locator('factlens-overlay .indicator-menu p')).toContainText('click again');
  expectWithinRaceWindow(Date.now() - started);
  await expect(indicator(page)).toHaveAccessibleName('FactLens: paused in this field');
  await stretchDelay(page, 'arming', 1);
  // Resumed, what was written while paused is checked at the next pause: the pause sent nothing.
  await clickArmed(menuItem(page, 'Resume in this field'));
  await expect.poll(() => detectedTexts(double).length, { timeout: 15_000 }).toBe(1);
  await expect(indicator(page)).toHaveAccessibleName(/to look at$/);
  await indicator(page).click();
  await clickArmed(menuItem(page, 'Open FactLens'));
  // The toolbar's popup (headless, it opens without a page a test could see; the browser lists it).
  await expect
    .poll(() =>
      serviceWorker.evaluate(async () => {
        // Chrome's runtime.getContexts (116+), which the polyfill's types do not describe.
        const runtime = chrome.runtime as unknown as {
          getContexts: (filter: { contextTypes: string[] }) => Promise<{ documentUrl?: string }[]>;
        };
        // A popup still loading has no address yet.
        const contexts = await runtime.getContexts({ contextTypes: ['POPUP'] });
        return contexts.map((found) => (found.documentUrl ? new URL(found.documentUrl).pathname : ''));
      }),
    )
    .toEqual(['/popup.html']);
  await indicator(page).click();
  await clickArmed(menuItem(page, 'Turn off for this site'));
  await expect.poll(() => registeredSites(serviceWorker)).toEqual([]);
  await expect(indicator(page)).toHaveCount(0);
});

test('the day’s limit pauses checking as you write, and the indicator and the popup say so', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  // The first check's calls are booked at the default estimates (2 credits to detect a sentence, 4 to verify a claim)
  // and settled at the double's 2 and 2; the second's detection, booked at the learnt 4, would pass 6.
  await configure({ writeDailyLimit: 6 });
  const { page, tabId } = await writingCheckedOn(openPopup, openDemoPage('draft-textarea.html'));
  const field = page.locator('#draft');
  await writeIn(page, field);
  await page.keyboard.type(MOON);
  await expect(indicator(page)).toHaveAccessibleName(/to look at$/, { timeout: 15_000 });
  await page.keyboard.type(ASTRONAUTS);
  await page.locator('h1').click();
  await expect(indicator(page)).toHaveAccessibleName(
    'FactLens: today’s limit for checking as you write is reached; it starts again tomorrow',
  );
  expect(detectedTexts(double)).toHaveLength(1);
  const popup = await openPopup(tabId);
  await expect(popup.getByText(/Today’s limit of 6 credits is reached/)).toBeVisible();
});
