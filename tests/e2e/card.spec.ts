/** The in-page card: content, keyboard, focus, navigation, the results list, axe, and hostile service text. */
import { axeViolations } from './axe';
import {
  checkDraft,
  checkSelection,
  highlightedTexts,
  overlayBadges as badges,
  overlayCard as card,
} from './chromium-steps';
import { expect } from './quick-expect';
import { foldIntoCollapsedSections, panelState } from './in-page-probes';
import { runCommand } from './worker-probes';
import { test, type TestFixtures } from './fixtures';
import { expectWithinRaceWindow, stretchDelay } from './race-window';
import { pageCheckerSettled } from './page-checker-state';

/** The hover delay, stretched for a race test (see stretchDelay); its card would show past it. */
const HOVER_WINDOW_MS = 1_500;

test('the card explains a claim; keyboard opens it, Esc closes it and focus returns; next and previous; the list; dismiss', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  // Every highlight covers exactly a claim's words: nothing lands on the wrong text.
  const claimTexts = (await highlightedTexts(page)).map((text) => text.replace(/\s+/g, ' '));
  expect(claimTexts).toHaveLength(12);
  expect(claimTexts).toContain('The far side of the Moon never receives sunlight.');

  const badge = page.getByRole('button', { name: /^False: The far side of the Moon/ });
  await badge.focus();
  await page.keyboard.press('Enter');
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByRole('heading')).toBeFocused();
  await expect(card(page)).toContainText('What is wrong:');
  await expect(card(page)).toContainText('Correction:');
  await expect(card(page)).toContainText('Reasoning:');
  // ^N markers are links to the numbered sources; every link is http(s) and opens without access to the page.
  const links = card(page).locator('a');
  expect(await links.count()).toBeGreaterThan(1);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(card(page).locator('sup a').first()).toHaveAccessibleName(/^Source 1: /);
  // Each source opens at the fact it was cited for: a text fragment of its words, which the browser highlights.
  await expect(card(page).locator('ol a').first()).toHaveAttribute('href', /^https:\/\/[^#]+#:~:text=[^&#]+$/);
  await expect(card(page).locator('sup a').first()).toHaveAttribute('href', /#:~:text=/);
  await page.screenshot({ path: 'artifacts/e2e-article-card.png' });

  // axe finds nothing in the card, in light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page, 'factlens-overlay')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  await expect(badge).toBeFocused();

  // Next and previous, from the keyboard.
  await page.keyboard.press('Enter');
  await expect(card(page)).toContainText('The far side of the Moon never receives sunlight.');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(card(page)).toContainText('Chang');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(card(page)).toContainText('The far side of the Moon never receives sunlight.');

  // The results list says how many claims were located. It takes the card's place, and so does not leave the
  // card's claim marked as the one the card is about.
  const activeMarked = () =>
    page.evaluate(() =>
      ['factlens-active', 'factlens-active-on-dark'].reduce(
        (count, name) => count + (CSS.highlights.get(name)?.size ?? 0),
        0,
      ),
    );
  expect(await activeMarked()).toBe(1);
  await card(page).getByRole('button', { name: 'All claims' }).click();
  await expect(
    page.locator('factlens-overlay').getByRole('heading', { name: 'Located 12 of 12 claims' }),
  ).toBeVisible();
  expect(await activeMarked()).toBe(0);
  await page.keyboard.press('Escape');

  // Dismiss hides one claim.
  await page.getByRole('button', { name: /^True: The Moon moves about/ }).click();
  await card(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(badges(page)).toHaveCount(11);
});

test('the next-claim command opens the card of the first claim from where the reader is, with the keyboard in it; again, the next; Esc returns the focus; a page with no check gets no call', async ({
  checkArticle,
  serviceWorker,
  openDemoPage,
  double,
}) => {
  const { page, tabId } = await checkArticle();
  const home = page.getByRole('link', { name: 'Home' });
  await home.focus();
  await runCommand(serviceWorker, tabId, 'next-claim');
  await expect(card(page)).toContainText('Claim 1 of 12');
  await expect(card(page).getByRole('heading')).toBeFocused();
  const first = (await card(page).locator('.claim').textContent()) ?? '';
  await runCommand(serviceWorker, tabId, 'next-claim');
  await expect(card(page)).toContainText('Claim 2 of 12');
  await expect(card(page).locator('.claim')).not.toHaveText(first);
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  await expect(home).toBeFocused();

  // Scrolled on, past the first paragraphs: the first claim from the view's top, not the check's first.
  const opening = await page.evaluate(() => {
    document.body.style.paddingBottom = '3000px';
    const paragraphs = document.querySelectorAll('main p:not(.byline)');
    paragraphs[3]!.scrollIntoView({ block: 'start' });
    return paragraphs[3]!.textContent!.replace(/\s+/g, ' ').trim().slice(0, 40);
  });
  await runCommand(serviceWorker, tabId, 'next-claim');
  await expect(card(page)).toBeVisible();
  expect(opening).toContain(((await card(page).locator('.claim').textContent()) ?? '').slice(0, 20));

  // A page with no check drawn: nothing is sent, nothing breaks.
  const calls = double.log.length;
  const other = await openDemoPage('article.html');
  await runCommand(serviceWorker, other.tabId, 'next-claim');
  await other.page.waitForTimeout(300);
  await expect(card(other.page)).toHaveCount(0);
  expect(double.log.slice(calls).filter((call) => call.endpoint !== null)).toEqual([]);
});

test('the hide-highlights command hides every highlight, badge and card, and says so; again, shows them all, none lost; so does the next-claim command', async ({
  checkArticle,
  serviceWorker,
}) => {
  const { page, tabId } = await checkArticle();
  const announced = page.locator('factlens-overlay .announcer');
  const registered = () =>
    page.evaluate(() => [...CSS.highlights.keys()].filter((name) => name.startsWith('factlens')).length);
  const drawnRegistered = await registered();
  expect(drawnRegistered).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^False: The far side/ }).click();
  await expect(card(page)).toBeVisible();

  await runCommand(serviceWorker, tabId, 'toggle-highlights');
  await expect(announced).toHaveText('Highlights hidden');
  await expect(card(page)).toHaveCount(0);
  await expect(badges(page).first()).toBeHidden();
  expect(await registered()).toBe(0);
  expect(await highlightedTexts(page)).toEqual([]);
  // Hidden, not lost: a scroll (which draws again) brings nothing back.
  await page.mouse.wheel(0, 200);
  await expect.poll(registered).toBe(0);

  await runCommand(serviceWorker, tabId, 'toggle-highlights');
  await expect(announced).toHaveText('Highlights shown');
  await expect(badges(page)).toHaveCount(12);
  for (const badge of await badges(page).all()) await expect(badge).toBeAttached();
  await expect.poll(registered).toBe(drawnRegistered);
  expect(await highlightedTexts(page)).toHaveLength(12);

  // Hidden again, the next-claim command shows them and opens a card.
  await runCommand(serviceWorker, tabId, 'toggle-highlights');
  await expect(announced).toHaveText('Highlights hidden');
  await runCommand(serviceWorker, tabId, 'next-claim');
  await expect(card(page)).toBeVisible();
  await expect.poll(registered).toBe(drawnRegistered);
});

test('writing a draft, the next-claim command opens a claim’s card, and Esc puts the keyboard back in the draft, at its caret', async ({
  checkDraftOn,
  serviceWorker,
}) => {
  const { page, tabId, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  await field.focus();
  await field.evaluate((textarea: HTMLTextAreaElement) => textarea.setSelectionRange(12, 12));
  await runCommand(serviceWorker, tabId, 'next-claim');
  await expect(card(page)).toContainText('Claim 1 of 4');
  await expect(card(page).getByRole('heading')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(field).toBeFocused();
  const before = await field.inputValue();
  await page.keyboard.type('#');
  expect(await field.inputValue()).toBe(`${before.slice(0, 12)}#${before.slice(12)}`);
});

test('in a view too short for the whole card on either side of its badge, the card fits in the view, its actions in reach; so does the results list', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  // A laptop's view (650 px) with the claim in its middle: a full card (448 px) fits neither below nor above it.
  await page.setViewportSize({ width: 1280, height: 650 });
  await page.evaluate(() => (document.querySelector('footer')!.style.marginBottom = '800px'));
  const badge = page.getByRole('button', { name: /^False: The far side of the Moon/ });
  const placeClaimAt = (y: number) =>
    page.evaluate((to) => {
      const range = [...CSS.highlights.get('factlens-refuted')!].find((entry) =>
        (entry as Range).toString().startsWith('The far side'),
      ) as Range;
      scrollBy(0, [...range.getClientRects()].at(-1)!.top - to);
    }, y);
  // Its last line at 280 px: 329 px of room below it, the card cut to that; at 380 px, 339 px above its first line.
  for (const [y, side] of [
    [280, 'below'],
    [380, 'above'],
  ] as const) {
    await placeClaimAt(y);
    await badge.click();
    await expect(card(page)).toBeVisible();
    const [badgeBox, cardBox] = [(await badge.boundingBox())!, (await card(page).boundingBox())!];
    // Within the view, beside the badge (not over it), on the side with more room.
    expect(cardBox.y).toBeGreaterThanOrEqual(0);
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(650);
    if (side === 'below') expect(cardBox.y).toBeGreaterThanOrEqual(badgeBox.y + badgeBox.height);
    else expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(badgeBox.y);
    // Its actions are in sight at its foot (see the next test); its text scrolls within it, the page staying where it
    // is.
    const pageScroll = await page.evaluate(() => scrollY);
    const lastAction = card(page).getByRole('button').last();
    const actionBox = (await lastAction.boundingBox())!;
    expect(actionBox.y + actionBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
    await card(page).locator('ol li').last().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBe(pageScroll);
    // The page scrolled a little (the card follows its badge, and may grow into the room it gains): the card stays
    // scrolled where the reader left it, its last action still in sight.
    expect(await card(page).evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await page.evaluate(() => scrollBy(0, 10));
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const [followed, action] = [(await card(page).boundingBox())!, (await lastAction.boundingBox())!];
    expect(action.y).toBeGreaterThanOrEqual(followed.y);
    expect(action.y + action.height).toBeLessThanOrEqual(followed.y + followed.height);
    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
  }
  // The results list, fixed to the view's top, fits a view shorter than itself too; its last action is in sight at
  // its foot, the claims scrolling above it.
  await page.setViewportSize({ width: 1280, height: 360 });
  await badge.click();
  await card(page).getByRole('button', { name: 'All claims' }).click();
  const list = page.locator('factlens-overlay .card.list');
  await expect(list).toBeVisible();
  const listBox = (await list.boundingBox())!;
  expect(listBox.y + listBox.height).toBeLessThanOrEqual(360);
  const clear = list.getByRole('button', { name: 'Clear highlights' });
  expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeGreaterThan(100);
  const clearBox = (await clear.boundingBox())!;
  expect(clearBox.y + clearBox.height).toBeLessThanOrEqual(360);
});

test('a card longer than its room keeps its actions in sight at its foot while its text scrolls, the last source clear of them; on a page whose root font is 10px it has its own size', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.setViewportSize({ width: 1280, height: 720 });
  const badge = page.getByRole('button', { name: /^False: Many people still repeat/ });
  await badge.click();
  await expect(card(page)).toBeVisible();
  // Four sources and the reasoning: more than the card's room, which scrolls.
  expect(await card(page).evaluate((element) => element.scrollHeight - element.clientHeight)).toBeGreaterThan(100);
  const copy = card(page).getByRole('button', { name: 'Copy correction' });
  const within = async () => {
    const [cardBox, copyBox] = [(await card(page).boundingBox())!, (await copy.boundingBox())!];
    expect(copyBox.y).toBeGreaterThanOrEqual(cardBox.y);
    expect(copyBox.y + copyBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
  };
  await within();
  await card(page).evaluate((element) => (element.scrollTop = element.scrollHeight));
  await within();
  // Scrolled to its end, the last source stands above the actions, not under them.
  const [lastSource, footer] = [
    (await card(page).locator('ol li').last().boundingBox())!,
    (await card(page).locator('.footer').boundingBox())!,
  ];
  expect(lastSource.y + lastSource.height).toBeLessThanOrEqual(footer.y);
  // The claim's place in the check stands in the footer, whole within the card, scrolled to either end.
  const position = card(page).getByText(/^Claim \d+ of 12$/);
  for (const scrollTop of [1e6, 0]) {
    await card(page).evaluate((element, to) => (element.scrollTop = to), scrollTop);
    const [cardBox, positionBox] = [(await card(page).boundingBox())!, (await position.boundingBox())!];
    expect(positionBox.y + positionBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height - 4);
    expect(positionBox.y).toBeGreaterThanOrEqual(footer.y);
  }
  await page.keyboard.press('Escape');

  await page.evaluate(() => (document.documentElement.style.fontSize = '10px'));
  await badge.click();
  // 416 px wide (it was 26rem: 260 px here), and as high as its room beside the badge allows (it was cut to 28rem: 280).
  const [width, height] = await card(page).evaluate((element) => [
    (element as HTMLElement).offsetWidth,
    (element as HTMLElement).offsetHeight,
  ]);
  expect(width).toBe(416);
  expect(height).toBeGreaterThan(300);
});

/** The demo article checked, its refuted far-side claim's badge in view, and the pointer away in the page's corner. */
async function farSideBadgeChecked(checkArticle: TestFixtures['checkArticle']) {
  const { page } = await checkArticle();
  const badge = page.getByRole('button', { name: /^False: The far side of the Moon/ });
  await badge.scrollIntoViewIfNeeded();
  const box = (await badge.boundingBox())!;
  await page.mouse.move(1, 1);
  return { page, badge, middle: [box.x + box.width / 2, box.y + box.height / 2] as const };
}

test('resting the pointer on a badge opens its card, without taking focus; passing over it does not; a click then takes the keyboard into the card, and Esc closes it and gives focus back to the badge', async ({
  checkArticle,
  serviceWorker,
}) => {
  const { page, badge, middle } = await farSideBadgeChecked(checkArticle);
  // Over the badge and away again, within the hover delay (stretched, so that a busy machine is quick enough): no
  // card, and none to come (the checker has nothing scheduled).
  await stretchDelay(page, 'hover');
  const passedAt = Date.now();
  await page.mouse.move(...middle);
  await page.mouse.move(1, 1);
  expectWithinRaceWindow(Date.now() - passedAt);
  await pageCheckerSettled(serviceWorker, page, -1);
  await expect(card(page)).toHaveCount(0);
  await stretchDelay(page, 'hover', 350);
  // Resting on it: its card, and the keyboard stays where it was.
  await badge.hover();
  await expect(card(page)).toBeVisible();
  await expect(card(page)).toContainText('The far side of the Moon never receives sunlight.');
  await expect(card(page).getByRole('heading')).not.toBeFocused();
  // Clicked once it is open (its card left as it is, and its arming time): the keyboard goes into it, as a click on a
  // badge with no card open takes it, and Esc closes it. Before, the card kept no focus and Esc did nothing.
  await badge.click();
  await expect(card(page).getByRole('heading')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  await expect(badge).toBeFocused();
});

test('a badge clicked as soon as the pointer reaches it, and its card closed by Esc before the hover delay is over: the card stays closed (the hover does not open it again)', async ({
  checkArticle,
  serviceWorker,
}) => {
  const { page, badge, middle } = await farSideBadgeChecked(checkArticle);
  // The hover delay stretched (see stretchDelay): reached, clicked at once, and Esc, as a quick user does, all
  // within it, however busy the machine.
  await stretchDelay(page, 'hover', HOVER_WINDOW_MS);
  const reachedAt = Date.now();
  await page.mouse.move(...middle);
  await page.mouse.down();
  await page.mouse.up();
  await expect(card(page).getByRole('heading')).toBeFocused();
  await page.keyboard.press('Escape');
  expectWithinRaceWindow(Date.now() - reachedAt, HOVER_WINDOW_MS);
  await expect(badge).toBeFocused();
  // The pointer still rests on the badge, and no hover delay runs: once the checker has nothing scheduled, no card.
  await pageCheckerSettled(serviceWorker, page, -1);
  await expect(card(page)).toHaveCount(0);
});

test('“Copy correction” puts the correction on the clipboard on an http page, where the Clipboard API is missing (the copy command); a secure context’s is in draft-cards.spec.ts', async ({
  context,
  configure,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  // insecure.test is routed to the double's page: an http address that is not loopback is not a secure context.
  const url = 'http://insecure.test/demo/draft-textarea.html';
  await context.route(url, async (route) =>
    route.fulfill({ response: await route.fetch({ url: `${double.url}/demo/draft-textarea.html` }) }),
  );
  const page = await context.newPage();
  await page.goto(url);
  expect(await page.evaluate(() => isSecureContext)).toBe(false);
  const tabId = await serviceWorker.evaluate(
    async (address) => (await chrome.tabs.query({})).find((tab) => tab.url === address)?.id,
    page.url(),
  );
  const field = page.locator('textarea');
  await field.click();
  await checkDraft(page, await openPopup(tabId!), 4);
  await badges(page)
    .and(page.getByRole('button', { name: /^False: / }))
    .first()
    .click();
  const correction = (await card(page).locator('p', { hasText: 'Correction:' }).innerText()).replace(
    /^Correction:\s*/,
    '',
  );
  await card(page).getByRole('button', { name: 'Copy correction' }).click();
  await expect(card(page).getByRole('status')).toHaveText('Correction copied.');
  // Pasted at the draft's end, as a user would.
  const before = await field.inputValue();
  await field.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+v');
  await expect(field).toHaveValue(before + correction);
});

test('a claim that is not in the page is listed as not found, never highlighted elsewhere', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  // The user selects a paragraph and checks it; then the page changes that paragraph before the verdicts land.
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('article p')[4]!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await checkSelection(page, await openPopup(tabId), 3);
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('article p')[4]!;
    paragraph.textContent = 'This paragraph was rewritten by the page. Nothing of the old text remains here at all.';
  });
  await expect(badges(page)).toHaveCount(0);
  // What the results list reports, read from the content script's own (isolated) world.
  const summary = await serviceWorker.evaluate(async (id) => {
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId: id },
      func: () =>
        (globalThis as unknown as { __factlensContent: { summary: () => unknown } }).__factlensContent.summary(),
    });
    return frame?.result as { located: number; total: number; notFound: number[] };
  }, tabId);
  expect(summary).toEqual({ located: 0, total: 3, notFound: [0, 1, 2], collapsed: [], offView: [] });
});

test('service text with words longer than a line (an address, a long name) wraps inside the card and the popup, which never scroll sideways', async ({
  checkArticle,
  double,
}) => {
  const address = `https://example.com/${'a-long-path-segment'.repeat(12)}`;
  const longWord = 'Donaudampfschifffahrtsgesellschaftskapitän'.repeat(4);
  double.setVerdictPatch({
    error: longWord,
    correction: address,
    reasoning: `See ${address.replaceAll('-', '_')} ^1`,
    sources: [{ fact: longWord, link: address, score: 0.5 }],
  });
  const { page, popup } = await checkArticle();
  /** Elements under `root` whose box reaches past `root`'s right edge, and whether `root` scrolls sideways. */
  const overflowing = (root: Element) => {
    const right = root.getBoundingClientRect().right;
    return {
      scrollsSideways: root.scrollWidth > root.clientWidth + 1,
      pastEdge: [...root.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > right + 1)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    };
  };
  await page.getByRole('button', { name: /^False: The far side/ }).click();
  await expect(card(page)).toContainText(longWord);
  expect(await card(page).evaluate(overflowing)).toEqual({ scrollsSideways: false, pastEdge: [] });

  await popup.bringToFront();
  for (const details of await popup.locator('.claim details').all()) await details.locator('summary').click();
  await expect(popup.locator('.claim').first()).toContainText(longWord);
  expect(await popup.locator('body').evaluate(overflowing)).toEqual({ scrollsSideways: false, pastEdge: [] });
});

test('the popup says how many claims the page holds, and “Show in page” scrolls to one and opens its card', async ({
  checkArticle,
}) => {
  const { page, popup } = await checkArticle();
  await popup.bringToFront();
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  await page.setViewportSize({ width: 900, height: 300 });
  await popup
    .locator('.claim')
    .filter({ hasText: 'The far side of the Moon never receives sunlight.' })
    .getByRole('button', { name: 'Show in page' })
    .click();
  await expect(card(page)).toContainText('The far side of the Moon never receives sunlight.');
  // Scrolled to it: the claim is on screen.
  const onScreen = await page.evaluate(() => {
    const range = [...(CSS.highlights.get('factlens-refuted') ?? [])].find((entry) =>
      (entry as Range).toString().startsWith('The far side'),
    ) as Range;
    const rect = range.getBoundingClientRect();
    return rect.top >= 0 && rect.bottom <= innerHeight;
  });
  expect(onScreen).toBe(true);

  // A paragraph the page then removes: the popup marks its claims as not found.
  await page.evaluate(() => document.querySelectorAll('article p')[4]!.remove());
  await expect(popup.getByText('Located 9 of 12 claims in the page.')).toBeVisible();
  await expect(popup.getByText('Not found in the page')).toHaveCount(3);
});

test('claims in sections the page keeps collapsed (a closed <details>, a panel hidden until found) are not “not found”: the popup and the results list open them and show the claim', async ({
  checkArticle,
}) => {
  // The check reads the page by its address, every section of it. Then the page folds two paragraphs into a closed
  // <details> and an accordion's panel hidden until found.
  const { page, popup } = await checkArticle((page) => page.evaluate(foldIntoCollapsedSections, false), 6);
  await popup.bringToFront();
  await expect(popup.getByText('Located 6 of 12 claims in the page; 6 more in collapsed sections.')).toBeVisible();
  await expect(popup.getByText('In a collapsed section of the page')).toHaveCount(6);
  await expect(popup.getByText('Not found in the page')).toHaveCount(0);

  // From the popup: the <details> opens, and the claim's card with it.
  await popup
    .locator('.claim')
    .filter({ hasText: 'The far side of the Moon never receives sunlight.' })
    .getByRole('button', { name: 'Open it and show in page' })
    .click();
  await expect(card(page)).toContainText('The far side of the Moon never receives sunlight.');
  expect(await page.evaluate(() => document.querySelector('details')!.open)).toBe(true);
  await expect(badges(page)).toHaveCount(9);
  await expect(popup.getByText('Located 9 of 12 claims in the page; 3 more in collapsed sections.')).toBeVisible();
  await page.bringToFront();
  await page.keyboard.press('Escape');

  // From the results list in the page: the panel opens as find-in-page would open it.
  await badges(page).first().click();
  await card(page).getByRole('button', { name: 'All claims' }).click();
  const list = page.locator('factlens-overlay .list');
  await expect(list.getByRole('heading', { name: 'Located 9 of 12 claims' })).toBeVisible();
  await expect(list.getByText('3 more in collapsed sections of the page')).toBeVisible();
  await expect(list.getByText('In a collapsed section: opens it')).toHaveCount(3);
  await list.getByRole('button', { name: /Some nurses insist/ }).click();
  await expect(card(page)).toContainText('Some nurses insist that a full Moon');
  expect(await page.evaluate(panelState)).toEqual({ hidden: false, openedBy: 'beforematch' });
  await expect(badges(page)).toHaveCount(12);
  await popup.bringToFront();
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
});
