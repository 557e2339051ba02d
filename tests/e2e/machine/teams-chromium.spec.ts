/**
 * FactLens for a team, in Chromium: the organization's policy read from a real policy file (Linux's
 * /etc/chromium/policies/managed/, written by the test and removed after it), and the shipped nginx gateway (Debian's
 * nginx) in front of the service double, reached over TLS by the name gateway.factlens.test. These tests change the
 * machine: they run after every other Chromium test, one at a time, beside Firefox's tests (see playwright.config.ts).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';
import { test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fingerprintKey, startServiceDouble, type ServiceDouble } from '../../../service-double/server';
import {
  launchWithExtension,
  saveSettings,
  settingsFor,
  type ExtensionBrowser,
} from '../../../scripts/extension-browser';
import { newestTabAt } from '../in-page-probes';
import { expect } from '../quick-expect';
import { GATEWAY_HOST, startGateway, type Gateway } from '../gateway';

const POLICY_DIR = '/etc/chromium/policies/managed';
const POLICY_FILE = path.join(POLICY_DIR, 'factlens-e2e.json');
/** The e2e build's id (its manifest's key): the policy names the extension by it. */
const EXTENSION_ID = 'nanbaoajflabolcjmfhjgdookpgcbgne';
const KEY = 'e2e-key-9b7d';
const SERVICE_KEY = 'service-key-held-by-the-gateway-4e1f';
const TOKEN = 'tok-alice-7d2c9e';
const ARTICLE_CLAIMS = 12;

/** Writes the organization's policy for FactLens as an administrator does (whole, at once: Chrome watches the folder). */
function writePolicy(policy: Record<string, unknown>): void {
  mkdirSync(POLICY_DIR, { recursive: true });
  const partial = `${POLICY_FILE}.tmp`;
  writeFileSync(partial, JSON.stringify({ '3rdparty': { extensions: { [EXTENSION_ID]: policy } } }));
  renameSync(partial, POLICY_FILE);
}

const removePolicy = () => rmSync(POLICY_FILE, { force: true });

/** What a test started, stopped after it even when it times out (a timeout skips the test's own `finally`). */
const started: Array<{ close(): Promise<void> } | { stop(): Promise<void> }> = [];

test.beforeAll(removePolicy);
test.afterEach(async () => {
  removePolicy();
  for (const thing of started.splice(0).reverse()) await ('close' in thing ? thing.close() : thing.stop());
});

async function openPopupOn(browser: ExtensionBrowser, url: string): Promise<{ page: Page; popup: Page }> {
  const page = await browser.context.newPage();
  await page.goto(url);
  const tabId = await browser.worker.evaluate(newestTabAt, url);
  const popup = await browser.context.newPage();
  await popup.goto(`chrome-extension://${browser.extensionId}/popup.html?tabId=${tabId}`);
  return { page, popup };
}

async function checkPage(browser: ExtensionBrowser, double: ServiceDouble, file = 'article.html'): Promise<Page> {
  const { popup } = await openPopupOn(browser, `${double.url}/demo/${file}`);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  return popup;
}

const checked = (popup: Page) => popup.getByRole('status').filter({ hasText: /^Checked \d+ claims\.$/ });

test('Chromium reads the organization’s policy file: its address and caps are used, shown locked, and a change applies at once', async () => {
  const double = await startServiceDouble({ port: 0, keys: [KEY] });
  started.push(double);
  writePolicy({
    serviceUrl: double.url,
    writeDailyCreditLimit: 5,
    askAboveCredits: 40,
    disabledFeatures: ['library'],
    // Not an integer: Chrome's schema drops it, and the others stay in force.
    historyDays: 'a week',
  });
  const browser = await launchWithExtension();
  started.push(browser);
  // The user's own address (unreachable) and limits, saved before: the organization's address is used instead.
  const options = await saveSettings(browser, {
    settings: settingsFor('http://127.0.0.1:9', { writeDailyLimit: 4, askAboveCredits: 30 }),
    apiKey: KEY,
  });
  await options.reload();
  await expect(
    options.getByText('Your organization manages FactLens: what it sets is shown here, read-only.'),
  ).toBeVisible();
  await expect(options.getByText('Turned off: the library.')).toBeVisible();
  const address = options.getByLabel('API base URL');
  await expect(address).toHaveValue(double.url);
  await expect(address).toHaveJSProperty('readOnly', true);
  await expect(options.locator('#api-base-url-hint')).toHaveText(
    'Set by your organization. Only its administrator can change it.',
  );
  const dailyLimit = options.getByLabel('Daily limit for checking as I write');
  await expect(options.locator('#write-daily-limit-hint')).toContainText('Your organization allows at most 5 credits.');
  await dailyLimit.fill('6');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.locator('#write-daily-limit-error')).toHaveText('Your organization allows at most 5 credits.');
  // A message from an extension page cannot raise it either.
  const refused = await options.evaluate(
    (settings) => chrome.runtime.sendMessage({ type: 'saveSettings', data: { settings } }),
    settingsFor('http://127.0.0.1:9', { writeDailyLimit: 6 }),
  );
  expect(refused).toMatchObject({ ok: false });

  const popup = await checkPage(browser, double);
  await expect(popup.getByText('Managed by your organization')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Library' })).toHaveCount(0);
  await expect(popup.getByRole('status').filter({ hasText: 'Checked' })).toHaveText(
    `Checked ${ARTICLE_CLAIMS} claims.`,
  );
  expect(double.log.some((entry) => entry.endpoint === 'factCheckClaims' || entry.endpoint === 'detectClaims')).toBe(
    true,
  );

  // The administrator raises the cap and gives the library back: Chrome reads the file again as it changes, and the
  // open options page and a new popup follow without a reload.
  writePolicy({ serviceUrl: double.url, writeDailyCreditLimit: 7 });
  await expect(options.locator('#write-daily-limit-hint')).toContainText(
    'Your organization allows at most 7 credits.',
    {
      timeout: 45_000,
    },
  );
  const { popup: again } = await openPopupOn(browser, `${double.url}/demo/article.html`);
  await expect(again.getByRole('button', { name: 'Library' })).toBeVisible();
});

/** A call to the gateway from outside the browser, trusting its certificate alone. */
function callGateway(
  gateway: Gateway,
  pathAndQuery: string,
  token: string,
): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: gateway.port,
        servername: GATEWAY_HOST,
        path: pathAndQuery,
        ca: gateway.certificate,
        // A connection of its own: a kept-alive one could stay with a worker of before a reload.
        agent: false,
        headers: { Authorization: `Bearer ${token}`, Host: GATEWAY_HOST },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'] as string | undefined,
            body,
          }),
        );
      },
    );
    call.on('error', reject);
    // A call that hangs fails the test in seconds, instead of holding the burst below until the test's timeout.
    call.setTimeout(5000, () => call.destroy(new Error(`the gateway did not answer ${pathAndQuery} in 5 s`)));
    call.end();
  });
}

test('in gateway mode a check goes through the shipped nginx gateway, which holds the service key; revoked, limited and outside paths are refused', async () => {
  const double = await startServiceDouble({ port: 0, keys: [SERVICE_KEY] });
  started.push(double);
  const gateway = await startGateway({
    serviceUrl: double.url,
    serviceKey: SERVICE_KEY,
    tokens: { alice: TOKEN },
    ratePerMinute: 120,
    // Long enough for the burst's excess to drain: the check's calls told to wait all pass when they try again.
    retryAfterSeconds: 5,
  });
  started.push(gateway);
  // The administrator sets the gateway and the sign-in; the person pastes the token they were given.
  writePolicy({ serviceUrl: gateway.url, authMode: 'gateway' });
  const browser = await launchWithExtension({ headless: true, args: gateway.chromiumFlags });
  started.push(browser);
  const options = await browser.context.newPage();
  await options.goto(`chrome-extension://${browser.extensionId}/options.html`);
  const gatewayMode = options.getByRole('radio', { name: "My token for my organization's gateway" });
  await expect(gatewayMode).toBeChecked();
  await expect(gatewayMode).toBeDisabled();
  await expect(options.getByLabel('API base URL')).toHaveValue(gateway.url);
  await expect(options.getByLabel('Gateway token')).toBeEditable();
  // Saved as the options page saves it (its Save button would first ask for the gateway's host, in a prompt a test
  // cannot answer; without that permission the worker's calls are CORS requests, which the gateway answers).
  const saved = await options.evaluate((data) => chrome.runtime.sendMessage({ type: 'saveSettings', data }), {
    settings: settingsFor('https://api-az.longshot.ai', { authMode: 'key' }),
    apiKey: TOKEN,
  });
  expect(saved).toMatchObject({ ok: true });

  const popup = await checkPage(browser, double);
  await expect(popup.getByRole('status').filter({ hasText: 'Checked' })).toHaveText(
    `Checked ${ARTICLE_CLAIMS} claims.`,
  );
  // Every call reached the double with the service key, put there by the gateway; none with the person's token.
  const calls = double.log.filter((entry) => entry.endpoint !== null);
  expect(calls.length).toBeGreaterThan(0);
  expect(new Set(calls.map((entry) => entry.keyFingerprint))).toEqual(new Set([fingerprintKey(SERVICE_KEY)]));
  // The service key was never in the browser: not in any of the extension's storage areas, nor in its IndexedDB,
  // where the person's token is kept (see trusted-item.ts).
  const stored = await browser.worker.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((opened, failed) => {
      const request = indexedDB.open('factlens');
      request.onsuccess = () => opened(request.result);
      request.onerror = () => failed(request.error);
    });
    const items = await new Promise<unknown[]>((read) => {
      const request = database.transaction('items').objectStore('items').getAll();
      request.onsuccess = () => read(request.result as unknown[]);
    });
    database.close();
    return JSON.stringify([
      items,
      await chrome.storage.local.get(null),
      await chrome.storage.session.get(null),
      await chrome.storage.sync.get(null),
    ]);
  });
  expect(stored).toContain(TOKEN);
  expect(stored).not.toContain(SERVICE_KEY);
  // The gateway logged who called what, and never a token.
  expect(gateway.accessLog()).toMatch(/person=alice "POST \/custom\/api\//);
  expect(gateway.accessLog()).not.toContain(TOKEN);

  // The library and an upload go through the gateway as well (the popup uploads itself, a CORS request too).
  await popup.getByRole('button', { name: 'Library' }).click();
  await expect(popup.locator('section[aria-labelledby="library-heading"] [role="status"]')).toHaveText('1–10 of 34');
  await popup.getByRole('button', { name: 'Assets' }).click();
  await popup.getByLabel('Upload a file (or drop it here)').setInputFiles({
    name: 'tides.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('The Moon raises two tides a day. '.repeat(20)),
  });
  await expect(popup.getByText('Uploaded “tides.txt”.', { exact: false })).toBeVisible();
  expect(double.endpointCalls('uploadFile')[0]).toMatchObject({
    authorized: true,
    keyFingerprint: fingerprintKey(SERVICE_KEY),
  });
  expect(gateway.accessLog()).toMatch(/person=alice "POST \/custom\/api\/upload\/file\/factgpt" status=200/);

  // A path outside the service's is refused by the gateway, and never reaches the double.
  const outside = await callGateway(gateway, '/__double/log', TOKEN);
  expect(outside.status).toBe(403);
  expect(double.log.some((entry) => entry.path.startsWith('/__double'))).toBe(false);

  // A burst past the person's rate (their other calls, made here all along): the check is told to wait, and says
  // so; the burst over, it resumes.
  let bursting = true;
  const burstDone = (async () => {
    while (bursting) await callGateway(gateway, '/custom/api/fetch/assets', TOKEN);
  })();
  const { popup: burst } = await openPopupOn(browser, `${double.url}/demo/components-article.html`);
  try {
    await burst.getByRole('button', { name: 'Check this page' }).click();
    await expect(burst.getByText(/asked us to slow down: trying again in \d s/)).toBeVisible({ timeout: 20_000 });
  } finally {
    bursting = false;
    await burstDone;
  }
  await expect(checked(burst)).toBeVisible({ timeout: 30_000 });
  expect(gateway.accessLog()).toMatch(/person=alice "GET \/custom\/api\/fetch\/assets" status=429/);

  // The token revoked (its line deleted, nginx reloaded): refused at once, in the gateway's words.
  await gateway.setTokens({});
  // Until the old workers no longer take new connections: the revoked token is refused from outside the browser.
  await expect.poll(async () => (await callGateway(gateway, '/custom/api/fetch/assets', TOKEN)).status).toBe(401);
  const revoked = await openPopupOn(browser, `${double.url}/demo/numbers.html`);
  await revoked.popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(revoked.popup.getByText(/Your organization's gateway refused this token \(HTTP 401\)/)).toBeVisible();
});
