/** The Write view: each generation tool, with its modes, validated before it sends, against the double. */

import { axeViolations } from './axe';
import { expect } from './quick-expect';
import { inLanguage, sendAtOnce } from './worker-probes';
import { test } from './fixtures';
import { openWrite, result } from './write-steps';

test('paragraph from bullet points (a list editor) and from keywords; empty forms are refused before sending', async ({
  popupOn,
  double,
}) => {
  const popup = await openWrite(popupOn);
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  await expect(popup.getByText('Write at least one bullet point.')).toBeVisible();
  expect(double.endpointCalls()).toHaveLength(0);
  await popup.getByLabel('Bullet point 1', { exact: true }).fill('The Moon is 384,400 km away');
  await popup.getByLabel('Bullet point 2', { exact: true }).fill('It has no atmosphere');
  await popup.getByRole('button', { name: 'Add a point' }).click();
  await popup.getByLabel('Bullet point 3', { exact: true }).fill('Its far side is lit too');
  await popup.getByRole('button', { name: 'Remove bullet point 2' }).click();
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  await expect(popup.getByRole('heading', { name: 'Paragraph from bullet points' })).toBeVisible();
  await expect(result(popup)).not.toBeEmpty();
  // Written in its points' language, not known to the popup: not declared English, as the popup's own words are.
  await expect(result(popup)).toHaveAttribute('lang', '');
  await expect.poll(() => double.endpointCalls('paragraphFromBulletPoints').length).toBe(1);
  expect(double.endpointCalls('paragraphFromBulletPoints')[0]?.body).toEqual({
    bullet_points: ['The Moon is 384,400 km away', 'Its far side is lit too'],
  });

  await popup.getByLabel('Tool').selectOption('keywords');
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  await expect(popup.getByText('Give at least one keyword.')).toBeVisible();
  await popup.getByLabel('Keywords, separated by commas').fill(' moon, tides ,, orbit ');
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  await expect(popup.getByRole('heading', { name: 'Paragraph from keywords' })).toBeVisible();
  await expect.poll(() => double.endpointCalls('paragraphFromKeywords').length).toBe(1);
  expect(double.endpointCalls('paragraphFromKeywords')[0]?.body).toEqual({ keywords: 'moon, tides, orbit' });
});

test('a generation the service asks to wait for says why the clock runs on, then shows its result', async ({
  popupOn,
  double,
}) => {
  double.faults.add({ kind: 'rate-limit', endpoint: 'paragraphFromKeywords', retryAfterSeconds: 3, count: 1 });
  const popup = await openWrite(popupOn);
  await popup.getByLabel('Tool').selectOption('keywords');
  await popup.getByLabel('Keywords, separated by commas').fill('moon, tides');
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  // 3 s, and up to a quarter of a second more (spread, so that the calls of several tabs do not all come back at once).
  const notice = popup.locator('.writing').getByText(/^The service asked us to slow down: trying again in [34] s\.$/);
  await expect(notice).toBeVisible();
  await expect(result(popup)).not.toBeEmpty({ timeout: 10_000 });
  await expect(notice).toHaveCount(0);
  // Sent twice: refused, then answered (a 429 is never processed, so it is safe to send again).
  expect(double.endpointCalls('paragraphFromKeywords').map((call) => call.outcome)).toEqual([429, 200]);
});

test('bullet points are written as a list: Enter starts the next point (sending nothing), Backspace in an empty one removes it, a pasted list becomes its points, Ctrl+Enter writes the paragraph', async ({
  popupOn,
  double,
}) => {
  const popup = await openWrite(popupOn);
  const point = (n: number) => popup.getByLabel(`Bullet point ${n}`, { exact: true });
  await point(1).click();
  await popup.keyboard.type('The Moon is 384,400 km away');
  await popup.keyboard.press('Enter');
  // Point 2 was there, empty: Enter made a new one after point 1, with the keyboard in it.
  await expect(point(2)).toBeFocused();
  await expect(point(3)).toHaveValue('');
  await popup.keyboard.type('It has no atmosphere');
  // Enter in the middle of a point splits it there.
  for (let step = 0; step < ' atmosphere'.length; step++) await popup.keyboard.press('ArrowLeft');
  await popup.keyboard.press('Enter');
  await expect(point(2)).toHaveValue('It has no');
  await expect(point(3)).toHaveValue(' atmosphere');
  await expect(point(3)).toBeFocused();
  await popup.keyboard.press('Delete');
  await popup.keyboard.press('End');
  await popup.keyboard.press('Enter');
  // An empty point (4), then Enter: no further empty one; Backspace removes it, back at point 3's end.
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('textbox', { name: /^Bullet point/ })).toHaveCount(5);
  await expect(point(5)).toBeFocused();
  await popup.keyboard.press('Backspace');
  await expect(popup.getByRole('textbox', { name: /^Bullet point/ })).toHaveCount(4);
  await expect(point(4)).toBeFocused();
  await popup.keyboard.press('Backspace');
  await expect(popup.getByRole('textbox', { name: /^Bullet point/ })).toHaveCount(3);
  await expect(point(3)).toBeFocused();
  await popup.keyboard.type(' at all');
  // A list pasted at the end of point 3: its first line joins point 3, the others become points, bullets dropped.
  await point(3).evaluate((field) => {
    const data = new DataTransfer();
    data.setData('text/plain', '; and\n- Its far side is lit too\n2. Tides follow it\n');
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(point(3)).toHaveValue('atmosphere at all; and');
  await expect(point(4)).toHaveValue('Its far side is lit too');
  await expect(point(5)).toHaveValue('Tides follow it');
  await expect(point(5)).toBeFocused();
  // Removing a point gives the keyboard to the one in its place.
  await popup.getByRole('button', { name: 'Remove bullet point 3' }).click();
  await expect(point(3)).toBeFocused();
  expect(double.endpointCalls()).toHaveLength(0);
  await popup.keyboard.press('Control+Enter');
  await expect(popup.getByRole('heading', { name: 'Paragraph from bullet points' })).toBeVisible();
  await expect.poll(() => double.endpointCalls('paragraphFromBulletPoints').length).toBe(1);
  expect(double.endpointCalls('paragraphFromBulletPoints')[0]?.body).toEqual({
    bullet_points: ['The Moon is 384,400 km away', 'It has no', 'Its far side is lit too', 'Tides follow it'],
  });
});

test('what is typed into a form is there again when the popup opens again (it closes at any click in the page), until Clear', async ({
  popupOn,
  openPopup,
  double,
}) => {
  const { popup, tabId } = await popupOn();
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Bullet point 1', { exact: true }).fill('The Moon is 384,400 km away');
  await popup.getByLabel('Bullet point 2', { exact: true }).fill('It has no atmosphere');
  await popup.getByLabel('Tool').selectOption('grounded');
  await popup.getByLabel('Instruction').fill('A short note on the Moon’s distance');
  await popup.getByLabel('Chosen pages').check();
  await popup.getByLabel('Page addresses, one per line').fill('https://example.org/moon');
  await popup.close();

  const again = await openPopup(tabId);
  await again.getByRole('button', { name: 'Write', exact: true }).click();
  // The tool last used, with its fields.
  await expect(again.getByLabel('Tool')).toHaveValue('grounded');
  await expect(again.getByLabel('Instruction')).toHaveValue('A short note on the Moon’s distance');
  await expect(again.getByLabel('Chosen pages')).toBeChecked();
  await expect(again.getByLabel('Page addresses, one per line')).toHaveValue('https://example.org/moon');
  await again.getByLabel('Tool').selectOption('bullets');
  await expect(again.getByLabel('Bullet point 1', { exact: true })).toHaveValue('The Moon is 384,400 km away');
  await expect(again.getByLabel('Bullet point 2', { exact: true })).toHaveValue('It has no atmosphere');
  // Clear empties this form (and what it kept), not the other one's.
  await again.getByRole('button', { name: 'Clear' }).click();
  await expect(again.getByLabel('Bullet point 1', { exact: true })).toHaveValue('');
  await expect(again.getByRole('textbox', { name: /^Bullet point/ })).toHaveCount(2);
  await again.close();

  const third = await openPopup(tabId);
  await third.getByRole('button', { name: 'Write', exact: true }).click();
  await expect(third.getByLabel('Bullet point 1', { exact: true })).toHaveValue('');
  await third.getByLabel('Tool').selectOption('grounded');
  await expect(third.getByLabel('Instruction')).toHaveValue('A short note on the Moon’s distance');
  // Nothing was sent but the lists the fact-grounded form picks from.
  expect(double.endpointCalls().filter(({ endpoint }) => !endpoint?.startsWith('list'))).toEqual([]);
});

test('the popup and the side panel open at once each keep what was typed into them: neither undoes the other’s', async ({
  popupOn,
  openExtensionPage,
  openPopup,
}) => {
  const { popup, tabId } = await popupOn();
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  for (const page of [popup, panel]) await page.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Bullet point 1', { exact: true }).fill('The Moon is 384,400 km away');
  await panel.getByLabel('Tool').selectOption('keywords');
  await panel.getByLabel('Keywords, separated by commas').fill('moon, tides');
  // The popup, written last, keeps its own fields, and leaves the panel's as they are.
  await popup.getByLabel('Bullet point 2', { exact: true }).fill('It has no atmosphere');
  await popup.close();
  await panel.close();
  const again = await openPopup(tabId);
  await again.getByRole('button', { name: 'Write', exact: true }).click();
  await again.getByLabel('Tool').selectOption('keywords');
  await expect(again.getByLabel('Keywords, separated by commas')).toHaveValue('moon, tides');
  await again.getByLabel('Tool').selectOption('bullets');
  await expect(again.getByLabel('Bullet point 1', { exact: true })).toHaveValue('The Moon is 384,400 km away');
  await expect(again.getByLabel('Bullet point 2', { exact: true })).toHaveValue('It has no atmosphere');
});

test('fact-grounded content in each mode (web, domains, pages, an uploaded file) with a brand voice, and its citations', async ({
  popupOn,
  double,
}) => {
  const popup = await openWrite(popupOn);
  await popup.getByLabel('Tool').selectOption('grounded');
  const write = () => popup.getByRole('button', { name: 'Write it' }).click();
  await write();
  await expect(popup.getByText('Say what to write.')).toBeVisible();
  await popup.getByLabel('Instruction').fill('Write a short note about the Moon landing');
  await popup.getByLabel('Topic (optional)').fill('Apollo 11');
  await write();
  await expect(popup.getByRole('heading', { name: 'Fact-grounded content' })).toBeVisible();
  await expect(popup.locator('.writing .citations a').first()).toHaveAttribute('href', /^https?:\/\//);
  // The lists and the file are sent present and empty, as the public caller sends them.
  expect(double.endpointCalls('generateGrounded')[0]?.body).toEqual({
    instruction: 'Write a short note about the Moon landing',
    topic: 'Apollo 11',
    mode: 'serp',
    domain_list: [],
    url_list: [],
    file_id: '',
  });

  await popup.getByLabel('Chosen domains').check();
  await write();
  await expect(popup.getByText('Give at least one domain, one per line.')).toBeVisible();
  await popup.getByLabel('Domains, one per line').fill('nasa.gov\nthe moon');
  await write();
  await expect(popup.getByText('Not a domain: the moon. Give domains such as nasa.gov.')).toBeVisible();
  // An address pasted in place of a domain is sent as its host; a domain given twice, once.
  await popup.getByLabel('Domains, one per line').fill('nasa.gov\n\nhttps://ESA.int/Science_Exploration/\nNASA.gov');
  await write();
  await expect.poll(() => double.endpointCalls('generateGrounded').length).toBe(2);
  expect(double.endpointCalls('generateGrounded')[1]?.body).toMatchObject({
    mode: 'domain',
    domain_list: ['nasa.gov', 'esa.int'],
  });

  await popup.getByLabel('Chosen pages').check();
  await popup.getByLabel('Page addresses, one per line').fill('javascript:alert(1)');
  await write();
  await expect(popup.getByText(/Not a web address: javascript:alert\(1\)/)).toBeVisible();
  await popup.getByLabel('Page addresses, one per line').fill('https://www.nasa.gov/mission/apollo-11/');
  await write();
  await expect.poll(() => double.endpointCalls('generateGrounded').length).toBe(3);
  expect(double.endpointCalls('generateGrounded')[2]?.body).toMatchObject({
    mode: 'url',
    url_list: ['https://www.nasa.gov/mission/apollo-11/'],
  });

  await popup.getByLabel('An uploaded file').check();
  await write();
  await expect(popup.getByText('Pick an uploaded file (upload one in the Library).')).toBeVisible();
  const file = popup.getByLabel('File', { exact: true });
  await file.selectOption({ index: 1 });
  const fileId = await file.inputValue();
  const voice = popup.getByLabel('Brand voice (optional)');
  await voice.selectOption({ index: 1 });
  const voiceId = await voice.inputValue();
  await write();
  await expect.poll(() => double.endpointCalls('generateGrounded').length).toBe(4);
  expect(double.endpointCalls('generateGrounded')[3]?.body).toMatchObject({
    mode: 'file',
    file_id: fileId,
    brand_voice: voiceId,
  });
  await expect(result(popup)).not.toBeEmpty();
  for (const colorScheme of ['light', 'dark'] as const) {
    await popup.emulateMedia({ colorScheme });
    await popup.screenshot({ path: `artifacts/e2e-popup-write-${colorScheme}.png`, fullPage: true });
    expect(await axeViolations(popup)).toEqual([]);
  }
});

test('a writing task started under a long form is brought into sight as it starts and as its result arrives (the popup is no higher than 600 px)', async ({
  popupOn,
  double,
}) => {
  const popup = await openWrite(popupOn);
  await popup.setViewportSize({ width: 390, height: 480 });
  await popup.getByLabel('Tool').selectOption('grounded');
  await popup.getByLabel('Instruction').fill('Write a short note about the Moon landing');
  await popup.getByLabel('Chosen pages').check();
  await popup.getByLabel('Page addresses, one per line').fill('https://www.nasa.gov/mission/apollo-11/');
  double.faults.add({ kind: 'latency', endpoint: 'generateGrounded', delayMs: 800, count: 1 });
  await popup.getByRole('button', { name: 'Write it' }).click();
  const heading = popup.getByRole('heading', { name: 'Fact-grounded content' });
  const inView = async (box: { y: number; height: number } | null) =>
    box !== null && box.y >= 0 && box.y + box.height <= 480;
  await expect(popup.getByText('Writing…')).toBeVisible();
  expect(await inView(await heading.boundingBox())).toBe(true);
  await expect(result(popup)).not.toBeEmpty();
  expect(await inView(await heading.boundingBox())).toBe(true);
  const text = (await result(popup).boundingBox())!;
  expect(text.y).toBeLessThan(480);
});

test('with no key saved, a generation asked for says so in the Write view (it said nothing there), and sends nothing', async ({
  openDemoPage,
  openPopup,
  double,
}) => {
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Bullet point 1', { exact: true }).fill('The Moon is 384,400 km away');
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  await expect(popup.getByRole('alert')).toHaveText('No API key is set. Open Settings and add your key.');
  expect(double.endpointCalls()).toEqual([]);
  // It belongs to the Write view: the Check view does not show it.
  await popup.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(popup.getByRole('alert')).toHaveCount(0);
});

test('product copy: review or description, language by its name, web search, phrases to leave out; HTML shown as text', async ({
  popupOn,
  double,
}) => {
  const popup = await openWrite(popupOn);
  await popup.getByLabel('Tool').selectOption('product');
  await popup.getByRole('button', { name: 'Write it' }).click();
  await expect(popup.getByText('Name the product.')).toBeVisible();
  await popup.getByLabel('Product', { exact: true }).fill('Lunar lamp');
  await popup.getByLabel('Description or tagline').fill('A lamp shaped like the Moon');
  await popup.getByLabel('Review').check();
  await popup.getByLabel('Language').selectOption('German');
  await popup.getByLabel('Search the web for product details').uncheck();
  await popup.getByLabel('Phrases to leave out, separated by commas').fill('Introducing, Step into');
  await popup.getByRole('button', { name: 'Write it' }).click();
  await expect(popup.getByRole('heading', { name: 'Product copy' })).toBeVisible();
  await expect.poll(() => double.endpointCalls('productCopies').length).toBe(1);
  expect(double.endpointCalls('productCopies')[0]?.body).toEqual({
    product: 'Lunar lamp',
    description: 'A lamp shaped like the Moon',
    feature_type: 'product_review',
    language: 'German',
    serp: false,
    phrases_to_exclude: ['Introducing', 'Step into'],
  });
  await expect(result(popup)).not.toBeEmpty();
  // Its list's items keep their bullets, as plain text.
  await expect(result(popup)).toContainText('• Built to last\n• Easy to use');
  expect(await result(popup).innerText()).not.toMatch(/<\/?[a-z]+[^>]*>/i);
  expect(await popup.locator('.writing .result-text *').count()).toBe(0);
  // Asked in German: read so by a screen reader (the popup's own words stay English).
  expect(await inLanguage(result(popup), 'de')).toBe(true);
});

test('a long generation shows a clock that ticks, says it may take minutes and that the popup can close, and its result replaces both', async ({
  popupOn,
  double,
}) => {
  double.faults.add({ kind: 'latency', endpoint: 'generateGrounded', delayMs: 3_000, count: 1 });
  const popup = await openWrite(popupOn);
  await popup.getByLabel('Tool').selectOption('grounded');
  await popup.getByLabel('Instruction').fill('Write a short note about the Moon landing');
  await popup.getByRole('button', { name: 'Write it' }).click();
  const clock = popup.locator('.writing').getByRole('timer');
  await expect(clock).toHaveText(/^0:0[01]$/);
  await expect(popup.locator('.writing')).toContainText(
    'This can take a few minutes. Closing the popup does not stop it',
  );
  // A second click cannot start a second, paid generation over the first.
  await expect(popup.getByRole('button', { name: 'Write it' })).toBeDisabled();
  // The live region that will say it is done is there already, empty, so that a screen reader reads out its words.
  const done = popup.locator('.writing p.credits[role="status"]');
  await expect(done).toHaveText('');
  await done.evaluate((element) => element.setAttribute('data-seen-running', ''));
  await expect(clock).toHaveText(/^0:0[2-3]$/);
  await expect(clock).toHaveAttribute('aria-label', /^Running for 0:0\d$/);
  await expect(result(popup)).not.toBeEmpty();
  await expect(done).toHaveText(/^Written\. Used \d+ credits?\.$/);
  await expect(done).toHaveAttribute('data-seen-running', '');
  await expect(clock).toHaveCount(0);
  await expect(popup.locator('.writing')).not.toContainText('This can take a few minutes');
  await expect(popup.getByRole('button', { name: 'Write it' })).toBeEnabled();
  expect(double.endpointCalls('generateGrounded')).toHaveLength(1);
});

test('the same generation sent twice at once (a double click past the button) is made once; another request is made too', async ({
  popupOn,
  double,
}) => {
  const { popup, tabId } = await popupOn();
  double.faults.add({ kind: 'latency', endpoint: 'paragraphFromKeywords', delayMs: 1_000, count: 2 });
  const generation = (keywords: string) => ({
    type: 'startGeneration',
    data: { tabId, generation: { tool: 'keywords', request: { keywords } } },
  });
  const [first, second, other] = await sendAtOnce(popup, [
    generation('moon, tides'),
    generation('moon, tides'),
    generation('orbit'),
  ]);
  expect(second).toBe(first);
  expect(other).not.toBe(first);
  await expect.poll(() => double.endpointCalls('paragraphFromKeywords').length).toBe(2);
  await popup.waitForTimeout(1_500);
  expect(
    double
      .endpointCalls('paragraphFromKeywords')
      .map((call) => (call.body as { keywords: string }).keywords)
      .sort(),
  ).toEqual(['moon, tides', 'orbit']);
});

test('a generation or a rephrasing that failed offers Retry, which sends the same request again and shows its result', async ({
  popupOn,
  double,
}) => {
  double.faults.add({ kind: 'server-error', endpoint: 'paragraphFromKeywords', httpStatus: 500, count: 1 });
  double.faults.add({ kind: 'server-error', endpoint: 'rephraseText', httpStatus: 500, count: 1 });
  const { page, popup } = await popupOn('article.html');
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Tool').selectOption('keywords');
  await popup.getByLabel('Keywords, separated by commas').fill('moon, tides');
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  const failed = popup.locator('.writing').getByRole('alert');
  await expect(failed).toContainText('(HTTP 500)');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(result(popup)).not.toBeEmpty();
  await expect(failed).toHaveCount(0);
  expect(double.endpointCalls('paragraphFromKeywords').map((call) => call.body)).toEqual([
    { keywords: 'moon, tides' },
    { keywords: 'moon, tides' },
  ]);

  // A rephrasing of the selection, which has no form to send it again from.
  await page.bringToFront();
  const paragraph = page.locator('article p').first();
  await paragraph.selectText();
  const selected = await page.evaluate(() => getSelection()!.toString());
  await popup.bringToFront();
  await popup.getByRole('button', { name: 'Check', exact: true }).click();
  await popup.reload();
  await popup.getByRole('button', { name: 'Rephrase', exact: true }).click();
  await expect(failed).toContainText('(HTTP 500)');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(popup.getByRole('heading', { name: 'Rephrased selection' })).toBeVisible();
  await expect(result(popup)).not.toBeEmpty();
  expect(double.endpointCalls('rephraseText').map((call) => call.body)).toEqual([
    { text: selected },
    { text: selected },
  ]);
});
