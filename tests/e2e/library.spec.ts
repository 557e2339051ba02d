/** The library in the popup: brand voices and assets, with search, pages across the total, and details. */
import { axeViolations } from './axe';
import { expect } from './quick-expect';
import { test } from './fixtures';

test('brand voices: pages of 10 across the total, a debounced search by name, and the details of a voice', async ({
  popupOn,
  double,
}) => {
  const { popup } = await popupOn();
  await popup.getByRole('button', { name: 'Library' }).click();
  const status = popup.locator('section[aria-labelledby="library-heading"] [role="status"]');
  await expect(status).toHaveText('1–10 of 34');
  await expect(popup.locator('.library-item')).toHaveCount(10);
  await popup.getByRole('button', { name: 'Next' }).click();
  await expect(status).toHaveText('11–20 of 34');
  await popup.getByRole('button', { name: 'Next' }).click();
  await popup.getByRole('button', { name: 'Next' }).click();
  await expect(status).toHaveText('31–34 of 34');
  await expect(popup.getByRole('button', { name: 'Next' })).toBeDisabled();
  // …and looks it: the pages' own colours had hidden the browser's look for a disabled button.
  const opacity = (name: string) =>
    popup.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).opacity);
  expect([await opacity('Next'), await opacity('Previous')]).toEqual(['0.5', '1']);
  expect(double.endpointCalls('listBrandVoices').map((call) => call.query)).toEqual([
    { start_count: '1', end_count: '10' },
    { start_count: '11', end_count: '20' },
    { start_count: '21', end_count: '30' },
    { start_count: '31', end_count: '40' },
  ]);

  // Typing a name searches once the user pauses, from the first page. How many pauses the typing had depends on the
  // machine: the keystrokes' times are read, and a search is allowed only after a pause near the delay or longer.
  const before = double.endpointCalls('listBrandVoices').length;
  const search = popup.getByLabel('Search brand voices by name');
  await search.evaluate((field) => {
    const times: number[] = [];
    (window as unknown as { keyTimes: number[] }).keyTimes = times;
    field.addEventListener('input', () => times.push(performance.now()));
  });
  await search.pressSequentially('northwind', { delay: 30 });
  await expect(status).toHaveText(/^1–2 of 2$/);
  await expect(popup.locator('.library-item summary')).toHaveText([/^Northwind /, /^Northwind /]);
  const keyTimes = await popup.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
  const pauses = (atLeast: number) => keyTimes.slice(1).filter((time, index) => time - keyTimes[index]! >= atLeast);
  const searches = double.endpointCalls('listBrandVoices').slice(before);
  // 300 ms is the popup's delay (SEARCH_DELAY_MS); a timer may fire a little late, never early.
  expect(searches.length).toBeGreaterThanOrEqual(1 + pauses(450).length);
  expect(searches.length).toBeLessThanOrEqual(1 + pauses(300).length);
  expect(searches.at(-1)?.query).toEqual({ name: 'northwind', start_count: '1', end_count: '10' });
  await popup.locator('.library-item summary').first().click();
  await expect(popup.locator('.library-item').first()).toContainText(
    "Writing guidelines: Write for Northwind's customers",
  );
  await expect(popup.locator('.library-item').first()).toContainText(
    'Content policy: Never make medical or financial promises',
  );
  // Its formatting preferences read as words, not as the service's keys (one of them misspelt there).
  const preference = (name: string) =>
    popup
      .locator('.library-item')
      .first()
      .locator('.preferences div')
      .filter({ has: popup.getByText(name, { exact: true }) });
  await expect(preference('Dates')).toHaveText(/^Dates\s*MMM D, YYYY$/);
  await expect(preference('Commas in large numbers')).toHaveText(/^Commas in large numbers\s*(Yes|No)$/);
  await expect(popup.locator('.library-item').first()).not.toContainText(/seperated|_|\btrue\b|\bfalse\b/);

  await popup.screenshot({ path: 'artifacts/e2e-popup-library-light.png', fullPage: true });
  await popup.emulateMedia({ colorScheme: 'dark' });
  await popup.screenshot({ path: 'artifacts/e2e-popup-library-dark.png', fullPage: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await popup.emulateMedia({ colorScheme });
    expect(await axeViolations(popup)).toEqual([]);
  }

  // "Use for generation" opens the Write view on fact-grounded content, with this voice chosen.
  const voiceName = await popup.locator('.library-item summary').first().innerText();
  await popup.getByRole('button', { name: 'Use for generation' }).first().click();
  await expect(popup.getByLabel('Tool')).toHaveValue('grounded');
  await expect(popup.getByLabel('Brand voice (optional)').locator('option:checked')).toHaveText(voiceName);
  await popup.getByRole('button', { name: 'Library' }).click();

  await popup.getByLabel('Search brand voices by name').fill('zzzz-nothing');
  await expect(popup.getByText('No brand voice matches “zzzz-nothing”.')).toBeVisible();
  // Nothing to page through: no "0 of 0", no pager.
  await expect(status).toHaveText('');
  await expect(popup.getByRole('button', { name: 'Next' })).toHaveCount(0);
});

test('assets: pages across the total, search by file name, sizes and word counts in human units', async ({
  popupOn,
  double,
}) => {
  const { popup } = await popupOn();
  await popup.getByRole('button', { name: 'Library' }).click();
  const background = (name: string) =>
    popup.getByRole('button', { name, exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor);
  const unpressed = await background('Assets');
  await popup.getByRole('button', { name: 'Assets' }).click();
  // The list shown is told by more than its label's weight: its button is filled, the other is not.
  await expect(popup.getByRole('button', { name: 'Assets' })).toHaveAttribute('aria-pressed', 'true');
  expect(await background('Assets')).not.toBe(unpressed);
  expect(await background('Brand voices')).toBe(unpressed);
  const status = popup.locator('section[aria-labelledby="library-heading"] [role="status"]');
  await expect(status).toHaveText('1–10 of 41');
  await popup.getByRole('button', { name: 'Next' }).click();
  await expect(status).toHaveText('11–20 of 41');
  await expect(popup.locator('.library-item').first()).toContainText(
    /\d+(\.\d)? kB · [\d,]+ words · added [A-Z][a-z]{2} \d{1,2}, \d{4}/,
  );
  await popup.getByLabel('Search assets by file name').fill('press-kit');
  await expect(status).toHaveText('1–3 of 3');
  await expect(popup.locator('.library-item strong')).toHaveText([
    /^press-kit-\d{4}\.pdf$/,
    /^press-kit-\d{4}\.docx$/,
    /^press-kit-\d{4}\.txt$/,
  ]);
  expect(double.endpointCalls('listAssets').at(-1)?.query).toEqual({
    file_name: 'press-kit',
    start_count: '1',
    end_count: '10',
  });

  // "Use for generation" on a file opens fact-grounded content grounded in it; what is written is grounded in it.
  const fileName = await popup.locator('.library-item strong').nth(1).innerText();
  await popup.getByRole('button', { name: `Write from “${fileName}”` }).click();
  await expect(popup.getByLabel('Tool')).toHaveValue('grounded');
  await expect(popup.getByLabel('An uploaded file')).toBeChecked();
  const filePicker = popup.getByLabel('File', { exact: true });
  await expect(filePicker.locator('option:checked')).toHaveText(fileName);
  const pickedId = await filePicker.inputValue();
  expect(pickedId).not.toBe('');
  await popup.getByLabel('Instruction').fill('Summarise the press kit');
  await popup.getByRole('button', { name: 'Write it' }).click();
  await expect.poll(() => double.endpointCalls('generateGrounded').length).toBe(1);
  expect(double.endpointCalls('generateGrounded')[0]?.body).toMatchObject({ mode: 'file', file_id: pickedId });
  await popup.getByRole('button', { name: 'Library' }).click();
  await popup.getByRole('button', { name: 'Assets' }).click();
  await expect(status).toHaveText('1–10 of 41');

  // A failing service gets an error message, not an empty list, nor a pager over nothing; Retry asks again.
  double.faults.add({ kind: 'server-error', httpStatus: 500, endpoint: 'listAssets', count: 3 }); // each of the 3 attempts
  await popup.getByLabel('Search assets by file name').fill('faq');
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('The service failed while handling');
  await expect(alert.getByRole('button', { name: 'Open Settings' })).toHaveCount(0);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expect(status).toHaveText(/^1–\d+ of \d+$/);
  expect(double.endpointCalls('listAssets').at(-1)).toMatchObject({ outcome: 200, query: { file_name: 'faq' } });
});

test('with no key, the library says so, offers Settings, and shows no pager over an empty list', async ({
  openDemoPage,
  openPopup,
  double,
}) => {
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Library' }).click();
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('No API key is set.');
  await expect(alert.getByRole('button', { name: 'Open Settings' })).toBeVisible();
  // Beside Retry, with a gap between them (they stood edge to edge).
  const [retry, settings] = [
    (await alert.getByRole('button', { name: 'Retry' }).boundingBox())!,
    (await alert.getByRole('button', { name: 'Open Settings' }).boundingBox())!,
  ];
  expect(settings.x - (retry.x + retry.width)).toBeGreaterThanOrEqual(6);
  expect(Math.abs(settings.y - retry.y)).toBeLessThan(1);
  await expect(popup.getByRole('button', { name: 'Next' })).toHaveCount(0);
  expect(double.endpointCalls()).toHaveLength(0);
});

test('upload: a picked file and a dropped file appear in the list, shown under way meanwhile; a failed upload says why; the file grounds generation', async ({
  popupOn,
  double,
}) => {
  const { popup } = await popupOn();
  await popup.getByRole('button', { name: 'Library' }).click();
  await popup.getByRole('button', { name: 'Assets' }).click();
  const status = popup.locator('section[aria-labelledby="library-heading"] .row.spread [role="status"]');
  await expect(status).toHaveText('1–10 of 41');

  // The service takes a moment to answer: the upload shows under way meanwhile, with a Cancel.
  double.faults.add({ kind: 'latency', endpoint: 'uploadFile', delayMs: 800, count: 1 });
  await popup.getByLabel('Upload a file (or drop it here)').setInputFiles({
    name: 'moon-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('The Moon is about 384,400 km from Earth. '.repeat(200)),
  });
  await expect(popup.getByRole('progressbar', { name: 'Uploading moon-notes.txt' })).toBeVisible();
  await expect(popup.locator('.upload').getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(popup.getByText('Uploaded “moon-notes.txt”.', { exact: false })).toBeVisible();
  await expect(status).toHaveText('1–10 of 42');
  await expect(popup.locator('.library-item strong').first()).toHaveText('moon-notes.txt');
  const upload = double.endpointCalls('uploadFile')[0];
  expect(upload).toMatchObject({
    authorized: true,
    outcome: 200,
    body: { file: { name: 'moon-notes.txt', type: 'text/plain' } },
  });

  // Drag and drop.
  const dataTransfer = await popup.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['Tides are caused mostly by the Moon.'], 'tides.md', { type: 'text/markdown' }));
    return transfer;
  });
  await popup.locator('.upload').dispatchEvent('drop', { dataTransfer });
  await expect(popup.getByText('Uploaded “tides.md”.', { exact: false })).toBeVisible();
  await expect(status).toHaveText('1–10 of 43');

  // "Use for generation" in its message opens fact-grounded content grounded in the file just uploaded.
  await popup.locator('.upload').getByRole('button', { name: 'Use for generation' }).click();
  await expect(popup.getByLabel('Tool')).toHaveValue('grounded');
  await expect(popup.getByLabel('An uploaded file')).toBeChecked();
  await expect(popup.getByLabel('File', { exact: true }).locator('option:checked')).toHaveText('tides.md');
  await popup.getByRole('button', { name: 'Library' }).click();
  await popup.getByRole('button', { name: 'Assets' }).click();

  // A failing upload gets the service's reason; nothing is added.
  double.faults.add({ kind: 'server-error', httpStatus: 500, endpoint: 'uploadFile', count: 1 });
  await popup
    .getByLabel('Upload a file (or drop it here)')
    .setInputFiles({ name: 'broken.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(popup.locator('.upload [role="alert"]')).toContainText(
    'The service could not take the upload (HTTP 500).',
  );
  // An empty file is refused before anything is sent.
  const calls = double.endpointCalls('uploadFile').length;
  await popup
    .getByLabel('Upload a file (or drop it here)')
    .setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await expect(popup.locator('.upload [role="alert"]')).toHaveText('“empty.txt” is empty.');
  expect(double.endpointCalls('uploadFile')).toHaveLength(calls);

  // The uploaded file grounds generation.
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Tool').selectOption('grounded');
  await popup.getByLabel('Instruction').fill('Summarise my notes');
  await popup.getByLabel('An uploaded file').check();
  await popup.getByLabel('File', { exact: true }).selectOption({ label: 'moon-notes.txt' });
  const fileId = await popup.getByLabel('File', { exact: true }).inputValue();
  await popup.getByRole('button', { name: 'Write it' }).click();
  // The panel shows as soon as the task starts; its text once the service answered.
  await expect(popup.locator('.writing .result-text').first()).not.toBeEmpty();
  expect(double.endpointCalls('generateGrounded')[0]?.body).toMatchObject({ mode: 'file', file_id: fileId });
});
