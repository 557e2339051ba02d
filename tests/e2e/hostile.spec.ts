/**
 * A hostile page fuzzes window.postMessage and DOM events, tries to message the extension by its id, and
 * reads everything in its DOM while the user checks it. It gets nothing: no call it triggered, no key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_KEY, expect, test } from './fixtures';

const HOSTILE_PAGE = readFileSync(path.resolve('tests/e2e/pages/hostile.html'), 'utf8');

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
