/**
 * The extension's own pages and menus, written once and run in Chromium and in Firefox: the options page saves the key
 * and tests it, the context menu's items and the keyboard shortcuts exist, a file picked in the library is uploaded,
 * and a product copy is written in the settings' language.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fingerprintKey } from '../../service-double/server';
import { E2E_KEY } from './fixtures';
import { expect } from './quick-expect';
import { MENU_ITEM_IDS } from './worker-probes';
import { inBothBrowsers } from './users/in-both-browsers';

inBothBrowsers(
  'saving a key and the double’s address, then testing the connection, reaches the double with that key; the key is kept, masked until asked for',
  async (browser) => {
    const options = await browser.openOptions();
    await options.fill('#api-key', E2E_KEY);
    await options.fill('#api-base-url', browser.double.url);
    await options.click('Save');
    await options.waitForText('Settings saved.');
    await options.click('Test connection');
    await options.waitForText('Connected. Your key works; your library has 34 brand voices.');
    const calls = browser.double.endpointCalls('listBrandVoices');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      keyFingerprint: fingerprintKey(E2E_KEY),
      authorized: true,
      // A normal page, 1 to 10, as the docs' samples ask for.
      query: { start_count: '1', end_count: '10' },
    });

    // The settings survive a reload, and the key is masked until the user asks to see it.
    await options.reload();
    const keyField = () =>
      options.evaluate(() => {
        const field = document.querySelector<HTMLInputElement>('#api-key')!;
        return { value: field.value, type: field.type };
      });
    await expect.poll(keyField).toEqual({ value: E2E_KEY, type: 'password' });
    await options.click('Show');
    await expect.poll(keyField).toEqual({ value: E2E_KEY, type: 'text' });
  },
);

inBothBrowsers(
  'the four context-menu items exist, on selected text only, and the options page lists the keyboard shortcuts as the browser has them (an unset one as such)',
  async (browser) => {
    const options = await browser.openOptions();
    // Neither browser's menus API has getAll; update() fails for an id that does not exist. They are made on install.
    const exists = (id: string) =>
      options.evaluate((menuId) => {
        const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
        return api.contextMenus.update(menuId, { contexts: ['selection'] }).then(
          () => true,
          () => false,
        );
      }, id);
    for (const id of MENU_ITEM_IDS) await expect.poll(() => exists(id)).toBe(true);
    expect(await exists('no-such-item')).toBe(false);
    // Firefox leaves a shortcut unbound when it clashes with one of its own; none of these does.
    const listed = () =>
      options.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('.shortcuts dl > div')].map((row) => [
            row.querySelector('dt')!.textContent!.trim(),
            row.querySelector('dd')!.textContent!.trim(),
          ]),
        ),
      );
    await expect.poll(listed).toMatchObject({
      'Check this page': 'Alt+Shift+K',
      'Check the selected text (or the draft being written)': 'Alt+Shift+L',
      'Go to the next checked claim in the page, and open its card': 'Alt+Shift+J',
      'Hide or show the highlights and badges in this page': 'Alt+Shift+H',
    });
    // The toolbar button's command has no suggested keys (Chromium lists it; Firefox does not).
    expect((await listed())['Open the FactLens popup'] ?? 'Not set').toBe('Not set');
  },
);

inBothBrowsers(
  'the library lists the assets, and a file picked in the popup is uploaded to the service with the key (the popup’s own request)',
  async (browser) => {
    await browser.configure();
    const page = await browser.openDemoPage('article.html');
    const popup = await browser.openPopup(page.tabId);
    await popup.click('Library');
    await popup.click('Assets');
    await popup.waitForText('1–10 of 41');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'factlens-')), 'moon-notes.txt');
    writeFileSync(file, 'The Moon is about 384,400 km from Earth. '.repeat(200));
    await popup.upload('input[type="file"]', file);
    await popup.waitForText('Uploaded “moon-notes.txt”.');
    await popup.waitForText('1–10 of 42');
    expect(browser.double.endpointCalls('uploadFile')[0]).toMatchObject({
      authorized: true,
      outcome: 200,
      body: { file: { name: 'moon-notes.txt', type: 'text/plain' } },
    });
  },
);

inBothBrowsers(
  'a product copy is written in the language of the settings (read by the popup from the extension’s IndexedDB), sent by its name, until another is picked',
  async (browser) => {
    await browser.configure({ language: 'French' });
    const page = await browser.openDemoPage('article.html');
    const popup = await browser.openPopup(page.tabId);
    await popup.click('Write');
    await popup.select('#write-tool', 'product');
    await expect.poll(() => popup.value('#product-language')).toBe('French');
    await popup.fill('#product', 'Lunar lamp');
    await popup.click('Write it');
    await expect.poll(() => browser.double.endpointCalls('productCopies').length).toBe(1);
    // By its documented name (the client falls back to the code only if the service refuses it).
    expect(browser.double.endpointCalls('productCopies')[0]?.body).toMatchObject({ language: 'French' });
    // A language picked in the form is kept over the settings' as the popup opens again.
    await popup.select('#product-language', 'Polish');
    await popup.close();
    const reopened = await browser.openPopup(page.tabId);
    await reopened.click('Write');
    await expect.poll(() => reopened.value('#product-language')).toBe('Polish');
  },
);
