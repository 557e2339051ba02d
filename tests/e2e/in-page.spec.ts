/** Highlights follow the page: late content, resizing, "Clear highlights", and single-page-app navigation. */
import type { Locator } from '@playwright/test';
import { expect } from './quick-expect';
import { foldIntoCollapsedSections, claimsPaint } from './in-page-probes';
import {
  highlightedTexts,
  checkArticleAgain,
  checkSelection,
  clearFromList,
  overlayBadges as badges,
  overlayCard as card,
  shownPixels,
} from './chromium-steps';
import { inLanguage } from './worker-probes';
import { test } from './fixtures';
import { stretchDelay } from './race-window';
import { highlighted, badgeOffset, farSideBadge } from './in-page-steps';

test('a selection check draws its claims in the selection, where the page has the same sentences above it too', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  // A summary under the title repeats the article's last paragraph; the reader selects that paragraph, below it.
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('article p')[4]!;
    paragraph.id = 'selected';
    const summary = paragraph.cloneNode(true) as HTMLElement;
    summary.id = 'summary';
    document.querySelector('article h1')!.after(summary);
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await checkSelection(page, await openPopup(tabId), 3);
  const drawnIn = await page.evaluate(() =>
    [...CSS.highlights.keys()].flatMap((name) =>
      [...CSS.highlights.get(name)!].map((range) => {
        const node = (range as Range).commonAncestorContainer;
        return (node instanceof Element ? node : node.parentElement)?.closest('p')?.id;
      }),
    ),
  );
  expect(drawnIn).toEqual(['selected', 'selected', 'selected']);
  // The page moves the first sentence out of the selected paragraph, into one of its own after it: the claim is no
  // longer in the block the selection was in, and is found in the page. One claim per slice: the miss in the block is
  // followed after the slices that locate the others (a busy machine's slices once lost it).
  await stretchDelay(page, 'slice', 0);
  await page.evaluate(() => {
    const paragraph = document.getElementById('selected')!;
    const sentence = 'The far side of the Moon never receives sunlight.';
    const text = paragraph.firstChild as Text;
    text.data = text.data.replace(sentence, '');
    const moved = document.createElement('p');
    moved.id = 'moved';
    moved.textContent = sentence;
    paragraph.after(moved);
  });
  await expect
    .poll(() => page.evaluate(() => document.getElementById('moved')!.textContent))
    .toBe('The far side of the Moon never receives sunlight.');
  await expect(page.getByRole('button', { name: /^False: The far side/ })).toHaveCount(1);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...CSS.highlights.get('factlens-refuted')!].map((range) => {
          const node = (range as Range).commonAncestorContainer;
          return (node instanceof Element ? node : node.parentElement)?.closest('p')?.id;
        }),
      ),
    )
    .toEqual(['moved']);
  await expect(badges(page)).toHaveCount(3);
});

test('badges stay at their claims when the page reflows; late content is anchored; the page’s DOM is untouched', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.screenshot({ path: 'artifacts/e2e-article-highlights.png', fullPage: true });
  // A small page's highlight rules are for every element (see highlight-scope.ts): every claim is painted.
  expect(await claimsPaint(page)).toEqual({ ranges: 12, unpainted: [] });
  // Only our host was added to the document; the article's own markup is as it was.
  expect(await page.evaluate(() => document.querySelectorAll('mark, [data-factlens], factlens-overlay').length)).toBe(
    1,
  );
  const before = await badgeOffset(page, 'The far side');
  expect(before.icon).toBe('✗');
  // Its accessible name: the verdict, the claim (its own full stop ends it), and what the badge does.
  await expect(
    page.getByRole('button', {
      name: 'False: The far side of the Moon never receives sunlight. Show details',
      exact: true,
    }),
  ).toHaveCount(1);
  await page.setViewportSize({ width: 700, height: 900 });
  await expect.poll(() => badgeOffset(page, 'The far side')).toEqual(before);

  // A paragraph goes away (its claims with it), then comes back later, as content loaded late does.
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('article p')[4]!;
    (window as unknown as { __kept: Element }).__kept = paragraph;
    paragraph.remove();
  });
  await expect(badges(page)).toHaveCount(9);
  await page.evaluate(() =>
    document.querySelector('article')!.append((window as unknown as { __kept: Element }).__kept),
  );
  await expect(badges(page)).toHaveCount(12);
});

test('on a page read from its middle, a check that takes more than a slice draws the claims in view first', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle(async (page) => {
    // One claim located per slice (see e2eDelay), and the fourth paragraph at the top of a short view.
    await stretchDelay(page, 'slice', 0);
    await page.setViewportSize({ width: 800, height: 300 });
    await page.evaluate(() => {
      document.querySelectorAll('article p')[3]!.scrollIntoView();
      // Each draw's new badges, as they join the overlay: whether each was in view.
      const draws: boolean[][] = [];
      (window as unknown as { __draws: boolean[][] }).__draws = draws;
      const inView = (badge: Element) => {
        const { top, bottom } = badge.getBoundingClientRect();
        return bottom > 0 && top < innerHeight;
      };
      const badgesAdded = new MutationObserver((records) => {
        const added = records.flatMap((record) => [...record.addedNodes]);
        const badges = added.flatMap((node) =>
          node instanceof Element
            ? [...(node.matches('.badge') ? [node] : []), ...node.querySelectorAll('.badge')]
            : [],
        );
        if (badges.length) draws.push(badges.map(inView));
      });
      new MutationObserver(() => {
        const root = document.querySelector('factlens-overlay')?.shadowRoot;
        if (root) badgesAdded.observe(root, { childList: true, subtree: true });
      }).observe(document.documentElement, { childList: true });
    });
  });
  const draws = await page.evaluate(() => (window as unknown as { __draws: boolean[][] }).__draws);
  // Every badge in view came before the first out of view; the check took several draws, so the order was chosen.
  const order = draws.flat();
  expect(order).toHaveLength(12);
  expect(draws.length).toBeGreaterThan(2);
  expect(order.indexOf(false)).toBeGreaterThan(0);
  expect(order.slice(order.indexOf(false))).not.toContain(true);
});

test('badges follow their claims when the layout changes with no scroll and no change to the text: an image that loads late, a bigger font', async ({
  checkArticle,
}) => {
  // An image with no size given, at the top of the article, whose file arrives after the check.
  let sendImage = () => {};
  const { page } = await checkArticle(async (page) => {
    await page.route('**/late-figure.svg', async (route) => {
      await new Promise<void>((send) => (sendImage = send));
      await route.fulfill({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="#ccc"/></svg>',
      });
    });
    await page.evaluate(() => {
      const figure = document.createElement('img');
      figure.src = '/late-figure.svg';
      figure.alt = '';
      document.querySelector('article')!.prepend(figure);
    });
  });
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  const claimTop = () => page.evaluate(() => document.querySelectorAll('article p')[4]!.getBoundingClientRect().top);
  const before = await claimTop();
  sendImage();
  await expect.poll(claimTop).toBeGreaterThan(before + 200);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  // A style rule that makes the text bigger (as a reader's text-size control does), added to a sheet: no DOM change.
  await page.evaluate(() => document.styleSheets[0]!.insertRule('article p { font-size: 26px; }'));
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
});

test('claims in sections the page lets the browser skip rendering until they near the view (content-visibility: auto) are located, and their badges placed once scrolled to', async ({
  checkArticle,
}) => {
  // Far down the page, so that the browser skips rendering them at the check.
  const { page, popup } = await checkArticle((page) =>
    page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      const paragraphs = document.querySelectorAll<HTMLElement>('article p');
      paragraphs[3]!.before(spacer);
      for (const paragraph of [paragraphs[3]!, paragraphs[4]!])
        paragraph.style.cssText = 'content-visibility: auto; contain-intrinsic-size: auto 80px';
    }),
  );
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  await page.evaluate(() => document.querySelectorAll('article p')[4]!.scrollIntoView());
  await expect.poll(async () => Math.abs((await badgeOffset(page, 'The far side')).dy + 9) <= 1).toBe(true);
  expect(Math.abs((await badgeOffset(page, 'The far side')).dx)).toBeLessThanOrEqual(1);
  await expect(farSideBadge(page)).toHaveCSS('opacity', '1');
});

test('claims in a collapsed section are listed as in a collapsed section (not as not found), and located once the reader opens it', async ({
  checkArticle,
}) => {
  // The last paragraph (3 claims) folded into a closed <details>, as an FAQ or a "more" section has it. The
  // service reads the page itself (it is on its host), collapsed text included.
  const { page, popup } = await checkArticle(
    (page) =>
      page.evaluate(() => {
        const more = document.createElement('details');
        more.innerHTML = '<summary>More about the far side</summary>';
        const paragraph = document.querySelectorAll('article p')[4]!;
        paragraph.before(more);
        more.append(paragraph);
      }),
    9,
  );
  await expect(popup.getByText('Located 9 of 12 claims in the page; 3 more in collapsed sections.')).toBeVisible();
  await expect(popup.getByText('Not found in the page')).toHaveCount(0);
  await page.getByText('More about the far side').click();
  await expect(badges(page)).toHaveCount(12);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
});

test('claims in a section closed after the check (the reader folds a <details>, an accordion hides its panel until found) are told as collapsed again, and located once it opens again', async ({
  checkArticle,
}) => {
  // The last paragraph in an open <details>, and the one before it in an accordion's panel, open: all 12 located.
  const { page, popup } = await checkArticle((page) => page.evaluate(foldIntoCollapsedSections, true));
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  await page.getByText('About the far side', { exact: true }).click();
  await expect(badges(page)).toHaveCount(9);
  await expect(popup.getByText('Located 9 of 12 claims in the page; 3 more in collapsed sections.')).toBeVisible();
  // Only its attribute changes, its keyword in a case of the page's own (HTML reads it in any case).
  await page.evaluate(() => document.getElementById('panel')!.setAttribute('hidden', 'Until-Found'));
  await expect(badges(page)).toHaveCount(6);
  await expect(popup.getByText('Located 6 of 12 claims in the page; 6 more in collapsed sections.')).toBeVisible();
  await expect(popup.getByText('In a collapsed section of the page')).toHaveCount(6);
  await expect(popup.getByText('Not found in the page')).toHaveCount(0);
  await page.evaluate(() => document.getElementById('panel')!.removeAttribute('hidden'));
  await page.getByText('About the far side', { exact: true }).click();
  await expect(badges(page)).toHaveCount(12);
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
});

test('claims in a closed popover are listed as in a collapsed section (not as not found): the popup opens the popover and shows the claim, and once the reader closes it they are told so again', async ({
  checkArticle,
}) => {
  // The last paragraph (3 claims) in a popover that a button opens ("more about this"), closed while the page is
  // checked. The service reads the page by its address, the popover's text included.
  const { page, popup } = await checkArticle(
    (page) =>
      page.evaluate(() => {
        const more = document.createElement('div');
        more.id = 'more';
        more.popover = 'auto';
        const button = document.createElement('button');
        button.textContent = 'More about the far side';
        button.setAttribute('popovertarget', 'more');
        const paragraph = document.querySelectorAll('article p')[4]!;
        paragraph.before(button, more);
        more.append(paragraph);
      }),
    9,
  );
  await popup.bringToFront();
  await expect(popup.getByText('Located 9 of 12 claims in the page; 3 more in collapsed sections.')).toBeVisible();
  await expect(popup.getByText('In a collapsed section of the page')).toHaveCount(3);
  await expect(popup.getByText('Not found in the page')).toHaveCount(0);
  await popup
    .locator('.claim')
    .filter({ hasText: 'The far side of the Moon never receives sunlight.' })
    .getByRole('button', { name: 'Open it and show in page' })
    .click();
  await expect(card(page)).toContainText('The far side of the Moon never receives sunlight.');
  expect(await page.evaluate(() => document.getElementById('more')!.matches(':popover-open'))).toBe(true);
  await expect(badges(page)).toHaveCount(12);
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await page.evaluate(() => document.getElementById('more')!.hidePopover());
  await expect(badges(page)).toHaveCount(9);
  await expect(popup.getByText('Located 9 of 12 claims in the page; 3 more in collapsed sections.')).toBeVisible();
  await expect(popup.getByText('Not found in the page')).toHaveCount(0);
});

test('a paragraph the page renders again, with the same text in new nodes, stays highlighted, its badges in place', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  const before = await badgeOffset(page, 'The far side');
  const farSide = 'The far side of the Moon never receives sunlight.';
  expect(await highlightedTexts(page, ['refuted'])).toContain(farSide);
  // The page's highlights as drawn: a draw that draws the same claims again leaves them be (any change to them costs
  // the next frame work for every claim drawn, see Highlighter.fill).
  await page.evaluate(() => {
    (window as unknown as { __drawn: Map<string, unknown> }).__drawn = new Map(CSS.highlights);
  });
  // As a framework re-rendering it would: the paragraph's nodes are replaced by identical ones.
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('article p')[4]!;
    paragraph.replaceChildren(...[...paragraph.childNodes].map((node) => node.cloneNode(true)));
  });
  await expect.poll(() => highlightedTexts(page, ['refuted'])).toContain(farSide);
  await expect.poll(() => badgeOffset(page, 'The far side')).toEqual(before);
  await expect(badges(page)).toHaveCount(12);
  expect(
    await page.evaluate(() =>
      [...(window as unknown as { __drawn: Map<string, unknown> }).__drawn].every(
        ([name, highlight]) => CSS.highlights.get(name) === highlight,
      ),
    ),
  ).toBe(true);
  // Its claim's range, moved into the new nodes, is painted there: the page shows the false claim's red tint.
  const box = await page.evaluate((sentence) => {
    const paragraph = document.querySelectorAll('article p')[4]!;
    const text = [...paragraph.childNodes].find((node) => node.textContent?.includes(sentence))!;
    const range = document.createRange();
    const start = text.textContent!.indexOf(sentence);
    range.setStart(text, start);
    range.setEnd(text, start + 'The far side'.length);
    return range.getBoundingClientRect().toJSON() as DOMRect;
  }, farSide);
  const tinted = (await shownPixels(page, box)).filter(([red, green]) => red! - green! > 25);
  expect(tinted.length).toBeGreaterThan(100);
});

test('late content is anchored on a page that never stops changing (a clock ticking every 100 ms)', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.evaluate(() => {
    const paragraph = document.querySelectorAll('article p')[4]!;
    (window as unknown as { __kept: Element }).__kept = paragraph;
    paragraph.remove();
  });
  await expect(badges(page)).toHaveCount(9);
  // The page changes every 100 ms from now on, more often than a quiet moment of the re-anchoring's delay.
  await page.evaluate(() => {
    const clock = document.createElement('p');
    document.body.prepend(clock);
    setInterval(() => (clock.textContent = new Date().toISOString()), 100);
  });
  await page.evaluate(() =>
    document.querySelector('article')!.append((window as unknown as { __kept: Element }).__kept),
  );
  await expect(badges(page)).toHaveCount(12, { timeout: 3000 });
});

test('“Clear highlights” removes everything; a single-page-app navigation clears the page too', async ({
  checkArticle,
}) => {
  const { page, popup } = await checkArticle();
  await clearFromList(page);
  expect(await highlighted(page)).toBe(0);

  // Check again, then the app moves to another page without loading one.
  await checkArticleAgain(page, popup);
  await page.evaluate(() => history.pushState({}, '', '/demo/another-story.html'));
  await expect(badges(page)).toHaveCount(0);
  expect(await highlighted(page)).toBe(0);
});

test.describe(() => {
  // The reload unloads the extension from this browser for good.
  test.use({ ownBrowser: true });

  test('reloading the extension removes everything it drew, and the page is as it was', async ({
    checkArticle,
    serviceWorker,
  }) => {
    const { page } = await checkArticle();
    const htmlBefore = await page.evaluate(() => document.querySelector('article')!.outerHTML);
    await serviceWorker.evaluate(() => chrome.runtime.reload());
    await expect(page.locator('factlens-overlay')).toHaveCount(0);
    expect(await highlighted(page)).toBe(0);
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
    expect(await page.evaluate(() => document.querySelector('article')!.outerHTML)).toBe(htmlBefore);
  });
});

test('a claim in right-to-left text has its badge at its last line’s left end; an English one in the same page at its right end', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  // On localhost the page's text is sent (see shadow-dom.spec.ts), with the Hebrew paragraph added to it.
  const { page, tabId } = await openDemoPage('article.html', 'localhost');
  const hebrew = 'הירח נמצא במרחק של כ-384,400 קילומטרים מכדור הארץ בממוצע.';
  await page.evaluate((text) => {
    const paragraph = Object.assign(document.createElement('p'), { dir: 'rtl', lang: 'he', textContent: text });
    document.querySelector('article h1')!.after(paragraph);
  }, hebrew);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 13 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(badges(page)).toHaveCount(13);
  /**
   * Where a claim's badge stands against where the claim ends (its last character, whose box is where the eye
   * ends reading it, whatever the order of its line boxes): the gap to that box's left edge and to its right one.
   */
  const gaps = (start: string) =>
    page.evaluate((claimStart) => {
      const ranges = ['supported', 'refuted', 'mixed', 'unverifiable'].flatMap((kind) => [
        ...(CSS.highlights.get(`factlens-${kind}`) ?? []),
      ]) as Range[];
      const range = ranges.find((entry) => entry.toString().startsWith(claimStart))!.cloneRange();
      range.setStart(range.endContainer, range.endOffset - 1);
      const last = range.getBoundingClientRect();
      const root = document.querySelector('factlens-overlay')!.shadowRoot!;
      const badge = [...root.querySelectorAll('.badge')].find((element) =>
        element.getAttribute('aria-label')!.includes(claimStart),
      )!;
      const box = badge.getBoundingClientRect();
      return { toLeftEnd: Math.round(last.left - box.right), toRightEnd: Math.round(box.left - last.right) };
    }, start);
  expect(Math.abs((await gaps('הירח נמצא')).toLeftEnd)).toBeLessThanOrEqual(1);
  expect(Math.abs((await gaps('The far side')).toRightEnd)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: 'artifacts/e2e-rtl-badge.png' });

  // Its card, its popup entry and the results list quote it in its own direction: from the right, the full stop at
  // its end (at the left), not as an English sentence with a Hebrew run in it.
  const direction = (locator: Locator) =>
    locator.evaluate((element) => {
      const text = element.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(element);
      const words = range.getBoundingClientRect();
      return { direction: getComputedStyle(element).direction, atRight: Math.round(text.right - words.right) < 12 };
    });
  await page.getByRole('button', { name: /הירח נמצא/ }).click();
  await expect(card(page)).toBeVisible();
  expect(await direction(card(page).locator('.claim'))).toEqual({ direction: 'rtl', atRight: true });
  await card(page).getByRole('button', { name: 'All claims' }).click();
  const listed = page.locator('factlens-overlay .card.list bdi', { hasText: 'הירח נמצא' });
  expect(await listed.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  // The English claim's quote stays as it was.
  await popup.bringToFront();
  const quote = popup.locator('.claim-text', { hasText: 'הירח נמצא' });
  expect(await direction(quote)).toEqual({ direction: 'rtl', atRight: true });
  expect(
    await popup
      .locator('.claim-text', { hasText: 'The far side' })
      .first()
      .evaluate((element) => getComputedStyle(element).direction),
  ).toBe('ltr');
});

test('each text in its language: the card’s and the list’s own words in English, a claim’s quote in its paragraph’s language, the service’s words in the check’s; in the popup too', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  // A German page (its root says so) with a Hebrew paragraph, checked with French verdicts.
  await configure({ language: 'French' });
  const { page, tabId } = await openDemoPage('article.html', 'localhost');
  await page.evaluate(() => {
    document.documentElement.lang = 'de';
    const paragraph = Object.assign(document.createElement('p'), {
      dir: 'rtl',
      lang: 'he',
      textContent: 'הירח נמצא במרחק של כ-384,400 קילומטרים מכדור הארץ בממוצע.',
    });
    document.querySelector('article h1')!.after(paragraph);
  });
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 13 claims.')).toBeVisible();
  await page.bringToFront();

  await page.getByRole('button', { name: /Great Wall of China/ }).click();
  await expect(card(page)).toBeVisible();
  expect(await inLanguage(card(page).getByRole('heading'), 'en')).toBe(true);
  expect(await inLanguage(card(page).getByRole('button', { name: 'Copy correction' }), 'en')).toBe(true);
  expect(await inLanguage(card(page).locator('.claim'), 'de')).toBe(true);
  const correction = card(page).locator('p', { hasText: 'Correction:' });
  expect(await inLanguage(correction.locator('.label'), 'en')).toBe(true);
  expect(await inLanguage(correction.locator('span').last(), 'fr')).toBe(true);
  const reasoning = card(page).locator('p', { hasText: 'Reasoning:' });
  expect(await inLanguage(reasoning, 'fr')).toBe(true);
  expect(await inLanguage(reasoning.locator('.label'), 'en')).toBe(true);
  expect(await inLanguage(reasoning.locator('sup a').first(), 'en')).toBe(true);
  // A source's cited fact is in its own language, not known: not the card's English, nor the check's French.
  const declared = (element: Element) => element.closest('[lang]')?.getAttribute('lang');
  expect(await card(page).locator('li .muted').last().evaluate(declared)).toBe('');

  await page.getByRole('button', { name: /הירח נמצא/ }).click();
  expect(await inLanguage(card(page).locator('.claim'), 'he')).toBe(true);
  await card(page).getByRole('button', { name: 'All claims' }).click();
  const list = page.locator('factlens-overlay .card.list');
  expect(await inLanguage(list.getByRole('heading'), 'en')).toBe(true);
  expect(await inLanguage(list.locator('bdi', { hasText: 'הירח נמצא' }), 'he')).toBe(true);
  expect(await inLanguage(list.locator('bdi', { hasText: 'Great Wall of China' }), 'de')).toBe(true);

  // The popup knows the language the page declared, not each paragraph's.
  await popup.bringToFront();
  const entry = popup.locator('.claim', { hasText: 'Great Wall of China' });
  expect(await inLanguage(entry.locator('.verdict strong'), 'en')).toBe(true);
  expect(await inLanguage(entry.locator('.claim-text'), 'de')).toBe(true);
  expect(await inLanguage(entry.locator('p', { hasText: 'Correction:' }).locator('span'), 'fr')).toBe(true);
  expect(await inLanguage(entry.locator('p', { hasText: 'Correction:' }).locator('strong'), 'en')).toBe(true);
  expect(await inLanguage(entry.locator('.reasoning'), 'fr')).toBe(true);
  expect(await entry.locator('.fact').first().evaluate(declared)).toBe('');
});

/**
 * Pages that move or scale their root element, which the overlay (a child of it) is placed in: a positioned
 * `<html>` pushed down 32 px (WordPress's admin bar sets that margin; a theme positions `<html>`), CSS zoom on
 * it, and a transform on it. Badges are raised 9 of the overlay's px, which the zoom scales too.
 */
for (const { page: what, css, raise } of [
  {
    page: 'a positioned <html> with WordPress’s admin-bar margin',
    css: 'html { position: relative; margin-top: 32px !important; }',
    raise: -9,
  },
  { page: 'CSS zoom 1.25 on <html>', css: 'html { zoom: 1.25; }', raise: -11 },
  { page: 'a transform on <html>', css: 'html { transform: translateX(20px) scale(0.9); }', raise: -8 },
])
  test(`on a page with ${what}, badges stand at their claims and the card opens next to its badge`, async ({
    checkArticle,
  }) => {
    const { page } = await checkArticle((page) => page.addStyleTag({ content: css }));
    await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: raise });
    await farSideBadge(page).click();
    await expect(card(page)).toBeVisible();
    const [badge, opened] = [(await farSideBadge(page).boundingBox())!, (await card(page).boundingBox())!];
    // 6 px below the badge, or above it where there is no room below; within the view.
    const gap = Math.round(Math.max(opened.y - (badge.y + badge.height), badge.y - (opened.y + opened.height)));
    expect(gap).toBe(6);
    expect(opened.x).toBeGreaterThanOrEqual(8);
    expect(opened.x + opened.width).toBeLessThanOrEqual(page.viewportSize()!.width - 8);
  });

test('a claim read across text the page hides in its sentence (a formula’s hidden MathML, as Wikipedia has it) is located and highlighted', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  // Checked as text (localhost is out of the service's reach), so the claim is what the page shows.
  const { page, tabId } = await openDemoPage('article.html', 'localhost');
  await page.evaluate(() => {
    const paragraph = document.createElement('p');
    paragraph.innerHTML =
      'Its mean radius <span class="math"><span style="display: none"><math><mi>r</mi><mo>=</mo>' +
      '<mn>1737.4</mn><annotation>{\\displaystyle r=1737.4\\,{\\text{km}}}</annotation></math></span>' +
      '<img alt="r = 1737.4 km" width="60" height="16"></span> is 1,737 kilometres, about 27 per cent of Earth’s.';
    document.querySelector('article')!.append(paragraph);
  });
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 13 claims.')).toBeVisible();
  await expect(popup.getByText('Located 13 of 13 claims in the page.')).toBeVisible();
  await page.bringToFront();
  await expect(badges(page)).toHaveCount(13);
  const texts = await highlightedTexts(page, ['supported', 'refuted', 'mixed', 'unverifiable']);
  expect(texts.find((text) => text.startsWith('Its mean radius'))).toMatch(/^Its mean radius .+ of Earth’s\.$/);
  // The rest of the article is still located where it was.
  expect(texts).toContain('The far side of the Moon never receives sunlight.');
});
