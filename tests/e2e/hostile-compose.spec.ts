/**
 * Checking as the user writes on a hostile site: a compose page whose script sets text, focuses and blurs, inserts
 * with execCommand and adds frames that do the same, in four tabs at once, gets nothing sent that the person did not
 * type and never spends past the day's limit; a form's details are never read. docs/testing.md lists the attacks.
 */
import type { Page, Worker } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import { expect } from './quick-expect';
import { test, type TestFixtures } from './fixtures';

/** How long the page attacks at most, from its load: the test stops it once the checks it attacks are over. */
const ATTACK_MS = 30_000;

/** Rounds the page goes on attacking after its check has ended: each of its attacks once. */
const ROUNDS_AFTER = 8;

/** What the person types in each tab: finished sentences, each a claim the double checks. */
const TYPED = [
  'The Moon is about 384,400 kilometres from Earth on average. Twelve astronauts walked on the Moon between 1969 and 1972. The Great Wall of China is visible from the Moon with the naked eye.',
  'Mount Everest is the highest mountain on Earth. Water boils at 100 degrees Celsius at sea level. The Pacific is the largest ocean on Earth.',
  'Light from the Sun takes about eight minutes to reach Earth. Mars has two moons, Phobos and Deimos. Venus is the hottest planet in the solar system.',
  'The Amazon is the largest rainforest on Earth. Mercury is the closest planet to the Sun. Jupiter is the largest planet in the solar system.',
];

/** The indicator at the corner of the field being written in (see write-indicator.ts). */
const indicator = (page: Page) => page.locator('factlens-overlay .indicator');

/** The states in which the indicator has ended a check: its issues found, none, the day's limit, an error. */
const ENDED = /\b(found|clear|limit|error)\b/;

/** The number of checks not yet ended in the worker. */
const checksRunning = (serviceWorker: Worker) =>
  serviceWorker.evaluate(async () => {
    const { jobs = [] } = await chrome.storage.session.get('jobs');
    return (jobs as { state: string }[]).filter((job) => !['done', 'failed', 'cancelled'].includes(job.state)).length;
  });

/**
 * Notes in the page the attack's round when the indicator first shows a check ended, and whether it ever showed the
 * day's limit: the page's next attack may turn it back to waiting within the moment, before a poll would see it.
 */
const noteWhenEnded = (page: Page) =>
  indicator(page).evaluate((button, ended) => {
    const root = document.documentElement.dataset;
    const note = () => {
      if (!new RegExp(ended).test(button.className)) return;
      root.checkEnded ??= root.round ?? '0';
      if (button.classList.contains('limit')) root.shownLimit = '';
    };
    // At the day's limit already (the other tabs spent it), it shows so from the first.
    note();
    new MutationObserver(note).observe(button, { attributes: true, attributeFilter: ['class'] });
  }, ENDED.source);

/** The page's attack rounds so far. */
const roundOf = async (page: Page) => Number(await page.locator('html').getAttribute('data-round'));

/** Every text sent to the service for detection or a one-call check. */
const textsSent = (double: ServiceDouble) =>
  double
    .endpointCalls()
    .filter((call) => call.endpoint === 'detectClaims' || call.endpoint === 'detectAndVerifyClaims')
    .map((call) => (call.body as { blog?: string }).blog ?? '');

/** Turns "Check as I write on this site" on in the tab's popup. */
async function turnOnWritingCheck(openPopup: TestFixtures['openPopup'], tabId: number): Promise<void> {
  const popup = await openPopup(tabId);
  const toggle = popup.getByRole('switch', { name: 'Check as I write on this site' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await popup.close();
}

test('a compose page that writes, focuses, blurs and inserts by script, and adds frames that do too, in four tabs at once, gets only what the person typed sent, and never more than the day’s 12 credits spent', async ({
  context,
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  test.setTimeout(ATTACK_MS + 60_000);
  await configure({ writeDailyLimit: 12 });
  // The double serves it (service-double/pages/hostile-compose.html), at the site checked as you write.
  const url = `${double.url}/demo/hostile-compose.html`;
  const first = await openDemoPage('hostile-compose.html');
  await turnOnWritingCheck(openPopup, first.tabId);
  const tabs: Page[] = [first.page];
  for (let more = 1; more < TYPED.length; more++) tabs.push(await context.newPage());
  // All four attack at once, each from its load, with the site's content script in every frame.
  await Promise.all(tabs.map((page) => page.goto(`${url}?attack=${ATTACK_MS}`)));

  for (const [index, page] of tabs.entries()) {
    await page.bringToFront();
    await page.locator('#draft').click();
    await expect(indicator(page)).toBeVisible();
    await noteWhenEnded(page);
    // The person types with real keys while the page attacks; the page hands the focus back to the draft each time.
    await page.keyboard.type(TYPED[index]!);
  }
  // Each tab's pause has been checked (or stopped at the limit), and no check is left running in the worker; each page
  // still attacks, with nothing of the person's left to send, for ROUNDS_AFTER rounds more (in front: Chromium runs a
  // hidden tab's timers once a second at most, and less once its budget is spent). Then it is told to stop.
  // (A tab where the page's text landed inside the person's sentences, as it may on a slow machine, has nothing of
  // theirs to send: its attack runs its whole time.)
  for (const page of tabs)
    await expect(page.locator('html[data-check-ended], html[data-attack-done]')).toHaveCount(1, {
      timeout: ATTACK_MS,
    });
  await expect.poll(() => checksRunning(serviceWorker)).toBe(0);
  for (const page of tabs) {
    const ended = await page.locator('html').getAttribute('data-check-ended');
    const attackedAfter = async () =>
      ended === null ||
      (await roundOf(page)) >= Number(ended) + ROUNDS_AFTER ||
      (await page.locator('html[data-attack-done]').count()) > 0;
    if (await attackedAfter()) continue;
    await page.bringToFront();
    await expect.poll(attackedAfter).toBe(true);
  }
  for (const page of tabs) await page.locator('html').evaluate((html) => html.setAttribute('data-stop', ''));
  await Promise.all(tabs.map((page) => expect(page.locator('html')).toHaveAttribute('data-attack-done', '')));
  // What the last rounds may have started has ended too.
  await expect.poll(() => checksRunning(serviceWorker)).toBe(0);

  const sent = textsSent(double);
  // Something was sent, so the rest is not vacuous; and every sentence sent is a part of what the person typed.
  expect(sent.length).toBeGreaterThan(0);
  for (const text of sent) {
    expect(text).not.toMatch(/SCRIPT/);
    for (const sentence of text.split('\n')) {
      expect(
        TYPED.some((typed) => typed.includes(sentence.trim())),
        sentence,
      ).toBe(true);
      // Only finished sentences: the page's blur() is not the person leaving the field.
      expect(sentence).toMatch(/[.!?]$/);
    }
  }
  // The person asked for more than 12 credits' worth (6 a tab): the bound cut it, and held.
  expect(double.credits.total).toBeLessThanOrEqual(12);
  const limited = await Promise.all(tabs.map((page) => page.locator('html[data-shown-limit]').count()));
  expect(limited.some((count) => count > 0)).toBe(true);
  // No check replaced another: calls in flight were never cancelled unpaid.
  const cancelled = await serviceWorker.evaluate(async () => {
    const { jobs = [] } = await chrome.storage.session.get('jobs');
    return (jobs as { state: string }[]).filter((job) => job.state === 'cancelled').length;
  });
  expect(cancelled).toBe(0);
});

test('a form’s name, street and card number typed with real keys are never read; the comment box beside them is', async ({
  context,
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await context.route(`${double.url}/demo/checkout.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><body><h1>Checkout</h1><form>
        <label>Name <input name="name" autocomplete="name"></label>
        <label>Street <input name="street"></label>
        <label>Card number <input name="card" inputmode="numeric"></label>
        <label>Card holder's note <textarea name="cc" autocomplete="cc-name"></textarea></label>
        <label>Code <textarea name="otp" autocomplete="one-time-code"></textarea></label>
        <label>Comment <textarea name="comment"></textarea></label>
      </form></body></html>`,
    }),
  );
  await configure();
  const { page, tabId } = await openDemoPage('checkout.html');
  await turnOnWritingCheck(openPopup, tabId);
  await page.reload();
  // The control first: once it is watched (its indicator shown), the content script watches the page.
  const comment = page.getByLabel('Comment');
  await comment.click();
  await expect(indicator(page)).toBeVisible();
  const details: [string, string][] = [
    ['Name', 'Jane Q. Public lives here.'],
    ['Street', '1600 Amphitheatre Parkway, Mountain View.'],
    ['Card number', '4111 1111 1111 1111.'],
    ["Card holder's note", 'Jane Public is the holder.'],
    ['Code', 'The code is 123456.'],
  ];
  for (const [label, text] of details) {
    await page.getByLabel(label, { exact: true }).click();
    await page.keyboard.type(text);
    // Leaving a field it read would check it at once.
    await page.keyboard.press('Tab');
  }
  await comment.click();
  await page.keyboard.type('The Moon is about 384,400 kilometres from Earth on average.');
  await page.locator('h1').click();
  await expect.poll(() => textsSent(double)).toEqual(['The Moon is about 384,400 kilometres from Earth on average.']);
});
