/** Highlights follow the page: late content, resizing, "Clear highlights", and single-page-app navigation. */
import type { Locator, Page } from '@playwright/test';
import {
  CENTRED_POPOVER,
  contrastRatio,
  expect,
  foldIntoCollapsedSections,
  highlightedTexts,
  inLanguage,
  checkArticleAgain,
  checkSelection,
  claimsPaint,
  clearFromList,
  padToScopedHighlights,
  type PaintProbe,
  overlayBadges as badges,
  overlayCard as card,
  overlayShownAt,
  showFactsInPopover,
  shownPixels,
  test,
} from './fixtures';
import { pageCheckerRuns, pageCheckerSettled } from './page-checker-state';

/** The rules of the sheets adopted in the page's document (ours among them), as text. */
const pageRules = (page: Page) =>
  page.evaluate(() =>
    document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n'),
  );

/** How many ranges the page's highlights hold, of every kind. */
const highlighted = async (page: Page) =>
  (await highlightedTexts(page, ['supported', 'refuted', 'mixed', 'unverifiable', 'checking', 'stale', 'active']))
    .length;

/**
 * How far a badge is from the end of its claim's last line, in px (it sits there, raised like a footnote),
 * and the icon it shows.
 */
async function badgeOffset(page: Page, claimStart: string): Promise<{ dx: number; dy: number; icon: string }> {
  return page.evaluate((start) => {
    const highlight = CSS.highlights.get('factlens-refuted')!;
    const range = [...highlight].find((entry) => (entry as Range).toString().startsWith(start)) as Range;
    const last = [...range.getClientRects()].at(-1)!;
    const root = document.querySelector('factlens-overlay')!.shadowRoot!;
    const badge = [...root.querySelectorAll('.badge')].find((element) =>
      element.getAttribute('aria-label')!.includes(start),
    )!;
    const box = badge.getBoundingClientRect();
    const icon = badge.textContent!;
    // + 0: a rounded -0.3 is -0, which no test means (toMatchObject tells -0 from 0).
    return { dx: Math.round(box.left - last.right) + 0, dy: Math.round(box.top - last.top) + 0, icon };
  }, claimStart);
}

/** The badge of the article's false claim, "The far side of the Moon never receives sunlight." */
const farSideBadge = (page: Page) => page.getByRole('button', { name: /^False: The far side/ });

/** Whether a badge is placed roughly: unseen, and never in the way of a click (it stays in the tab order). */
const unseen = (badge: Locator) =>
  badge.evaluate((element) => {
    const { opacity, pointerEvents } = getComputedStyle(element);
    return element.classList.contains('rough') && opacity === '0' && pointerEvents === 'none';
  });

/** Scrolls the window (or `scroller`) so that the far-side claim's last line stands at `y` in the view. */
const scrollFarSideTo = (page: Page, y: number, scroller?: string) =>
  page.evaluate(
    ({ to, scrollerId }) => {
      const range = [...CSS.highlights.get('factlens-refuted')!].find((entry) =>
        (entry as Range).toString().startsWith('The far side'),
      ) as Range;
      const by = [...range.getClientRects()].at(-1)!.top - to;
      if (scrollerId) document.getElementById(scrollerId)!.scrollTop += by;
      else scrollBy(0, by);
    },
    { to: y, scrollerId: scroller },
  );

/** Focuses the badge before the far-side claim's, and presses Tab: the keyboard's way to it. */
async function tabToFarSide(page: Page): Promise<void> {
  const order = await badges(page).evaluateAll((all) => all.map((badge) => badge.getAttribute('aria-label') ?? ''));
  await badges(page)
    .nth(order.findIndex((label) => label.startsWith('False: The far side')) - 1)
    .focus();
  await page.keyboard.press('Tab');
}

test('on a large page, each claim’s text is painted by its highlight, through the elements inside it (a link, emphasis), while the highlights’ rules reach no element that holds no claim; a page that moves those elements keeps them painted', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle(padToScopedHighlights);
  // "Neil Armstrong and Buzz Aldrin landed …" runs through a link and emphasis.
  expect(await claimsPaint(page)).toEqual({ ranges: 12, unpainted: [] });
  // The title, the byline, the aside and the site's links hold no claim: a rule for every element would style them,
  // and restyle the whole page once it is adopted (see highlight-scope.ts).
  const outside = ['h1', '.byline', 'aside', 'nav a', 'footer'];
  const styledOutside = (selectors: string[]) =>
    page.evaluate(
      (selectors) =>
        selectors.filter((selector) =>
          (window as unknown as PaintProbe).highlightStyled(document.querySelector(selector)),
        ),
      selectors,
    );
  expect(await styledOutside(outside)).toEqual([]);
  // The page adds a paragraph before the article's paragraphs and an article before the article, which moves every
  // element that holds a claim among its kind (see pathSelector): they are painted still in the same task (its
  // microtasks run, as they do before a frame). A div before the main element moves none of them.
  const moved = await page.evaluate(async () => {
    document.querySelector('article h1')!.after(document.createElement('p'));
    document.querySelector('article')!.before(document.createElement('article'));
    document.querySelector('main')!.before(document.createElement('div'));
    await Promise.resolve();
    return (window as unknown as PaintProbe).claimsPaint();
  });
  expect(moved).toEqual({ ranges: 12, unpainted: [] });
  expect(await styledOutside(outside)).toEqual([]);
  // The card's claim is painted in the `active` highlight too, while the card is open; the rules, which name each
  // claim's element for `active` already, do not change as it opens or closes (each change restyles the page).
  const rulesBefore = await pageRules(page);
  expect(rulesBefore).toContain('::highlight(factlens-active)');
  await farSideBadge(page).click();
  await expect(card(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as PaintProbe).claimsPaint())).toEqual({
    ranges: 13,
    unpainted: [],
  });
  expect(await pageRules(page)).toBe(rulesBefore);
  await page.keyboard.press('Escape');
  await expect(card(page)).toBeHidden();
  expect(await pageRules(page)).toBe(rulesBefore);
});

test('on a large page, the highlights’ rules are written once for a check: the verdicts that arrive batch by batch do not change them, nor do clearing the page and checking it again', async ({
  popupOn,
  double,
}) => {
  // Two rounds of verdicts (the check runs three batches at a time), 700 ms each.
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 700 });
  const { page, popup } = await popupOn('article.html');
  await padToScopedHighlights(page);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await page.bringToFront();
  // Drawn while some are still "checking", each claim's element named for every verdict it may get (see
  // Highlighter.scopeRules).
  await expect(badges(page)).toHaveCount(12);
  const rulesWhileChecking = await pageRules(page);
  expect(await page.getByRole('button', { name: /^Checking: / }).count()).toBeGreaterThan(0);
  expect(rulesWhileChecking).toContain('::highlight(factlens-refuted)');
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Checking: / })).toHaveCount(0);
  await expect(badges(page)).toHaveCount(12);
  expect(await claimsPaint(page)).toEqual({ ranges: 12, unpainted: [] });
  expect(await pageRules(page)).toBe(rulesWhileChecking);
  // Cleared, the page keeps the rules (with no range drawn they paint nothing), and a new check of the same claims
  // finds them written already.
  await clearFromList(page);
  expect(await highlighted(page)).toBe(0);
  expect(await pageRules(page)).toBe(rulesWhileChecking);
  await checkArticleAgain(page, popup);
  expect(await claimsPaint(page)).toEqual({ ranges: 12, unpainted: [] });
  expect(await pageRules(page)).toBe(rulesWhileChecking);
});

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
  // longer in the block the selection was in, and is found in the page.
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

test('on a dark page, claims are highlighted in the colours made for a dark ground: the false claim’s underline stands out from the page; a light box in it keeps the light colours; they follow the page as it switches themes', async ({
  checkArticle,
}) => {
  // One paragraph set in a light box (a quote, an ad). The page follows the system's scheme: dark, it is a night mode.
  const { page } = await checkArticle((page) =>
    page.evaluate(() => {
      const box = document.querySelectorAll('article p')[1] as HTMLElement;
      box.style.cssText = 'background: #fff; color: #1d1d1f; padding: 8px';
      const theme = document.createElement('style');
      theme.textContent =
        '@media (prefers-color-scheme: dark) { html, body { background: #121212 !important; color: #e6e6e6 !important; } }';
      document.head.append(theme);
    }),
  );
  const grounds = async () => ({
    light: await highlightedTexts(page, undefined, { ground: 'light' }),
    dark: await highlightedTexts(page, undefined, { ground: 'dark' }),
  });
  expect((await grounds()).light).toHaveLength(12);
  // The system turns dark (nothing in the page's text or its elements changes).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(async () => (await grounds()).dark.length).toBe(9);
  // The light box's three claims keep the light ground's colours; the others are in the dark ground's.
  const { light, dark } = await grounds();
  const boxText = await page.evaluate(() =>
    document.querySelectorAll('article p')[1]!.textContent!.replace(/\s+/g, ' '),
  );
  for (const text of light) expect(boxText).toContain(text.replace(/\s+/g, ' '));
  expect(dark).toContain('The far side of the Moon never receives sunlight.');
  // The page's own switch back to light (its body's style, as a theme toggle sets a class or an attribute), then dark.
  await page.evaluate(() =>
    document.body.setAttribute('style', 'background: #fff !important; color: #1d1d1f !important'),
  );
  await expect.poll(async () => (await grounds()).light.length).toBe(12);
  await page.evaluate(() => document.body.removeAttribute('style'));
  await expect.poll(async () => (await grounds()).dark.length).toBe(9);

  // The false claim's wavy underline, as the screen shows it: at least 4.5:1 against the page (the dark red made for a
  // light ground stands at 2.9:1 there). Its line is read with its letters made transparent (after the draw, which
  // read their colour; a highlight paints them in it) and the badges out of the way (the next line's stands over its
  // foot), so that what stands out there is the highlight alone.
  const line = await page.evaluate(() => {
    (document.querySelectorAll('article p')[4] as HTMLElement).style.color = 'transparent';
    const overlay = document.querySelector('factlens-overlay')!.shadowRoot!;
    (overlay.querySelector('.badges') as HTMLElement).style.display = 'none';
    const range = [...(CSS.highlights.get('factlens-refuted-on-dark') ?? [])].find((entry) =>
      (entry as Range).toString().startsWith('The far side'),
    ) as Range;
    const { left, top, width, height } = range.getClientRects()[0]!;
    // Short of its end, where its badge stands.
    return { x: Math.ceil(left), y: Math.ceil(top), width: Math.floor(width) - 4, height: Math.floor(height) + 4 };
  });
  const pageGround = [18, 18, 18];
  const contrasts = (await shownPixels(page, line)).map((pixel) => contrastRatio(pixel, pageGround));
  // The wave runs the line's width; at its strongest, it stands out as the dark ground's red does.
  expect(contrasts.filter((contrast) => contrast >= 3).length).toBeGreaterThan(line.width);
  expect(Math.max(...contrasts)).toBeGreaterThanOrEqual(4.5);
});

test('claims in grey text are highlighted in the colours of the ground it stands on: a dark theme’s muted text (#8b949e on #0d1117) in the dark ground’s, a light box’s grey caption (#aaa on white) in the light ground’s', async ({
  checkArticle,
}) => {
  // A dark theme (GitHub's colours): one paragraph in its muted text, and one in grey on a white box (a quote).
  const { page } = await checkArticle((page) =>
    page.evaluate(() => {
      document.body.style.cssText = 'background: #0d1117; color: #e6edf3';
      const [, muted, boxed] = document.querySelectorAll<HTMLElement>('article p');
      muted!.style.color = '#8b949e';
      boxed!.style.cssText = 'background: #fff; color: #aaa; padding: 8px';
    }),
  );
  const paragraphs = await page.evaluate(() =>
    [...document.querySelectorAll('article p')].map((paragraph) => paragraph.textContent!.replace(/\s+/g, ' ')),
  );
  const inParagraph = (texts: string[], index: number) =>
    texts.filter((text) => paragraphs[index]!.includes(text.replace(/\s+/g, ' ')));
  const light = await highlightedTexts(page, undefined, { ground: 'light' });
  const dark = await highlightedTexts(page, undefined, { ground: 'dark' });
  // Before, the muted text (lighter than #777, darker than #a5a5a5) was taken to stand on a light ground, and the
  // grey caption (#aaa) on a dark one.
  expect({ mutedOnLight: inParagraph(light, 1), boxedOnDark: inParagraph(dark, 2) }).toEqual({
    mutedOnLight: [],
    boxedOnDark: [],
  });
  expect(inParagraph(dark, 1).length).toBeGreaterThan(0);
  expect(light.length).toBeGreaterThan(0);
  expect(inParagraph(light, 2)).toEqual(light);
  await page.screenshot({ path: 'artifacts/e2e-grey-text-grounds.png' });
});

test('claims in a modal dialog have their badges and card above it; those behind it are unseen until it closes', async ({
  checkArticle,
}) => {
  // The last paragraph shown in a modal dialog (as an article's "quick view" or a gallery's caption has it).
  const { page, popup } = await checkArticle((page) =>
    page.evaluate(() => {
      const dialog = document.createElement('dialog');
      dialog.append(document.querySelectorAll('article p')[4]!);
      document.body.append(dialog);
      dialog.showModal();
    }),
  );
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  // Its claims' badges show at their ends, above the dialog, and take a click: the card opens, usable.
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await expect.poll(() => unseen(farSideBadge(page))).toBe(false);
  await farSideBadge(page).click();
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Copy correction' })).toBeEnabled();
  // Esc closes the card, and only the card: the dialog stays open.
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelector('dialog')!.open)).toBe(true);
  // The claims behind it (covered by its backdrop, and inert) have their badges unseen.
  const moonBadge = page.getByRole('button', { name: /^True: The Moon is about 384,400/ });
  expect(await unseen(moonBadge)).toBe(true);
  // Closed: the badges behind it are back, and those of the dialog's claims, no longer shown, are hidden.
  await page.evaluate(() => document.querySelector('dialog')!.close());
  await expect.poll(() => unseen(moonBadge)).toBe(false);
  await expect(farSideBadge(page)).toBeHidden();
  expect(await page.locator('factlens-overlay').evaluate((host) => host.parentElement!.tagName)).toBe('HTML');
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

test('on an old page in quirks mode (no doctype), a card near the view’s bottom opens above its badge, and a fixed bottom bar hides the badges under it', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle(async (opened) => {
    // The same article, written again without its doctype: the browser lays it out in quirks mode, where the root
    // element's client box is the whole document's, not the view's.
    await opened.evaluate(() => {
      const html = document.documentElement.outerHTML;
      document.open();
      // eslint-disable-next-line no-unsanitized/method -- the page's own markup, written back without its doctype
      document.write(html);
      document.close();
    });
    expect(await opened.evaluate(() => document.compatMode)).toBe('BackCompat');
  });
  await page.setViewportSize({ width: 1280, height: 700 });
  // Room to scroll the claim anywhere in the view.
  await page.evaluate(() => {
    document.querySelector('main')!.style.marginTop = '800px';
    document.querySelector('footer')!.style.marginBottom = '800px';
  });
  const farBadge = farSideBadge(page);
  // The claim 60 px above the view's bottom: its card has no room below the badge, and opens above it.
  await scrollFarSideTo(page, 700 - 60);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await farBadge.click();
  await expect(card(page)).toBeVisible();
  const [badge, opened] = [(await farBadge.boundingBox())!, (await card(page).boundingBox())!];
  expect(opened.y + opened.height).toBeLessThanOrEqual(badge.y);
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  // A cookie bar 60 px high fixed to the view's bottom: a claim under it has no badge showing over it.
  await page.evaluate(() => {
    const bar = document.createElement('div');
    bar.textContent = 'We use cookies.';
    bar.style.cssText = 'position: fixed; left: 0; right: 0; bottom: 0; height: 60px; background: #eee';
    document.body.append(bar);
  });
  await scrollFarSideTo(page, 700 - 30);
  await expect.poll(() => unseen(farBadge)).toBe(true);
});

test('a claim far from the view gets its badge placed when scrolling brings it near, and Tab still reaches it', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  const farBadge = farSideBadge(page);
  const rough = () => farBadge.evaluate((badge) => badge.classList.contains('rough'));
  const exactlyPlaced = async () => {
    const { dx, dy } = await badgeOffset(page, 'The far side');
    return !(await rough()) && Math.abs(dx) <= 1 && Math.abs(dy + 9) <= 1;
  };
  // Near the view, every badge is placed exactly: at the end of its claim's last line, raised.
  expect(await exactlyPlaced()).toBe(true);

  // The claim moves 3000 px down, in a view 200 px high: its badge is placed roughly, and unseen.
  await page.setViewportSize({ width: 1280, height: 200 });
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.querySelectorAll('article p')[4]!.before(spacer);
  });
  await expect.poll(rough).toBe(true);
  await expect(farBadge).toHaveCSS('opacity', '0');

  // Scrolled to, it is placed exactly.
  await page.evaluate(() => document.querySelectorAll('article p')[4]!.scrollIntoView());
  await expect.poll(exactlyPlaced).toBe(true);
  await expect(farBadge).toHaveCSS('opacity', '1');

  // Back at the top, it is far again; Tab from the badge before it reaches it, and brings it into view.
  await page.evaluate(() => scrollTo(0, 0));
  await expect.poll(rough).toBe(true);
  await tabToFarSide(page);
  await expect(farBadge).toBeFocused();
  await expect.poll(exactlyPlaced).toBe(true);
  await expect(farBadge).toBeInViewport();
});

test('a claim under the page’s sticky header or fixed bottom bar has no badge showing over them; Tab brings it out', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.setViewportSize({ width: 1280, height: 400 });
  // The site's navigation becomes a header 80 px high that sticks to the top, and a cookie bar 60 px high is
  // fixed to the bottom, both drawn over the text as it scrolls under them; room below the article to scroll.
  await page.evaluate(() => {
    document.querySelector('nav')!.style.cssText =
      'position: sticky; top: 0; height: 80px; background: #fff; z-index: 1; border-bottom: 1px solid #ccc';
    const bar = document.createElement('div');
    bar.id = 'cookie-bar';
    bar.textContent = 'We use cookies.';
    bar.style.cssText = 'position: fixed; left: 0; right: 0; bottom: 0; height: 60px; background: #eee';
    document.body.append(bar);
    document.querySelector('footer')!.style.marginBottom = '800px';
  });
  const farBadge = farSideBadge(page);
  const scrollClaimTo = (y: number) => scrollFarSideTo(page, y);

  // Under the header: unseen, and a click there reaches the header.
  await scrollClaimTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  const badgeBox = (await farBadge.boundingBox())!;
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('nav') !== null, {
      x: badgeBox.x + badgeBox.width / 2,
      y: badgeBox.y + badgeBox.height / 2,
    }),
  ).toBe(true);
  // Clear of it, in the middle of the view: shown at its claim.
  await scrollClaimTo(200);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  // Under the cookie bar: unseen.
  await scrollClaimTo(400 - 30);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  // The bar closed: shown again, where it is.
  await page.evaluate(() => document.getElementById('cookie-bar')!.remove());
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });

  // A wholly transparent layer over the whole view (one that only catches clicks) hides nothing, and the header is
  // still found through it.
  await page.evaluate(() => {
    const layer = document.createElement('div');
    layer.id = 'click-catcher';
    layer.style.cssText = 'position: fixed; inset: 0; opacity: 0; z-index: 5; background: #000';
    document.body.append(layer);
  });
  await scrollClaimTo(201);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await scrollClaimTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await page.evaluate(() => document.getElementById('click-catcher')!.remove());

  // Under the header again, Tab from the badge before it reaches it, and brings its claim out from under it.
  await scrollClaimTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await tabToFarSide(page);
  await expect(farBadge).toBeFocused();
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
});

test('a fixed box that stands off the view’s edges (a chat button in a corner, a newsletter box in the middle, a popover) hides the badges under it', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.evaluate(() => (document.querySelector('footer')!.style.marginBottom = '800px'));
  const farBadge = farSideBadge(page);
  await scrollFarSideTo(page, 300);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  const badge = (await farBadge.boundingBox())!;
  // Each box, 20 px or more from every edge of the view, over the badge: fixed to the view (and drawn over the
  // page's text) as such boxes are; the popover in the top layer, as `showPopover()` puts it.
  const boxes = {
    'chat button': `position: fixed; right: ${1280 - badge.x - badge.width - 20}px; bottom: ${600 - badge.y - badge.height - 20}px; width: 60px; height: 60px; border-radius: 30px; background: #36c; z-index: 1000`,
    'newsletter box': `position: fixed; left: ${badge.x - 200}px; top: ${badge.y - 100}px; width: 400px; height: 200px; background: #fff; border: 1px solid #999; z-index: 1000`,
    popover: `inset: auto; margin: 0; left: ${badge.x - 100}px; top: ${badge.y - 50}px; width: 200px; height: 100px`,
  };
  for (const [name, css] of Object.entries(boxes)) {
    await page.evaluate(
      ({ id, style }) => {
        const box = document.createElement('div');
        box.id = id;
        box.style.cssText = style;
        document.body.append(box);
        if (id !== 'popover') return;
        box.popover = 'manual';
        box.textContent = 'Sign up';
        box.showPopover();
      },
      { id: name.replace(' ', '-'), style: css },
    );
    await expect.poll(() => unseen(farBadge), { message: `the badge under the ${name}` }).toBe(true);
    // Scrolled clear of the box, the badge shows at its claim; back under it, it is hidden again.
    await scrollFarSideTo(page, 120);
    await expect.poll(() => unseen(farBadge), { message: `the badge clear of the ${name}` }).toBe(false);
    await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
    await scrollFarSideTo(page, 300);
    await expect.poll(() => unseen(farBadge), { message: `the badge under the ${name} again` }).toBe(true);
    // Closed: the badge shows again.
    await page.evaluate((id) => document.getElementById(id)!.remove(), name.replace(' ', '-'));
    await expect.poll(() => unseen(farBadge), { message: `the ${name} closed` }).toBe(false);
  }
});

test('claims in an open popover (the top layer) have their badges and card above it; claims under it have theirs hidden; closed, the overlay is back in the document', async ({
  checkArticle,
}) => {
  // A paragraph shown in a popover (a "key facts" box, an annotation) laid over the article's first paragraph.
  const { page, popup } = await checkArticle(async (page) => {
    const covered = await page.locator('article p').nth(1).boundingBox();
    await page.evaluate(
      showFactsInPopover,
      `inset: auto; margin: 0; left: 0; top: ${covered!.y - 10}px; width: 100vw; height: ${covered!.height + 20}px; background: #fff; border: 2px solid #333; padding: 0 20px`,
    );
  });
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  /** Whether our element is the topmost at the middle of `target`'s box (so it shows, and takes a click). */
  const onTop = (target: Locator) =>
    target.evaluate((element) => {
      const { left, top, width, height } = element.getBoundingClientRect();
      const [x, y] = [left + width / 2, top + height / 2];
      const host = document.querySelector('factlens-overlay')!;
      return document.elementFromPoint(x, y) === host && element.contains(host.shadowRoot!.elementFromPoint(x, y));
    });
  const farBadge = farSideBadge(page);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => onTop(farBadge)).toBe(true);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await farBadge.click();
  await expect(card(page)).toBeVisible();
  expect(await onTop(card(page))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  // The first paragraph's claims are under the popover: their badges are hidden.
  const moonBadge = page.getByRole('button', { name: /^True: The Moon is about 384,400/ });
  await expect.poll(() => unseen(moonBadge)).toBe(true);
  // Badges of claims around the popover, drawn in it but fixed to the view, follow their claims as the page scrolls.
  await expect.poll(() => badgeOffset(page, 'Many people')).toMatchObject({ dx: 0, dy: -9 });
  await page.evaluate(() => {
    document.querySelector('footer')!.style.marginBottom = '800px';
    scrollBy(0, 40);
  });
  expect(await page.evaluate(() => scrollY)).toBe(40);
  await expect.poll(() => badgeOffset(page, 'Many people')).toMatchObject({ dx: 0, dy: -9 });
  // Closed: the overlay is back in the document, and the first paragraph's badges show.
  await page.evaluate(() => document.getElementById('facts')!.hidePopover());
  await expect
    .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')!.parentElement!.localName))
    .toBe('html');
  await expect.poll(() => unseen(moonBadge)).toBe(false);
  await expect.poll(() => onTop(moonBadge)).toBe(true);
});

// On a large page too, whose highlights' rules name the claims' elements, and whose page sheet (with the rule that keeps
// the page's backdrop off ours) is adopted only once the overlay needs it (see Overlay).
for (const large of [false, true])
  test(`claims in an open popover with a transform (centred by translate, as many are)${large ? ', on a large page' : ''}: the badges around it and its claims’ card are not clipped to its box`, async ({
    checkArticle,
  }) => {
    // A transform makes the popover the box that a fixed element inside it stands in, and its `overflow: auto` (the
    // browser's own style for popovers) clips it there. The page dims what is under its popovers.
    const { page, popup } = await checkArticle(async (page) => {
      await page.addStyleTag({ content: '::backdrop { background: rgb(0 0 0 / 0.5); }' });
      await page.evaluate(showFactsInPopover, CENTRED_POPOVER);
      if (large) await padToScopedHighlights(page);
    });
    await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
    expect(await claimsPaint(page)).toEqual({ ranges: 12, unpainted: [] });
    // The overlay, shown above the popover, does not dim it as the page's own popovers would be.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const host = document.querySelector('factlens-overlay')!;
          return { open: host.matches(':popover-open'), backdrop: getComputedStyle(host, '::backdrop').display };
        }),
      )
      .toEqual({ open: true, backdrop: 'none' });
    // A claim around the popover, far from its box: its badge shows at its claim.
    const manyPeople = page.getByRole('button', { name: /^False: Many people/ });
    await expect.poll(() => unseen(manyPeople)).toBe(false);
    await expect.poll(() => manyPeople.evaluate(overlayShownAt)).toBe(true);
    await expect.poll(() => badgeOffset(page, 'Many people')).toMatchObject({ dx: 0, dy: -9 });
    // A page script that hides every open popover but its own (as one of its menus opens) finds ours in its popover:
    // ours is shown again, above it.
    await page.evaluate(() => {
      for (const open of document.querySelectorAll<HTMLElement>(':popover-open'))
        if (open.id !== 'facts') open.hidePopover();
    });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')!.matches(':popover-open')))
      .toBe(true);
    await expect.poll(() => manyPeople.evaluate(overlayShownAt)).toBe(true);
    // A claim in the popover: its badge at its claim, and its card (wider than the popover) shown whole, above it.
    const farBadge = farSideBadge(page);
    await expect.poll(() => farBadge.evaluate(overlayShownAt)).toBe(true);
    await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
    await farBadge.click();
    await expect(card(page)).toBeVisible();
    expect(await card(page).evaluate(overlayShownAt, 8)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
    await expect(farBadge).toBeFocused();
    // The popover is still open (a click on our badge is not a click outside it), and closes: the overlay follows.
    expect(await page.evaluate(() => document.getElementById('facts')!.matches(':popover-open'))).toBe(true);
    await page.evaluate(() => document.getElementById('facts')!.hidePopover());
    await expect
      .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')!.parentElement!.localName))
      .toBe('html');
    await expect.poll(() => manyPeople.evaluate(overlayShownAt)).toBe(true);
  });

/**
 * A paragraph given to a web component that shows it in a popover or a modal dialog of its own shadow tree (a
 * tooltip, an annotation, a "quick view"), slotted in: neither the document's `:popover-open` nor its `:modal` sees
 * it, and its `toggle` event and `open` attribute do not leave the shadow tree.
 */
for (const { shown, tag, open, close } of [
  { shown: 'a popover', tag: 'div', open: 'showPopover', close: 'hidePopover' },
  { shown: 'a modal dialog', tag: 'dialog', open: 'showModal', close: 'close' },
] as const)
  test(`claims given to a web component that shows them in ${shown} of its own shadow tree: their badges and card above it; closed, the overlay is back in the document`, async ({
    checkArticle,
  }) => {
    const { page, popup } = await checkArticle((page) =>
      page.evaluate(
        ({ tag, open }) => {
          const host = document.createElement('fact-box');
          const shell = host.attachShadow({ mode: 'open' }).appendChild(document.createElement(tag));
          shell.append(document.createElement('slot'));
          if (tag === 'div') {
            shell.popover = 'manual';
            shell.style.cssText =
              'inset: auto; margin: 0; left: 0; top: 200px; width: 100vw; background: #fff; border: 2px solid #333; padding: 0 20px';
          }
          host.append(document.querySelectorAll('article p')[4]!);
          document.body.append(host);
          (shell as unknown as Record<string, () => void>)[open]!();
        },
        { tag, open },
      ),
    );
    await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
    const farBadge = farSideBadge(page);
    // Before, the overlay stayed under the top layer: the badge was not what the page showed at its middle.
    await expect.poll(() => farBadge.evaluate(overlayShownAt)).toBe(true);
    await farBadge.click();
    await expect(card(page)).toBeVisible();
    expect(await card(page).evaluate(overlayShownAt, 8)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
    await page.evaluate(
      (close) =>
        (document.querySelector('fact-box')!.shadowRoot!.firstElementChild as unknown as Record<string, () => void>)[
          close
        ]!(),
      close,
    );
    await expect
      .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')?.parentElement?.localName))
      .toBe('html');
  });

test('on a page zoomed to 2, a badge is hidden under the sticky header by its size on screen (34 px), not its own (17 px)', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle((page) =>
    page.addStyleTag({
      content:
        'html { zoom: 2; } nav { position: sticky; top: 0; height: 80px; background: #fff; z-index: 1; } footer { margin-bottom: 800px; }',
    }),
  );
  const farBadge = farSideBadge(page);
  // The header is 160 px high on screen. The claim's line at 173 px: its badge, raised 18 px, reaches 5 px under
  // the header (at 17 px raised 9, it would not).
  await scrollFarSideTo(page, 173);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await scrollFarSideTo(page, 200);
  await expect.poll(() => unseen(farBadge)).toBe(false);
});

test('in a web app’s fixed shell that scrolls by itself, the shell’s sticky header hides the badges under it, and the shell hides none', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  // The whole page moves into a shell fixed over the view, which scrolls by itself, with the site's navigation as a
  // header 80 px high that sticks to the shell's top (as web apps lay themselves out).
  await page.evaluate(() => {
    const shell = document.createElement('div');
    shell.id = 'shell';
    shell.style.cssText = 'position: fixed; inset: 0; overflow: auto; background: #fff';
    const nav = document.querySelector('nav')!;
    nav.style.cssText = 'position: sticky; top: 0; height: 80px; background: #fff; z-index: 1';
    shell.append(nav, document.querySelector('main')!);
    shell.append(Object.assign(document.createElement('div'), { style: 'height: 1200px' }));
    document.body.append(shell);
  });
  // Moved, the claims' Ranges collapsed: they are anchored again.
  await expect
    .poll(() => highlightedTexts(page, ['refuted']))
    .toContain('The far side of the Moon never receives sunlight.');
  const farBadge = farSideBadge(page);
  const scrollShellTo = (y: number) => scrollFarSideTo(page, y, 'shell');
  await scrollShellTo(300);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await scrollShellTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
});

test('in a pane that scrolls by itself (as web apps and chats have), a claim out of the pane’s view has no badge showing; Tab brings it into view', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  // The article moves into a pane 250 px high: its last paragraph is below the pane's fold, though within the view.
  await page.evaluate(() => {
    const pane = document.createElement('div');
    pane.id = 'pane';
    pane.style.cssText = 'height: 250px; overflow: auto';
    const article = document.querySelector('article')!;
    article.before(pane);
    pane.append(article);
  });
  const farBadge = farSideBadge(page);
  const firstBadge = page.getByRole('button', { name: /^True: The Moon is about 384,400/ });
  await expect.poll(() => unseen(farBadge)).toBe(true);
  expect(await unseen(firstBadge)).toBe(false);
  await expect(firstBadge).toBeInViewport();

  // Scrolled in the pane to that paragraph: its badge shows at its claim, and the first paragraph's is unseen.
  const scrollPaneTo = (paragraph: number) =>
    page.evaluate((index) => {
      const pane = document.getElementById('pane')!;
      const top = document.querySelectorAll('article p')[index]!.getBoundingClientRect().top;
      pane.scrollTop += top - pane.getBoundingClientRect().top;
    }, paragraph);
  await scrollPaneTo(4);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await expect.poll(() => unseen(firstBadge)).toBe(true);

  // Back at the pane's top, Tab from the badge before it reaches it, scrolls the pane to its claim, and shows it there.
  await scrollPaneTo(0);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await tabToFarSide(page);
  await expect(farBadge).toBeFocused();
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await expect(farBadge).toBeInViewport();

  // Its card, open, follows it as the pane scrolls.
  await page.keyboard.press('Enter');
  const card = page.locator('factlens-overlay .card[role="dialog"]');
  await expect(card).toBeVisible();
  const gap = async () => (await card.boundingBox())!.y - (await farBadge.boundingBox())!.y;
  const before = { gap: await gap(), badge: (await farBadge.boundingBox())!.y };
  await page.evaluate(() => (document.getElementById('pane')!.scrollTop += 40));
  await expect.poll(async () => before.badge - (await farBadge.boundingBox())!.y).toBe(40);
  await expect.poll(gap).toBe(before.gap);
  // And as the page changes: content added above the paragraph moves it down, with no scrolling.
  const paragraphTop = () => page.evaluate(() => document.querySelectorAll('article p')[4]!.getBoundingClientRect().y);
  const moved = { paragraph: await paragraphTop(), badge: (await farBadge.boundingBox())!.y };
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '20px';
    document.querySelectorAll('article p')[4]!.before(spacer);
  });
  const shift = (await paragraphTop()) - moved.paragraph;
  expect(shift).toBeGreaterThanOrEqual(20);
  await expect.poll(async () => Math.round((await farBadge.boundingBox())!.y - moved.badge)).toBe(Math.round(shift));
  await expect.poll(gap).toBe(before.gap);
});

test('a page that empties the highlight registry it shares with us (as its own search highlighter may) gets our highlights back at its next scroll or change', async ({
  checkArticle,
  serviceWorker,
}) => {
  const { page } = await checkArticle();
  expect(await highlighted(page)).toBe(12);
  // Made scrollable first, and let settle: the body's new size alone has the claims placed again (and the highlights
  // put back), a frame or two later. Cleared then in the same task as it is counted, so that no frame comes between.
  const runs = await pageCheckerRuns(serviceWorker, page);
  await page.evaluate(() => (document.body.style.paddingBottom = '1500px'));
  await pageCheckerSettled(serviceWorker, page, runs);
  expect(
    await page.evaluate(() => {
      CSS.highlights.clear();
      return CSS.highlights.size;
    }),
  ).toBe(0);
  // Nothing else puts them back: once the checker has nothing scheduled, and the page has not scrolled, still none.
  await pageCheckerSettled(serviceWorker, page, -1);
  expect(await highlighted(page)).toBe(0);
  await page.mouse.move(600, 300);
  await page.mouse.wheel(0, 40);
  await expect.poll(() => highlighted(page)).toBe(12);
  // And after a change to the page, with no scrolling.
  await page.evaluate(() => {
    CSS.highlights.clear();
    document.querySelector('aside')!.append(' More.');
  });
  await expect.poll(() => highlighted(page)).toBe(12);
});

/** The share of pixels that differ between two screenshots of the same size, decoded in `page`. */
const pixelsDiffering = (page: Page, a: Buffer, b: Buffer) =>
  page.evaluate(
    async (urls) => {
      const [first, second] = await Promise.all(
        urls.map(async (url) => {
          const image = new Image();
          image.src = url;
          await image.decode();
          const context = new OffscreenCanvas(image.width, image.height).getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height).data;
        }),
      );
      let differing = 0;
      for (let index = 0; index < first!.length; index += 4)
        if ([0, 1, 2].some((channel) => first![index + channel] !== second![index + channel])) differing++;
      return differing / (first!.length / 4);
    },
    [a, b].map((png) => `data:image/png;base64,${png.toString('base64')}`),
  );

test('a page that replaces the document’s adopted style sheets with its own gets our highlights painted again at its next scroll', async ({
  checkArticle,
  serviceWorker,
}) => {
  const { page } = await checkArticle();
  await page.evaluate(() => (document.body.style.paddingBottom = '1500px'));
  const paragraph = page.locator('article p').nth(4);
  const painted = await paragraph.screenshot();
  // The page still: the content script's checks after a change, which put our sheet back, have run; none is pending
  // to put it back before the next screenshot.
  await pageCheckerSettled(serviceWorker, page, -1);
  // As a page that installs its styles with `document.adoptedStyleSheets = [sheet]` does.
  await page.evaluate(() => {
    const own = new CSSStyleSheet();
    own.replaceSync('.site-banner { color: rgb(20, 20, 20); }');
    document.adoptedStyleSheets = [own];
  });
  // Unpainted, the paragraph's three claims lose their colours: most of its pixels change.
  expect(await pixelsDiffering(page, painted, await paragraph.screenshot())).toBeGreaterThan(0.2);
  await page.evaluate(() => scrollBy(0, 40));
  await page.evaluate(() => scrollBy(0, -40));
  // Painted again (a few pixels at the badges' edges are anti-aliased afresh).
  await expect.poll(async () => pixelsDiffering(page, painted, await paragraph.screenshot())).toBeLessThan(0.005);
});

test('a printed page is the page as it is: no highlights, no badges; on screen they are back', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.emulateMedia({ media: 'print' });
  const printed = await page.screenshot();
  // The same page in print, with nothing of ours at all.
  await page.locator('factlens-overlay').evaluate((host) => host.style.setProperty('display', 'none', 'important'));
  await page.evaluate(() => {
    (window as unknown as { __kept: [string, Highlight][] }).__kept = [...CSS.highlights];
    CSS.highlights.clear();
  });
  expect(printed.equals(await page.screenshot())).toBe(true);
  await page.evaluate(() =>
    (window as unknown as { __kept: [string, Highlight][] }).__kept.forEach(([name, highlight]) =>
      CSS.highlights.set(name, highlight),
    ),
  );
  await page.locator('factlens-overlay').evaluate((host) => host.style.setProperty('display', 'block', 'important'));
  await page.emulateMedia({ media: 'screen' });
  await expect(badges(page).first()).toBeVisible();
  expect(await highlighted(page)).toBe(12);
  // On screen the highlights paint: the page looks different without them.
  const withHighlights = await page.screenshot();
  await page.evaluate(() => CSS.highlights.clear());
  expect(withHighlights.equals(await page.screenshot())).toBe(false);
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

test('without the Custom Highlight API, claims are drawn as boxes in the overlay, and badges stand at their ends', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  // The content script's world loses the API before the script arrives (as in a browser without it).
  await serviceWorker.evaluate(async (id) => {
    await chrome.scripting.executeScript({
      target: { tabId: id },
      world: 'ISOLATED',
      func: () => {
        Object.defineProperty(CSS, 'highlights', { value: undefined });
        delete (CSS as unknown as { highlights?: unknown }).highlights;
      },
    });
  }, tabId);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(badges(page)).toHaveCount(12);
  const boxes = page.locator('factlens-overlay .box');
  expect(await boxes.count()).toBeGreaterThanOrEqual(12);
  await expect(page.locator('factlens-overlay .box.refuted').first()).toBeVisible();
  expect(await highlighted(page)).toBe(0);
  // Each badge still sits at the end of its claim's last line (a box's top right corner here), raised.
  const farBadge = farSideBadge(page);
  const atABoxEnd = await farBadge.evaluate((badge) => {
    const at = badge.getBoundingClientRect();
    const boxes = [...(badge.getRootNode() as ShadowRoot).querySelectorAll('.box.refuted')].map((box) =>
      box.getBoundingClientRect(),
    );
    return boxes.some((box) => Math.abs(at.left - box.right) <= 1 && Math.abs(at.top - (box.top - 9)) <= 1);
  });
  expect(atABoxEnd).toBe(true);
  await page.screenshot({ path: 'artifacts/e2e-article-fallback-boxes.png' });
  // The page switches to its dark theme: the boxes take the dark ground's colours (a lighter red underline here).
  await expect(page.locator('factlens-overlay .box.dark')).toHaveCount(0);
  await page.evaluate(() => document.body.setAttribute('style', 'background: #121212; color: #e6e6e6'));
  await expect
    .poll(() =>
      page
        .locator('factlens-overlay .box.refuted.dark')
        .first()
        .evaluate((box) => getComputedStyle(box).borderBottomColor),
    )
    .toBe('rgb(248, 113, 113)');
  expect(await boxes.count()).toBe(await page.locator('factlens-overlay .box.dark').count());
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
