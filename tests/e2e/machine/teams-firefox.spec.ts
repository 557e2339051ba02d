/**
 * FactLens for a team, in Firefox ESR: the organization's policy from a real policies.json (its `3rdparty` section,
 * in the distribution folder beside Firefox, written by the test before its Firefox starts and removed after it).
 * Firefox checks no schema: a value that does not validate reaches the add-on, which drops it and names it. Firefox
 * reads its policies as it starts; a change applies at its next start (docs/teams.md).
 */
import { copyFileSync, existsSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_KEY } from '../fixtures';
import { ADDON_ID, clickButton, expect, expectText, FIREFOX_PATH, pageText, test } from '../firefox';

const POLICIES = path.join(path.dirname(realpathSync(FIREFOX_PATH)), 'distribution', 'policies.json');
/** An administrator's own policies.json, kept aside while the test's stands, and put back. */
const SAVED = `${POLICIES}.factlens-e2e-saved`;

test.beforeAll(({ double }) => {
  if (existsSync(POLICIES)) copyFileSync(POLICIES, SAVED);
  const partial = `${POLICIES}.tmp`;
  writeFileSync(
    partial,
    JSON.stringify({
      policies: {
        '3rdparty': {
          Extensions: {
            [ADDON_ID]: {
              serviceUrl: double.url,
              writeDailyCreditLimit: 5,
              disabledFeatures: ['library'],
              historyDays: 'a week',
            },
          },
        },
      },
    }),
  );
  renameSync(partial, POLICIES);
});

test.afterAll(() => {
  if (existsSync(SAVED)) renameSync(SAVED, POLICIES);
  else rmSync(POLICIES, { force: true });
});

test('Firefox reads the organization’s policies.json: its address and caps are used and shown locked; a bad value is named', async ({
  configure,
  openExtensionPage,
  openDemoPage,
  openPopup,
  double,
}) => {
  // The user's own address (unreachable), saved before: the organization's is used instead.
  await configure({ apiBaseUrl: 'http://127.0.0.1:9', writeDailyLimit: 4 });
  const options = await openExtensionPage('options.html');
  await expectText(options, 'Your organization manages FactLens: what it sets is shown here, read-only.');
  await expectText(options, 'Settings from your organization that could not be used: historyDays.');
  await expect
    .poll(() =>
      options.$eval('#api-base-url', (input) => [
        (input as HTMLInputElement).value,
        (input as HTMLInputElement).readOnly,
      ]),
    )
    .toEqual([double.url, true]);
  expect(await options.$eval('#write-daily-limit-hint', (hint) => hint.textContent)).toContain(
    'Your organization allows at most 5 credits.',
  );
  // A message from the add-on's own page cannot raise the cap.
  const refused = await options.evaluate(
    (key) =>
      (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({
        type: 'saveSettings',
        data: {
          settings: {
            apiBaseUrl: 'http://127.0.0.1:9',
            uploadBaseUrl: '',
            language: 'English-US',
            languageFromPage: false,
            checkMode: 'progressive',
            authMode: 'key',
            writeDailyLimit: 6,
            askAboveCredits: null,
          },
          apiKey: key,
        },
      }),
    E2E_KEY,
  );
  expect(refused).toMatchObject({ ok: false });

  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await expectText(popup, 'Managed by your organization');
  expect(await pageText(popup)).not.toMatch(/\bLibrary\b/);
  await clickButton(popup, 'Check this page');
  await expectText(popup, 'Checked 12 claims.');
  expect(double.log.some((entry) => entry.endpoint !== null)).toBe(true);
});
