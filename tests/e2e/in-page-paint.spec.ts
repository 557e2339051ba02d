/**
 * How highlights are painted, in Chromium: through the elements inside a claim on a large page, with rules written once
 * for a check; in the colours of a dark ground or a grey text's; again after the page empties the highlight registry
 * or replaces its adopted style sheets; not in print; and as boxes where the Custom Highlight API is missing.
 */
import type { Page } from '@playwright/test';
import {
  contrastRatio,
  highlightedTexts,
  checkArticleAgain,
  clearFromList,
  overlayBadges as badges,
  overlayCard as card,
  shownPixels,
} from './chromium-steps';
import { expect } from './quick-expect';
import { claimsPaint, padToScopedHighlights, type PaintProbe } from './in-page-probes';
import { test } from './fixtures';
import { pageRules, highlighted, farSideBadge } from './in-page-steps';
import { pageCheckerRuns, pageCheckerSettled } from './page-checker-state';

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
  // Nothing else puts them back: once the checker has nothing scheduled, and the page has not scrolled, still none. (A
  // placement the body's new size started late on a busy machine, or the idle work after the first draw, may put them
  // back once more: the page clears them again, until they stay cleared.)
  await expect
    .poll(async () => {
      await page.evaluate(() => CSS.highlights.clear());
      await pageCheckerSettled(serviceWorker, page, -1);
      return highlighted(page);
    })
    .toBe(0);
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
