/**
 * Every attack a page (or the service's text) may make on FactLens, each written as an attacker would, in one place.
 * Each test asserts that nothing was written, sent or run, and that an honest page still works. docs/testing.md
 * lists the attacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { clickArmed, overlayCard as card, openCardInDraft } from './chromium-steps';
import { E2E_KEY, test, type TestFixtures } from './fixtures';
import { expect } from './quick-expect';
import { expectWithinRaceWindow, stretchDelay } from './race-window';
import { ARMED_ATTRIBUTE } from '../../utils/page/click-guard';

const HOSTILE_PAGE = readFileSync(path.resolve('tests/e2e/pages/hostile.html'), 'utf8');
const PAYLOADS = JSON.parse(readFileSync('tests/e2e/xss-payloads.json', 'utf8')) as { text: string[]; links: string[] };

test('a hostile page gets no call, no key and no privileged answer, even from the content script’s world', async ({
  context,
  configure,
  openPopup,
  serviceWorker,
  extensionId,
  double,
}) => {
  await configure();
  const url = `${double.url}/test/hostile.html?ext=${extensionId}`;
  await context.route(`${double.url}/test/hostile.html*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: HOSTILE_PAGE }),
  );
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await serviceWorker.evaluate(
    async (pageUrl) => (await chrome.tabs.query({})).find((tab) => tab.url === pageUrl)!.id!,
    url,
  );

  // The user checks the page: the content script is injected, and the page keeps fuzzing throughout.
  // (By text: the double cannot fetch a page that only Playwright's router serves.)
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Send the text instead' }).click();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText(/^Checked \d+ claims\.$/)).toBeVisible();
  const callsAfterCheck = double.endpointCalls().map((call) => call.endpoint);
  expect(callsAfterCheck[0]).toBe('detectClaims');
  expect(callsAfterCheck.slice(1).every((endpoint) => endpoint === 'factCheckClaims')).toBe(true);
  await page.waitForTimeout(1500);
  // Nothing the page did reached the service.
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual(callsAfterCheck);

  // The page never saw the key, and cannot reach the extension (no externally_connectable).
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).not.toContain(E2E_KEY);
  const attempts = await page.evaluate(() => (window as unknown as { __attempts: string[] }).__attempts);
  expect(attempts.filter((attempt) => attempt.endsWith('sent'))).toEqual([]);
  expect(
    await page.evaluate(
      () => 'chrome' in window && Boolean((window as unknown as { chrome?: { runtime?: unknown } }).chrome?.runtime),
    ),
  ).toBe(false);
  // The content script's state lives in its isolated world, not the page's.
  expect(await page.evaluate(() => '__factlensContent' in window)).toBe(false);

  // Now from inside the content script's own (isolated) world, which the page cannot reach but a
  // compromised content script would be: storage with the key is closed to it, privileged messages are
  // refused, and the events port answers only for its own tab, without the ledger or writing tasks.
  const fromContentWorld = await serviceWorker.evaluate(
    async ({ tabId }) => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        world: 'ISOLATED',
        func: async () => {
          const results: Record<string, unknown> = {};
          const chromeApi = (globalThis as unknown as { chrome: typeof chrome }).chrome;
          try {
            results.storage = await chromeApi.storage.local.get(null);
          } catch (error) {
            results.storage = `denied: ${(error as Error).message}`;
          }
          results.getSettings = await chromeApi.runtime.sendMessage({ type: 'getSettings' });
          results.startCheck = await chromeApi.runtime.sendMessage({
            type: 'startCheck',
            data: { tabId: 999, scope: 'page' },
          });
          // The one paid message open to content scripts: refused here, where no draft was checked.
          results.checkDraftAgain = await chromeApi.runtime.sendMessage({ type: 'checkDraftAgain' });
          results.state = await new Promise((resolve) => {
            const port = chromeApi.runtime.connect({ name: 'factlens:events' });
            port.onMessage.addListener((message) => {
              resolve(message);
              port.disconnect();
            });
            port.postMessage({ type: 'watch', tabId: 999 });
          });
          results.contentState = Boolean((globalThis as unknown as { __factlensContent?: unknown }).__factlensContent);
          return JSON.parse(JSON.stringify(results)) as Record<string, unknown>;
        },
      });
      return frame!.result as Record<string, unknown>;
    },
    { tabId },
  );
  expect(String(fromContentWorld.storage)).toMatch(/^denied: /);
  expect(fromContentWorld.getSettings).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  expect(fromContentWorld.startCheck).toMatchObject({ ok: false });
  expect(fromContentWorld.checkDraftAgain).toMatchObject({
    ok: false,
    error: { kind: 'invalid-input', message: 'Only a draft whose check has ended can be checked again from its card.' },
  });
  expect(fromContentWorld.state).toMatchObject({ type: 'state', tabId, writing: null, ledger: null });
  expect((fromContentWorld.state as { job: { claims: unknown[] } }).job.claims.length).toBeGreaterThan(0);
  expect(fromContentWorld.contentState).toBe(true);
  expect(JSON.stringify(fromContentWorld)).not.toContain(E2E_KEY);
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual(callsAfterCheck);
});

test('a content script may have its draft checked again only once its check has ended, and once in a few seconds', async ({
  checkDraftOn,
  serviceWorker,
  double,
}) => {
  const { tabId, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  await field.fill((await field.inputValue()).replace('about a third', 'about half'));
  const callsBefore = double.endpointCalls().length;
  // Three asks at once from the content script's world, as a page that drove its card (or a compromised script)
  // could make: one check starts, the others are refused for a few seconds.
  const replies = await serviceWorker.evaluate(
    async ({ tabId }) => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        world: 'ISOLATED',
        func: async () => {
          const chromeApi = (globalThis as unknown as { chrome: typeof chrome }).chrome;
          const ask = () => chromeApi.runtime.sendMessage({ type: 'checkDraftAgain' }) as Promise<unknown>;
          return JSON.parse(JSON.stringify(await Promise.all([ask(), ask(), ask()]))) as unknown[];
        },
      });
      return frame!.result as { ok: boolean; error?: { kind: string; message: string } }[];
    },
    { tabId },
  );
  expect(replies.filter((reply) => reply.ok)).toHaveLength(1);
  for (const refused of replies.filter((reply) => !reply.ok))
    expect(refused.error?.message).toMatch(
      /^(The draft was checked again a moment ago: try again in \d+ s\.|Only a draft whose check has ended can be checked again from its card\.)$/,
    );
  // One check, of the changed sentence alone.
  await expect
    .poll(() =>
      double
        .endpointCalls()
        .slice(callsBefore)
        .map((call) => call.endpoint),
    )
    .toEqual(['detectClaims', 'factCheckClaims']);
});

test('hostile text and links from the service execute nothing, in the card and in the popup', async ({
  checkArticle,
  double,
}) => {
  double.setVerdictPatch({
    error: PAYLOADS.text.slice(0, 8).join(' '),
    correction: PAYLOADS.text.slice(8, 14).join(' '),
    reasoning: `${PAYLOADS.text.slice(14).join(' ^1 ')} ^2 ^3 ^4 ^5 ^6 ^7 ^8`,
    sources: PAYLOADS.links.map((link, index) => ({
      fact: PAYLOADS.text[index % PAYLOADS.text.length]!,
      link,
      score: 0.5,
    })),
  });
  const dialogs: string[] = [];
  const { page, popup } = await checkArticle();
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  popup.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const label of [/^False: The far side/, /^True: The Moon moves/]) {
    await page.getByRole('button', { name: label }).click();
    await expect(card(page)).toContainText(PAYLOADS.text[0]!);
    await expect(card(page)).toContainText('<img src=x onerror=');
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: /^False: The far side/ }).click();
  const overlay = await page.evaluate(() => {
    const root = document.querySelector('factlens-overlay')!.shadowRoot!;
    return {
      scripts: root.querySelectorAll('script, iframe, object, img, svg, style:not([data-factlens-style]), meta').length,
      hrefs: [...root.querySelectorAll('[href]')].map((element) => element.getAttribute('href')),
      handlers: [...root.querySelectorAll('*')].flatMap((element) =>
        element.getAttributeNames().filter((name) => name.startsWith('on')),
      ),
    };
  });
  expect(overlay.scripts).toBe(0);
  expect(overlay.handlers).toEqual([]);
  // Of the eight links sent, the one http(s) address is a link (in the sources, and at its marker in the reasoning);
  // none of the others is.
  expect(overlay.hrefs.length).toBeGreaterThan(0);
  for (const href of overlay.hrefs) expect(href).toMatch(/^https:\/\/example\.org\//);

  // The popup shows the same text, as text.
  await popup.bringToFront();
  for (const details of await popup.locator('.claim details').all()) await details.locator('summary').click();
  const popupHrefs = await popup
    .locator('main [href]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
  expect(popupHrefs.length).toBeGreaterThan(0);
  for (const href of popupHrefs) expect(href).toMatch(/^https:\/\/example\.org\//);
  expect(await popup.locator('main script, main iframe, main img, main svg, main object').count()).toBe(0);

  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await popup.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test('a page that fades, clips or covers the card cannot get a correction applied', async ({ checkDraftOn }) => {
  const { page, field, original } = await openCardInDraft(checkDraftOn);

  // 1. A transparent popover over everything: the top layer paints above any z-index, and
  //    pointer-events:none lets the click through to the card the user cannot see.
  await page.evaluate(() => {
    const cover = document.createElement('div');
    cover.id = 'cover';
    cover.popover = 'manual';
    cover.style.cssText =
      'opacity:0.01;pointer-events:none;inset:0;width:100vw;height:100vh;margin:0;border:0;background:#fff';
    document.body.appendChild(cover);
    cover.showPopover();
  });
  await card(page).getByRole('button', { name: 'Apply correction' }).click({ force: true });
  await expect(card(page).getByRole('status')).toContainText('nothing was written');
  await expect(field).toHaveValue(original);
  await page.evaluate(() => document.getElementById('cover')!.remove());

  // A modal dialog makes everything else inert, so the overlay goes into it (as it does for a page's real
  // modal), where the dialog's own look reaches the card: nearly transparent, then opaque but scaled down.
  await page.evaluate(() => {
    const dialog = document.createElement('dialog');
    dialog.style.cssText =
      'opacity:0.01;width:100vw;height:100vh;max-width:none;max-height:none;margin:0;padding:0;border:0';
    document.body.appendChild(dialog);
    dialog.showModal();
  });
  await expect(page.locator('dialog factlens-overlay')).toHaveCount(1);
  await card(page).getByRole('button', { name: 'Apply correction' }).click({ force: true });
  await expect(card(page).getByRole('status')).toContainText('faded or hidden');
  await expect(field).toHaveValue(original);
  await page.evaluate(() => (document.querySelector('dialog')!.style.cssText += ';opacity:1;transform:scale(0.1)'));
  await card(page).getByRole('button', { name: 'Apply correction' }).click({ force: true });
  await expect(card(page).getByRole('status')).toContainText('shrunk');
  await expect(field).toHaveValue(original);
  // The page removes its dialog, and the overlay with it: it is put back in the document, the card open.
  await page.evaluate(() => document.querySelector('dialog')!.remove());
  await expect(page.locator('html > factlens-overlay')).toHaveCount(1);

  // 2. The whole document faded.
  await page.evaluate(() => (document.documentElement.style.opacity = '0.05'));
  await card(page).getByRole('button', { name: 'Apply correction' }).click({ force: true });
  await expect(card(page).getByRole('status')).toContainText('faded or hidden');
  await expect(field).toHaveValue(original);

  // 3. A script click (not a user's) does nothing, even with the page back to normal.
  await page.evaluate(() => (document.documentElement.style.opacity = ''));
  await card(page).getByRole('button', { name: 'Apply correction' }).dispatchEvent('click');
  await expect(field).toHaveValue(original);

  // 4. The document clipped to a small circle around the Apply button: the click reaches it, but the claim and
  //    the correction cannot be seen.
  const apply = card(page).getByRole('button', { name: 'Apply correction' });
  const middle = await apply.evaluate((button) => {
    const box = button.getBoundingClientRect();
    return { x: box.left + box.width / 2 + scrollX, y: box.top + box.height / 2 + scrollY };
  });
  await page.evaluate(
    ({ x, y }) => (document.documentElement.style.clipPath = `circle(12px at ${x}px ${y}px)`),
    middle,
  );
  await apply.click({ force: true });
  await expect(card(page).getByRole('status')).toContainText('clipped or covered part of this card');
  await expect(field).toHaveValue(original);

  // And the same button, really clicked on a page that hides nothing of the card, works: here with a clip-path
  // far around the whole page, which cuts nothing (the old rule refused any clip-path but a rounded inset).
  await page.evaluate(() => (document.documentElement.style.clipPath = 'circle(10000px)'));
  await clickArmed(apply);
  await expect(field).not.toHaveValue(original);
  const corrected = await field.inputValue();

  // Undo, in Apply's place, writes into the draft too, under the same guards: a script's click does nothing; the
  // page faded over it, nothing; a user's click on the card as it is puts the claim's text back.
  const undo = card(page).getByRole('button', { name: 'Undo correction' });
  await undo.dispatchEvent('click');
  await page.evaluate(() => (document.documentElement.style.opacity = '0.05'));
  await undo.click({ force: true });
  await expect(card(page).getByRole('status')).toContainText('faded or hidden itself');
  await expect(field).toHaveValue(corrected);
  await page.evaluate(() => (document.documentElement.style.opacity = ''));
  await clickArmed(undo);
  await expect(card(page).getByRole('status')).toHaveText('Correction undone: your text is back.');
  await expect(field).toHaveValue(original);
  // Kept open for its Undo, the card goes once the user is back in the page.
  await field.click();
  await expect(card(page)).toHaveCount(0);
});

test('a page turned dark by a filter (as Dark Reader’s filter mode does) or greyed out still gets a correction applied; one half inverted does not', async ({
  checkDraftOn,
}) => {
  const { page, field, original } = await openCardInDraft(checkDraftOn);
  const apply = card(page).getByRole('button', { name: 'Apply correction' });
  const setFilter = (filter: string) =>
    page.evaluate((value) => document.documentElement.style.setProperty('filter', value, 'important'), filter);

  // Everything at mid-grey: the card cannot be read.
  await setFilter('invert(0.5)');
  await apply.click();
  await expect(card(page).getByRole('status')).toContainText('faded or hidden');
  await expect(field).toHaveValue(original);
  await setFilter('brightness(0.1)');
  await apply.click();
  await expect(field).toHaveValue(original);

  // A grey page, and a dark mode by filter: the card reads as well as the page does.
  await setFilter('grayscale(1)');
  await clickArmed(apply);
  await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
  await expect(field).not.toHaveValue(original);
  await setFilter('invert(1) hue-rotate(180deg)');
  await clickArmed(card(page).getByRole('button', { name: 'Undo correction' }));
  await expect(card(page).getByRole('status')).toHaveText('Correction undone: your text is back.');
  await expect(field).toHaveValue(original);
});

/** The open card's Apply button. */
const applyButton = (page: Page) => card(page).getByRole('button', { name: 'Apply correction' });

test('clickjacking: a page that moves the card as the button is pressed, or scrolls it under the pointer, gets nothing written until it stands still again', async ({
  checkDraftOn,
}) => {
  const { page, field, original } = await openCardInDraft(checkDraftOn);
  const apply = applyButton(page);
  // The page nudges the card a few pixels at the press (a transform on its root, which no event tells us of):
  // the click lands on a button that has just moved.
  await apply.hover();
  await expect(apply).toHaveAttribute(ARMED_ATTRIBUTE, '');
  await page.evaluate(() =>
    addEventListener('pointerdown', () => (document.documentElement.style.transform = 'translateY(3px)'), {
      once: true,
      capture: true,
    }),
  );
  await apply.click();
  await expect(card(page).getByRole('status')).toContainText('clicked as the card opened or moved');
  await expect(field).toHaveValue(original);

  // Scrolled: the card follows its badge, and the button is not armed again until a moment after.
  await stretchDelay(page, 'arming');
  await restOnApplyUntilArmed(page);
  const scrolledAt = Date.now();
  await page.evaluate(() => {
    document.body.style.minHeight = '300vh';
    scrollBy(0, 30);
  });
  await expect(apply).not.toHaveAttribute(ARMED_ATTRIBUTE, '');
  await apply.click();
  expectWithinRaceWindow(Date.now() - scrolledAt);
  await expect(card(page).getByRole('status')).toContainText('clicked as the card opened or moved');
  await expect(field).toHaveValue(original);

  // Left still, it works.
  await stretchDelay(page, 'arming', 500);
  await clickArmed(apply);
  await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
});

/** Hovers Apply until armed (with the arming delay as it is set in the page). */
async function restOnApplyUntilArmed(page: Page): Promise<void> {
  await applyButton(page).hover();
  await expect(applyButton(page)).toHaveAttribute(ARMED_ATTRIBUTE, '', { timeout: 15_000 });
}

test('clickjacking: a click as soon as the pointer reaches Apply does not count; the keyboard’s does at once', async ({
  checkDraftOn,
}) => {
  const { page, field, original } = await openCardInDraft(checkDraftOn);
  const apply = applyButton(page);
  // The card counts as still at once here (its arming shrunk to 1 ms) and the rest stretched, so that this click
  // is refused for the rest alone: the pointer jumps onto the button from afar and clicks.
  await stretchDelay(page, 'arming', 1);
  await stretchDelay(page, 'rest');
  await page.mouse.move(1, 1);
  const jumpedAt = Date.now();
  await apply.click();
  expectWithinRaceWindow(Date.now() - jumpedAt);
  await expect(card(page).getByRole('status')).toContainText('had only just reached the button');
  await expect(field).toHaveValue(original);

  // Enter on the focused button: a key press has no pointer to rest, and counts.
  await apply.focus();
  await page.keyboard.press('Enter');
  await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
  await expect(field).not.toHaveValue(original);
});

/**
 * Checks the draft in a frame of `page` (a contenteditable editor, its badges drawn in the frame) from the popup, then
 * opens its false claim's card and rests the pointer on Apply until it is armed. Returns the frame and its Apply.
 */
async function armApplyInFrame(page: Page, tabId: number, openPopup: TestFixtures['openPopup'], selector: string) {
  const frame = page.frameLocator(selector);
  const body = frame.locator('body');
  await body.click();
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check draft' }).click();
  await expect(popup.getByText('Checked 2 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(frame.locator('factlens-overlay .badge')).toHaveCount(2);
  const original = await body.innerText();
  await frame.getByRole('button', { name: /^False: / }).click();
  const apply = card(frame).getByRole('button', { name: 'Apply correction' });
  await apply.hover();
  await expect(apply).toHaveAttribute(ARMED_ATTRIBUTE, '');
  return { frame, body, apply, original };
}

/** Runs in the parent page: a white sheet over its whole view (over its frames), which lets clicks through. */
function coverFrames(): void {
  const sheet = document.createElement('div');
  sheet.id = 'decoy';
  sheet.style.cssText = 'position:fixed;inset:0;background:#fff;pointer-events:none;z-index:10';
  document.body.appendChild(sheet);
}

for (const [parent, refusal, prepare] of [
  [
    'of the same origin, which the frame looks through',
    'The page around this frame draws something over this card, so nothing was written.',
    () => undefined,
  ],
  [
    // More after the frame than the cover check looks through: the frame cannot tell what its parent draws, as in a
    // parent of another origin, and the browser's own witness decides.
    'too large to look through (as one of another origin): IntersectionObserver v2',
    'Something may be drawn over this card, so nothing was written.',
    () => {
      const filler = document.createElement('footer');
      for (let index = 0; index < 2_500; index++) filler.appendChild(document.createElement('span'));
      document.body.appendChild(filler);
    },
  ],
] as const)
  test(`clickjacking: a parent page ${parent}, drawing a decoy over the frame that holds the draft, gets nothing written`, async ({
    configure,
    openDemoPage,
    openPopup,
  }) => {
    await configure();
    const { page, tabId } = await openDemoPage('frame-draft.html');
    const { frame, body, apply, original } = await armApplyInFrame(page, tabId, openPopup, 'iframe');
    await page.evaluate(prepare);
    await page.evaluate(coverFrames);
    // A button seen covered is not armed; the cover check at the click decides in any case.
    await expect(apply).not.toHaveAttribute(ARMED_ATTRIBUTE, '');
    await apply.click();
    await expect(card(frame).getByRole('status')).toContainText(refusal);
    expect(await body.innerText()).toBe(original);

    await page.evaluate(() => document.getElementById('decoy')!.remove());
    await clickArmed(apply);
    await expect(card(frame).getByRole('status')).toHaveText(/^Correction applied\./);
  });

test('a page that rewrites the claim’s text while its card is open gets its new text kept: Apply writes nothing over it', async ({
  checkDraftOn,
}) => {
  const { page, field, original } = await openCardInDraft(checkDraftOn);
  const claim = (await card(page).locator('p.claim').innerText()).trim();
  const rewritten = original.replace(claim, 'Espresso is served in small cups.');
  expect(rewritten).not.toBe(original);
  // At the worst moment: as the user presses Apply, between the press and the click (rewritten sooner, the page
  // checker sees the change and the card offers "Check the draft again" in Apply's place instead).
  await page.evaluate(
    (text) =>
      addEventListener('pointerdown', () => (document.querySelector('textarea')!.value = text), {
        once: true,
        capture: true,
      }),
    rewritten,
  );
  await clickArmed(applyButton(page));
  await expect(card(page).getByRole('status')).toHaveText(
    'The text under this claim changed since the check, so nothing was written. Check the draft again.',
  );
  await expect(field).toHaveValue(rewritten);
});

test('a service address that redirects elsewhere gets neither the key nor the file: checks and uploads stop and say why', async ({
  popupOn,
  double,
}) => {
  const { popup } = await popupOn();
  // A proxy in front of the service redirects every request to another origin (the double again, at localhost).
  double.faults.add({ kind: 'redirect' });
  const atOtherOrigin = () => double.log.filter((entry) => entry.headers.host?.startsWith('localhost'));
  const uploads = () =>
    double.log.filter((entry) => entry.endpoint === 'uploadFile').map(({ method, outcome }) => ({ method, outcome }));

  await popup.getByRole('button', { name: 'Send the text instead' }).click();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByRole('alert')).toContainText('with a redirect to another address');
  expect(atOtherOrigin()).toEqual([]);

  await popup.getByRole('button', { name: 'Library' }).click();
  await popup.getByRole('button', { name: 'Assets' }).click();
  await popup.getByLabel('Upload a file (or drop it here)').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('The Moon is about 384,400 km from Earth.'),
  });
  const refusal = popup.locator('.upload [role="alert"]');
  await expect(refusal).toContainText('answered with a redirect, which FactLens does not follow');
  await expect(refusal).toContainText('Check the upload base URL in Settings.');
  // The file went once, to the address set, whose redirect was not followed: nothing reached the other origin.
  expect(atOtherOrigin()).toEqual([]);
  expect(uploads()).toEqual([{ method: 'POST', outcome: 307 }]);

  // The same when only the upload is redirected (a check just before saw no redirect), even to the same origin.
  double.faults.clear();
  double.faults.add({ kind: 'redirect', endpoint: 'uploadFile', count: 1, location: `${double.url}/elsewhere` });
  await popup.getByLabel('Upload a file (or drop it here)').setInputFiles({
    name: 'tides.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Tides are caused mostly by the Moon.'),
  });
  await expect(refusal).toContainText('answered with a redirect');
  expect(uploads()).toEqual([
    { method: 'POST', outcome: 307 },
    { method: 'POST', outcome: 307 },
  ]);
  expect(double.log.filter((entry) => entry.path === '/elsewhere')).toEqual([]);
});

test('a service (or a proxy) that echoes the key in its error gets it shown nowhere: not in the popup, its details, the page or the content script’s state', async ({
  popupOn,
  double,
  serviceWorker,
}) => {
  const { page, popup, tabId } = await popupOn();
  double.faults.add({ kind: 'status-failure', message: `The key ${E2E_KEY} has no credits left.` });
  await popup.getByRole('button', { name: 'Send the text instead' }).click();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('has no credits left');
  await alert.locator('summary').click();
  await expect(alert).toContainText('[redacted]');
  expect(await popup.locator('body').innerText()).not.toContain(E2E_KEY);
  expect(await page.locator('html').evaluate((root) => root.outerHTML)).not.toContain(E2E_KEY);
  const contentState = await serviceWorker.evaluate(
    async ({ tabId }) => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        world: 'ISOLATED',
        func: () =>
          new Promise<string>((resolve) => {
            const chromeApi = (globalThis as unknown as { chrome: typeof chrome }).chrome;
            const port = chromeApi.runtime.connect({ name: 'factlens:events' });
            port.onMessage.addListener((message) => {
              resolve(JSON.stringify(message));
              port.disconnect();
            });
            port.postMessage({ type: 'watch', tabId: 0 });
          }),
      });
      return frame!.result as string;
    },
    { tabId },
  );
  expect(contentState).toContain('has no credits left');
  expect(contentState).not.toContain(E2E_KEY);
});
