/**
 * Checking as the user writes, in Firefox: the popup's switch registers the content script for the site (Firefox's
 * scripting API, on a host the e2e build may reach), a textarea there is checked after a pause with only its finished
 * sentences sent, and the options page's Remove unregisters it.
 */
import type { Page } from 'puppeteer-core';
import { expect, indicatorName, pageText, test, turnOnInPopup } from './firefox';

/** The content scripts registered for the sites checked as you write, read in an extension page. */
async function registeredSites(openExtensionPage: (file: string) => Promise<Page>): Promise<string[]> {
  const page = await openExtensionPage('options.html');
  try {
    return await page.evaluate(async () => {
      const api = (globalThis as unknown as { browser: typeof chrome }).browser;
      return (await api.scripting.getRegisteredContentScripts())
        .filter((script) => script.id.startsWith('factlens-write:'))
        .flatMap((script) => script.matches ?? []);
    });
  } finally {
    await page.close();
  }
}

test('Firefox: “Check as I write on this site” registers the site; a pause in a textarea checks its finished sentences; Remove unregisters it', async ({
  configure,
  openDemoPage,
  openPopup,
  openExtensionPage,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('draft-textarea.html');
  await turnOnInPopup(await openPopup(tabId));
  expect(await registeredSites(openExtensionPage)).toEqual(['http://127.0.0.1/*']);

  await page.bringToFront();
  await page.reload();
  const field = (await page.waitForSelector('#draft'))!;
  await field.click();
  await page.keyboard.press('End');
  await page.keyboard.down('Control');
  await page.keyboard.press('End');
  await page.keyboard.up('Control');
  await expect.poll(() => indicatorName(page)).toBe('FactLens: checks this draft when you pause');
  await page.keyboard.type(' Twelve astronauts walked on the Moon between 1969 and 1972. The Sun is');
  await expect.poll(() => indicatorName(page), { timeout: 15_000 }).toMatch(/to look at$/);
  const sent = double.endpointCalls('detectClaims').map((call) => (call.body as { blog: string }).blog);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain('Twelve astronauts walked on the Moon between 1969 and 1972.');
  expect(sent[0]).not.toContain('The Sun is');

  const options = await openExtensionPage('options.html');
  const remove = await options.waitForSelector('button[aria-label^="Remove http://127.0.0.1"]');
  await remove!.click();
  await expect.poll(() => pageText(options)).toContain('None yet.');
  expect(await registeredSites(openExtensionPage)).toEqual([]);
});

test('Firefox: a site checked as you write is registered again when the add-on starts, though Firefox forgot its script', async ({
  configure,
  openDemoPage,
  openPopup,
  openExtensionPage,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('draft-textarea.html');
  await turnOnInPopup(await openPopup(tabId));
  expect(await registeredSites(openExtensionPage)).toEqual(['http://127.0.0.1/*']);

  // Firefox forgets a registered script, as it may at a restart; then the add-on starts again (its background too).
  const extensionPage = await openExtensionPage('options.html');
  await extensionPage.evaluate(async () => {
    const api = (globalThis as unknown as { browser: typeof chrome }).browser;
    const ids = (await api.scripting.getRegisteredContentScripts()).map((script) => script.id);
    await api.scripting.unregisterContentScripts({ ids });
    setTimeout(() => api.runtime.reload(), 0);
  });
  await expect
    .poll(() => registeredSites(openExtensionPage).catch(() => ['not started yet']), { timeout: 15_000 })
    .toEqual(['http://127.0.0.1/*']);

  await page.bringToFront();
  await page.reload();
  const field = (await page.waitForSelector('#draft'))!;
  await field.click();
  await expect.poll(() => indicatorName(page)).toBe('FactLens: checks this draft when you pause');
});

test('Firefox: a compose page that writes, focuses, blurs and inserts with execCommand by script gets only what the person typed sent', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  // Firefox fires a trusted beforeinput for execCommand, where Chromium fires none: it must still count for nothing.
  const attackMs = 12_000;
  await configure();
  const { page, tabId } = await openDemoPage('hostile-compose.html');
  await turnOnInPopup(await openPopup(tabId));
  await page.bringToFront();
  await page.goto(`${double.url}/demo/hostile-compose.html?attack=${attackMs}`);
  const typed = 'The Moon is about 384,400 kilometres from Earth on average. Mars has two moons, Phobos and Deimos.';
  await (await page.waitForSelector('#draft'))!.click();
  await expect.poll(() => indicatorName(page)).not.toBe('');
  await page.keyboard.type(typed);
  const sent = () => double.endpointCalls('detectClaims').map((call) => (call.body as { blog: string }).blog);
  await expect.poll(() => sent().length, { timeout: attackMs }).toBeGreaterThan(0);
  // The attack goes on for 12 rounds (3 s) after the pause was sent, then stops.
  const round = () => page.evaluate(() => Number(document.documentElement.dataset.round));
  const last = (await round()) + 12;
  await expect.poll(round).toBeGreaterThanOrEqual(last);
  await page.evaluate(() => document.documentElement.setAttribute('data-stop', ''));
  await page.waitForSelector('html[data-attack-done]');
  for (const text of sent()) {
    expect(text).not.toMatch(/SCRIPT/);
    for (const sentence of text.split('\n')) expect(typed, sentence).toContain(sentence.trim());
  }
});
