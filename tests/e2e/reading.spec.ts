/**
 * A page checked as a reader sees it, written once and run in Chromium and in Firefox: its claims highlighted and
 * badged on light and dark grounds, under a strict security policy, in vertical writing and flush with the view's
 * edge; the card clear of its claim and in the right languages; claims in popovers and collapsed sections.
 */
import {
  CENTRED_POPOVER,
  COMPONENTS_ARTICLE_CLAIMS,
  padWithHiddenElements,
  SCOPED_FROM_ELEMENTS,
  expectAtTheirFeet,
  flushRightMeasures,
  foldIntoCollapsedSections,
  panelState,
  showFactsInPopover,
  verticalStandings,
} from './in-page-probes';
import { expect } from './quick-expect';
import { boxOf, checkPage, VERDICTS_ON_LIGHT } from './users/steps';
import { inBothBrowsers } from './users/in-both-browsers';
import type { PageUser } from './users/user';

const FAR_SIDE = /^False: The far side/;

/** The client rects of the far-side claim's highlight, line by line. */
const farSideLines = (page: PageUser) =>
  page.evaluate(() => {
    const range = [...CSS.highlights.get('factlens-refuted')!].find((entry) =>
      (entry as Range).toString().startsWith('The far side'),
    ) as Range;
    return [...range.getClientRects()].map(({ top, bottom, left, right }) => ({ top, bottom, left, right }));
  });

inBothBrowsers(
  '“Check this page” highlights the article’s 12 claims with badges, on their words; a badge opens its card, and Esc closes it',
  async (browser) => {
    const { page } = await checkPage(browser, { allLocated: true });
    expect(await page.highlighted(['refuted'])).toContain('The far side of the Moon never receives sunlight.');
    const all = await page.highlighted(VERDICTS_ON_LIGHT);
    expect(all).toHaveLength(12);
    const pageWords = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' '));
    for (const text of all) expect(pageWords).toContain(text.replace(/\s+/g, ' '));

    await page.openCard(FAR_SIDE);
    const card = await page.cardText();
    expect(card).toContain('The far side of the Moon never receives sunlight.');
    expect(card).toMatch(/Correction:\s*The far side of the Moon is never visible from Earth/);
    expect(card).toMatch(/sources?/i);
    await page.closeCard();
    await page.screenshot(`artifacts/e2e-${browser.name.toLowerCase()}-article.png`);
  },
);

inBothBrowsers(
  'a page that switches to its dark theme gets its claims painted in the colours made for a dark ground, and back',
  async (browser) => {
    const { page } = await checkPage(browser);
    const onDark = () => page.highlighted(VERDICTS_ON_LIGHT.map((kind) => `${kind}-on-dark`));
    expect(await onDark()).toEqual([]);
    // The page's theme toggle (its body's style; nothing in its text changes).
    await page.evaluate(() => document.body.setAttribute('style', 'background: #121212; color: #e6e6e6'));
    await expect.poll(async () => (await onDark()).length).toBe(12);
    expect(await page.highlighted(['refuted-on-dark'])).toContain('The far side of the Moon never receives sunlight.');
    await page.evaluate(() => document.body.removeAttribute('style'));
    await expect.poll(async () => (await page.highlighted(VERDICTS_ON_LIGHT)).length).toBe(12);
    expect(await onDark()).toEqual([]);
  },
);

inBothBrowsers(
  'on a page whose security policy forbids inline styles, the highlights, badges and card are styled all the same',
  async (browser) => {
    // The page's own inline styles are refused (it shows unstyled); ours are the extension's, which the page's policy
    // does not govern (Firefox long applied it to what extensions put in a page).
    const article = await (await fetch(`${browser.double.url}/demo/article.html`)).text();
    const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'">`;
    const page = await browser.openServedPage(
      'strict-article.html',
      article.replace('<head>', `<head>${policy}`),
      'localhost',
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('none');
    await checkPage(browser, { page });
    expect(await page.highlighted(VERDICTS_ON_LIGHT)).toHaveLength(12);
    const looks = await page.evaluate(() => {
      const host = document.querySelector('factlens-overlay') as HTMLElement;
      const badge = host.shadowRoot!.querySelector('.badge')!;
      return [getComputedStyle(host).position, getComputedStyle(badge).position, badge.getBoundingClientRect().width];
    });
    expect(looks).toEqual(['absolute', 'absolute', 17]);
    await page.openCard(FAR_SIDE);
    const cardLooks = await page.evaluate(() => {
      const card = document.querySelector('factlens-overlay')!.shadowRoot!.querySelector('.card')!;
      return [getComputedStyle(card).position, getComputedStyle(card).backgroundColor];
    });
    expect(cardLooks[0]).toBe('absolute');
    expect(cardLooks[1]).not.toBe('rgba(0, 0, 0, 0)');
  },
);

inBothBrowsers(
  'the card stands clear of its claim’s text, below its last line or above its first, in large type too',
  async (browser) => {
    const { page } = await checkPage(browser);
    await page.resize(1280, 800);
    await page.evaluate(() => (document.querySelector('footer')!.style.marginBottom = '900px'));
    // A headline's type (40 px): the badge stands raised at its last line's end, less than half the line's height.
    for (const fontSize of ['16px', '40px'])
      for (const lastLineAt of [120, 700]) {
        await page.evaluate(
          ([size, y]) => {
            const range = [...CSS.highlights.get('factlens-refuted')!].find((entry) =>
              (entry as Range).toString().startsWith('The far side'),
            ) as Range;
            (range.commonAncestorContainer.parentElement!.closest('p') as HTMLElement).style.fontSize = size as string;
            scrollBy(0, [...range.getClientRects()].at(-1)!.top - (y as number));
            return new Promise(requestAnimationFrame);
          },
          [fontSize, lastLineAt] as const,
        );
        await page.openCard(FAR_SIDE);
        const box = (await page.evaluate(boxOf, '.card[role="dialog"]'))!;
        const rects = await farSideLines(page);
        // Below the claim near the view's top, above it near the foot; over none of its lines either way.
        if (lastLineAt < 400) expect(box.y).toBeGreaterThanOrEqual(rects.at(-1)!.bottom);
        else expect(box.y + box.height).toBeLessThanOrEqual(rects[0]!.top);
        for (const rect of rects)
          expect(
            rect.bottom <= box.y ||
              rect.top >= box.y + box.height ||
              rect.right <= box.x ||
              rect.left >= box.x + box.width,
            `${fontSize}, last line at ${lastLineAt}: the card (${JSON.stringify(box)}) covers ${JSON.stringify(rect)}`,
          ).toBe(true);
        await page.closeCard();
      }
  },
);

inBothBrowsers(
  'the card’s own words are English on a German page; the claim’s quote is German, the service’s words in the check’s language',
  async (browser) => {
    const { page } = await checkPage(browser, {
      prepare: (page) => page.evaluate(() => (document.documentElement.lang = 'de')),
    });
    await page.openCard(FAR_SIDE);
    const languages = await page.evaluate(() => {
      const card = document.querySelector('factlens-overlay')!.shadowRoot!.querySelector('.card')!;
      const correction = [...card.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Correction:'))!;
      const inLanguage = (element: Element, tag: string) => element.matches(`:lang(${tag})`);
      return {
        heading: inLanguage(card.querySelector('h2')!, 'en'),
        quote: inLanguage(card.querySelector('.claim')!, 'de'),
        label: inLanguage(correction.querySelector('.label')!, 'en'),
        correction: inLanguage(correction.lastElementChild!, 'en-US'),
      };
    });
    expect(languages).toEqual({ heading: true, quote: true, label: true, correction: true });
  },
);

inBothBrowsers(
  'in vertical writing (as Japanese and Chinese pages set text), each badge stands at its claim’s foot, raised to its right, and none stands over another',
  async (browser) => {
    const { page } = await checkPage(browser, {
      prepare: async (page) => {
        // Taller than the columns, as Chromium's view is by default (Firefox's is 600 px): a badge is kept in the view.
        await page.resize(1280, 800);
        await page.evaluate(() => {
          (document.querySelector('article') as HTMLElement).style.cssText = 'writing-mode: vertical-rl; height: 600px';
        });
      },
    });
    // Before, each stood at the top of the claim's last line, by its start.
    await expect.poll(() => page.evaluate(verticalStandings).then((standings) => standings.length)).toBe(12);
    expectAtTheirFeet(await page.evaluate(verticalStandings), 12);
    await page.screenshot(`artifacts/e2e-${browser.name.toLowerCase()}-vertical-badges.png`);
  },
);

inBothBrowsers(
  'text set flush with the view’s right edge: each badge shows within the view, and the page never scrolls sideways',
  async (browser) => {
    // A narrow page whose text runs to the view's edge and is set flush right, as narrow and right-aligned layouts
    // have it: each paragraph's last claim ends at the edge, where its badge would stand past it.
    const { page } = await checkPage(browser, {
      prepare: async (page) => {
        await page.resize(390, 700);
        await page.addStyle(
          'body { margin: 0 !important; padding: 0 !important; max-width: none !important; } p { text-align: right; }',
        );
      },
    });
    // The paragraph's last claim, "Some nurses insist … hospital admissions.", in the middle of the view.
    await page.evaluate(() => {
      const range = [...CSS.highlights.get('factlens-unverifiable')!][0] as Range;
      scrollBy(0, range.getBoundingClientRect().top - 300);
    });
    const measure = () => page.evaluate(flushRightMeasures);
    // The badges follow the new layout by themselves; Firefox's scroll bar takes its width from the view.
    await expect
      .poll(measure)
      .toEqual({ pastTheView: 0, badgesPastTheView: 0, lineEndToView: 0, badgeEndToView: 0, badgeShown: true });
    // Every claim scrolled through: nothing past the page's edge.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(measure).toMatchObject({ pastTheView: 0, badgesPastTheView: 0 });
  },
);

inBothBrowsers(
  'a page check with claims in an open popover (the top layer, centred by a transform): their badges and card stand above it, and the badges around it are not clipped to its box; closed, the overlay is back in the document',
  async (browser) => {
    const { page } = await checkPage(browser, {
      allLocated: true,
      prepare: (page) => page.evaluate(showFactsInPopover, CENTRED_POPOVER),
    });
    await expect.poll(() => page.badgeOnTop(FAR_SIDE)).toBe(true);
    // A claim around the popover, out of its box: its badge shows (the transform made the popover clip it, before).
    await expect.poll(() => page.badgeOnTop(/^False: Many people/)).toBe(true);
    await page.openCard(FAR_SIDE);
    expect(await page.cardText()).toContain('The far side of the Moon never receives sunlight.');
    await page.closeCard();
    await page.evaluate(() => document.getElementById('facts')!.hidePopover());
    await expect
      .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')!.parentElement!.localName))
      .toBe('html');
  },
);

inBothBrowsers(
  'claims in sections the page keeps collapsed (a closed <details>, a panel hidden until found) are not “not found”: the popup opens each and shows the claim, and the section closed again takes its claims back',
  async (browser) => {
    // The check reads the page by its address, every section of it. Then the page folds two paragraphs into a closed
    // <details> and an accordion's panel hidden until found.
    const { page, popup } = await checkPage(browser, {
      drawn: 6,
      prepare: (page) => page.evaluate(foldIntoCollapsedSections, false),
    });
    await popup.waitForText('Located 6 of 12 claims in the page; 6 more in collapsed sections.');
    expect(await popup.text()).not.toContain('Not found in the page');
    // The first one listed is in the panel: it opens as find-in-page would open it, and the claim's card with it.
    await popup.click('Open it and show in page');
    await expect.poll(() => page.cardText()).toContain('Because the Moon has no atmosphere');
    expect(await page.evaluate(panelState)).toEqual({ hidden: false, openedBy: 'beforematch' });
    await popup.waitForText('Located 9 of 12 claims in the page; 3 more in collapsed sections.');
    await expect.poll(async () => (await page.badgeLabels()).length).toBe(9);
    // The <details> opens too: every claim is located.
    await popup.click('Open it and show in page');
    await expect.poll(() => page.cardText()).toContain('The far side of the Moon never receives sunlight.');
    expect(await page.evaluate(() => document.querySelector('details')!.open)).toBe(true);
    await popup.waitForText('Located 12 of 12 claims in the page.');
    await expect.poll(async () => (await page.badgeLabels()).length).toBe(12);
    // The accordion folds its panel again: its claims are told as in a collapsed section again.
    await page.bringToFront();
    await page.closeCard();
    await page.evaluate(() => document.getElementById('panel')!.setAttribute('hidden', 'until-found'));
    await popup.waitForText('Located 9 of 12 claims in the page; 3 more in collapsed sections.');
    await expect.poll(async () => (await page.badgeLabels()).length).toBe(9);
  },
);

inBothBrowsers(
  'claims in shadow trees, open and closed, in a slot and in a display: contents wrapper are checked and drawn where they show, and followed as a shadow tree changes',
  async (browser) => {
    const claims = COMPONENTS_ARTICLE_CLAIMS;
    await browser.configure();
    // On localhost the page is out of the double's reach (it serves on 127.0.0.1): its text is sent, as read in the
    // browser, shadow trees included (Firefox reads a closed one through openOrClosedShadowRoot).
    const page = await browser.openDemoPage('components-article.html', 'localhost');
    const { popup } = await checkPage(browser, {
      page,
      claims: claims.length,
      // Large enough for the highlights' rules to name the hosts that hold claims (see highlight-scope.ts).
      prepare: (page) => page.evaluate(padWithHiddenElements, SCOPED_FROM_ELEMENTS),
    });
    const sent = JSON.stringify(browser.double.endpointCalls().map((entry) => entry.body));
    for (const claim of claims) expect(sent).toContain(claim);
    await popup.waitForText(`Located ${claims.length} of ${claims.length} claims`);
    expect((await page.highlighted(VERDICTS_ON_LIGHT)).sort()).toEqual([...claims].sort());
    await page.screenshot(`artifacts/e2e-${browser.name.toLowerCase()}-components-highlights.png`);
    // The highlight paints inside the closed shadow tree: the box looks different once it is cleared.
    const factBox = (await page.evaluate(boxOf, 'fact-box'))!;
    const drawn = await page.picture(factBox);

    // A claim in the open shadow tree: its badge stands at the end of its line, and opens its card.
    const offset = await page.evaluate(() => {
      const paragraph = [...document.querySelector('story-body')!.shadowRoot!.querySelectorAll('p')].at(-1)!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      const last = [...range.getClientRects()].at(-1)!;
      const box = [...document.querySelector('factlens-overlay')!.shadowRoot!.querySelectorAll('.badge')]
        .find((badge) => badge.getAttribute('aria-label')!.startsWith('False: Liquid water flows freely'))!
        .getBoundingClientRect();
      return { dx: Math.round(box.left - last.right), dy: Math.round(box.top - last.top) };
    });
    expect(Math.abs(offset.dx)).toBeLessThanOrEqual(1);
    expect(Math.abs(offset.dy + 9)).toBeLessThanOrEqual(1);
    await page.openCard(/^False: Liquid water flows freely/);
    expect(await page.cardText()).toContain('Liquid water flows freely across the surface of Mars today.');
    await page.closeCard();

    // Changes inside a shadow tree are followed: a paragraph goes, and comes back.
    const badgeCount = async () => (await page.badgeLabels()).length;
    await page.evaluate(() => {
      const paragraph = [...document.querySelector('story-body')!.shadowRoot!.querySelectorAll('p')].at(-1)!;
      (window as unknown as { kept: Element }).kept = paragraph;
      paragraph.remove();
    });
    await expect.poll(badgeCount).toBe(claims.length - 1);
    await page.evaluate(() =>
      document.querySelector('story-body')!.shadowRoot!.append((window as unknown as { kept: Element }).kept),
    );
    await expect.poll(badgeCount).toBe(claims.length);

    await page.openCard(/^False: Liquid water flows freely/);
    await page.clickInCard('All claims');
    await expect.poll(page.cardText).toContain(`Located ${claims.length} of ${claims.length} claims`);
    await page.clickInCard('Clear highlights');
    await expect.poll(badgeCount).toBe(0);
    expect(await page.highlighted(VERDICTS_ON_LIGHT)).toEqual([]);
    expect(await page.picture(factBox)).not.toBe(drawn);
  },
);
