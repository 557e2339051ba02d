import { fingerprintKey } from '../../service-double/server';
import { E2E_KEY, test } from './fixtures';
import { expect } from './quick-expect';
import { fillSettings } from './chromium-steps';

test('a wrong key gets a clear message in the options page', async ({ openExtensionPage, double }) => {
  const page = await openExtensionPage('options.html');
  await fillSettings(page, 'not-the-key', double.url);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toContainText('The API key was rejected (HTTP 401).');
  await expect(page.getByRole('status')).toContainText('Check the key in Settings.');
  await expect(page.getByRole('status')).not.toContainText('not-the-key');
  expect(double.endpointCalls('listBrandVoices')[0]).toMatchObject({ authorized: false, outcome: 401 });
});

test('a base URL that would send the key in the clear is refused before anything is saved', async ({
  openExtensionPage,
  double,
}) => {
  const page = await openExtensionPage('options.html');
  await fillSettings(page, E2E_KEY, 'http://api.example.com');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toHaveText('Nothing was saved: correct the fields marked below.');
  await expect(page.getByText('it must use https://')).toBeVisible();
  expect(double.log).toHaveLength(0);
});

test('a key pasted with “Bearer” and quotes, as copied from a curl command, is saved alone and works; an endpoint’s address is refused with the base URL to use', async ({
  openExtensionPage,
  double,
}) => {
  const page = await openExtensionPage('options.html');
  await fillSettings(page, `Authorization: Bearer "${E2E_KEY}"`, `${double.url}/custom/api/v2/blog/fact/check`);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toHaveText('Nothing was saved: correct the fields marked below.');
  await expect(
    page.getByText(`it must stop before “/custom/api”, which the extension adds for each call: use ${double.url}`),
  ).toBeVisible();
  expect(double.log).toHaveLength(0);

  // With no key, the page says where it goes, and calls nothing.
  await page.getByLabel('API key', { exact: true }).fill('  ');
  await page.getByLabel('API base URL', { exact: true }).fill(`${double.url}/`);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Paste your API key above first; there is nothing to test without it.',
  );
  expect(double.log).toHaveLength(0);

  await page.getByLabel('API key', { exact: true }).fill(`Authorization: Bearer "${E2E_KEY}"`);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toHaveText('Connected. Your key works; your library has 34 brand voices.');
  expect(double.endpointCalls('listBrandVoices')[0]).toMatchObject({ keyFingerprint: fingerprintKey(E2E_KEY) });
  // The fields show what was saved.
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(E2E_KEY);
  await expect(page.getByLabel('API base URL', { exact: true })).toHaveValue(double.url);
});

test('the options page says which pages FactLens may read, and offers to allow every site', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  const access = page.getByRole('region', { name: 'Site access' });
  await expect(access).toContainText('FactLens reads a tab only after you open it there');
  await expect(access.getByRole('button', { name: 'Allow on all sites' })).toBeVisible();
  // (Chromium's permission prompt cannot be answered from a test: the Firefox suite allows it.)
});

test('the options page’s “Change shortcuts” opens the browser’s page to change them (their list: extension-pages.spec.ts)', async ({
  openExtensionPage,
  context,
}) => {
  const page = await openExtensionPage('options.html');
  const section = page.getByRole('region', { name: 'Keyboard shortcuts' });
  const [settings] = await Promise.all([
    context.waitForEvent('page'),
    section.getByRole('button', { name: 'Change shortcuts' }).click(),
  ]);
  await expect.poll(() => settings.url()).toBe('chrome://extensions/shortcuts');
});

test('the options page links to the privacy policy, which the extension carries as a page of its own', async ({
  openExtensionPage,
  context,
}) => {
  const page = await openExtensionPage('options.html');
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'privacy policy' }).click();
  const policy = await opened;
  await policy.waitForLoadState();
  await expect(policy.getByRole('heading', { level: 1 })).toHaveText('FactLens privacy policy');
  await expect(policy.getByRole('heading', { name: 'What is sent, and when' })).toBeVisible();
  await expect(policy.getByRole('heading', { name: 'How to delete it' })).toBeVisible();
  // Its tables are tables, not Markdown's pipes.
  await expect(policy.getByRole('table')).toHaveCount(2);
});

test('the earlier fact-checks section: off until turned on, a key asked for when it is, then saved and used', async ({
  openExtensionPage,
  openDemoPage,
  openPopup,
  double,
}) => {
  const page = await openExtensionPage('options.html');
  await fillSettings(page, E2E_KEY, double.url);
  const earlier = page.getByRole('group', { name: 'Earlier fact-checks' });
  const toggle = earlier.getByRole('switch', { name: 'Look for earlier fact-checks' });
  await expect(toggle).not.toBeChecked();
  await expect(earlier.getByRole('link', { name: 'How to get one' })).toHaveAttribute(
    'href',
    'https://developers.google.com/fact-check/tools/api',
  );
  await toggle.check();
  await earlier.getByLabel('Fact Check Tools address').fill(double.url);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#fact-check-key-error')).toHaveText(
    'Paste your Fact Check Tools API key to look for earlier fact-checks.',
  );
  await earlier.getByLabel('Fact Check Tools API key').fill('fc-demo-key');
  await earlier.getByLabel('Publisher (for ClaimReview export)').fill('Newsroom Example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Settings saved.');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Look for earlier fact-checks' })).toBeChecked();
  await expect(page.getByLabel('Fact Check Tools API key')).toHaveValue('fc-demo-key');
  await expect(page.getByLabel('Publisher (for ClaimReview export)')).toHaveValue('Newsroom Example');

  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await expect(popup.locator('.earlier li')).toHaveCount(4);
  // Google's key goes to Google's search only: never to the service.
  expect(JSON.stringify(double.endpointCalls())).not.toContain('fc-demo-key');
});
