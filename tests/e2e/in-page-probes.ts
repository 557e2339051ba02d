/** Functions run in a page, in either browser: what the overlay shows and where, how a layout stands, what a page is made to do. */
import { SCOPED_FROM_ELEMENTS } from '../../utils/page/highlight-scope';
import { type Page } from '@playwright/test';
import { expect } from './quick-expect';

/** The claims of the double's components-article.html, in its shadow trees, slot and display: contents wrapper. */
export const COMPONENTS_ARTICLE_CLAIMS = [
  'Mars is the fourth planet from the Sun.',
  'Its red colour is caused by iron oxide dust on its surface.',
  'Olympus Mons on Mars is about 22 kilometres high, nearly three times the height of Everest.',
  'A day on Mars lasts 24 hours and 37 minutes, and the planet has two small moons, Phobos and Deimos.',
  'The Perseverance rover landed in Jezero Crater in February 2021.',
  'Liquid water flows freely across the surface of Mars today.',
  'Mars has the largest dust storms in the Solar System, which can cover the whole planet for months.',
];

/**
 * Runs in the page: installs `window.claimsPaint()`, which tells, for every range our highlights hold (the card's
 * claim's twice: in its verdict's and in the `active` one), whether each piece of its text is styled by its highlight: the element the piece stands in has a
 * background for it in its computed `::highlight()` style (given by a rule, or inherited from an element around it).
 * It returns how many ranges there are, and the pieces that are not; and `window.highlightStyled(element)` tells
 * whether any of our highlights has a style on an element. Chromium only (Firefox's computed styles have no
 * `::highlight()`).
 */
export function installPaintProbe(): void {
  const transparent = 'rgba(0, 0, 0, 0)';
  const names = [...CSS.highlights.keys()].filter((name) => name.startsWith('factlens-'));
  const styled = (element: Element, name: string) =>
    getComputedStyle(element, `::highlight(${name})`).backgroundColor !== transparent;
  Object.assign(window, {
    highlightStyled: (element: Element) => names.some((name) => styled(element, name)),
    claimsPaint: () => {
      let ranges = 0;
      const unpainted: string[] = [];
      for (const name of names) {
        for (const range of CSS.highlights.get(name)!) {
          ranges++;
          const staticRange = range as Range;
          const container = staticRange.commonAncestorContainer;
          const walker = document.createTreeWalker(container.getRootNode(), NodeFilter.SHOW_TEXT);
          walker.currentNode = container;
          const texts: Text[] = container.nodeType === Node.TEXT_NODE ? [container as Text] : [];
          for (let node = walker.nextNode(); node && container.contains(node); node = walker.nextNode())
            texts.push(node as Text);
          for (const text of texts) {
            if (!staticRange.intersectsNode(text) || !text.data.trim()) continue;
            if (!styled(text.parentElement!, name)) unpainted.push(`${name}: ${text.data.trim()}`);
          }
        }
      }
      return { ranges, unpainted };
    },
  });
}

/**
 * Makes the page large enough for the highlights' rules to name the elements that hold claims, not every element (see
 * highlight-scope.ts): SCOPED_FROM_ELEMENTS empty elements, hidden, at the body's end. Before the check: the content
 * script tells when it starts.
 */
export function padToScopedHighlights(page: Page): Promise<void> {
  return page.evaluate(padWithHiddenElements, SCOPED_FROM_ELEMENTS);
}

/** Runs in the page: `count` empty elements, hidden, at the body's end (see padToScopedHighlights). */
export function padWithHiddenElements(count: number): void {
  const padding = document.createElement('div');
  padding.hidden = true;
  for (let index = 0; index < count; index++) padding.append(document.createElement('span'));
  document.body.append(padding);
}

export { SCOPED_FROM_ELEMENTS };

/** What installPaintProbe gives the page's window. */
export interface PaintProbe {
  claimsPaint: () => { ranges: number; unpainted: string[] };
  highlightStyled: (element: Element | null) => boolean;
}

/** Installs the paint probe (see installPaintProbe) and reads the claims' paint. */
export async function claimsPaint(page: Page): Promise<{ ranges: number; unpainted: string[] }> {
  await page.evaluate(installPaintProbe);
  return page.evaluate(() => (window as unknown as PaintProbe).claimsPaint());
}

/**
 * Runs in a page of the demo article set flush with the view's right edge: how far the page and the badges reach
 * past the view, and where the claim that ends its paragraph, "Some nurses insist … hospital admissions.", ends
 * against the view's edge, and its badge. Shared by the Chromium and the Firefox tests.
 */
export function flushRightMeasures() {
  const root = document.querySelector('factlens-overlay')!.shadowRoot!;
  const view = document.documentElement.clientWidth;
  const range = [...CSS.highlights.get('factlens-unverifiable')!][0] as Range;
  const badge = [...root.querySelectorAll('.badge')].find((element) =>
    element.getAttribute('aria-label')!.includes('Some nurses'),
  )!;
  return {
    pastTheView: document.documentElement.scrollWidth - view,
    badgesPastTheView: [...root.querySelectorAll('.badge')].filter(
      (element) => element.getBoundingClientRect().right > view + 0.5,
    ).length,
    lineEndToView: Math.round([...range.getClientRects()].at(-1)!.right - view),
    badgeEndToView: Math.round(badge.getBoundingClientRect().right - view),
    badgeShown: !badge.classList.contains('rough'),
  };
}

/**
 * Runs in a page with claims set in vertical lines: for each claim drawn, where its badge stands against where the
 * claim ends (its last character's box), and the badge's box. Shared by the article's and the textarea's tests.
 */
export function verticalStandings() {
  const ranges = ['supported', 'refuted', 'mixed', 'unverifiable'].flatMap((kind) => [
    ...(CSS.highlights.get(`factlens-${kind}`) ?? []),
    ...(CSS.highlights.get(`factlens-${kind}-on-dark`) ?? []),
  ]) as Range[];
  const root = document.querySelector('factlens-overlay')!.shadowRoot!;
  const badges = [...root.querySelectorAll<HTMLElement>('.badge')];
  return ranges.map((claim) => {
    const range = claim.cloneRange();
    range.setStart(range.endContainer, range.endOffset - 1);
    const last = range.getBoundingClientRect();
    const words = claim.toString().replace(/\s+/g, ' ').slice(0, 20);
    const box = badges.find((badge) => badge.getAttribute('aria-label')!.includes(words))!.getBoundingClientRect();
    return {
      words,
      belowTheEnd: Math.round(box.top - last.bottom),
      pastTheLineRight: Math.round(box.right - last.right),
      box: box.toJSON() as DOMRect,
    };
  });
}

/**
 * Each of the `count` badges of verticalStandings stands at its claim's foot (its top at the last character's foot,
 * within 1 px of rounding), 9 px of it past the line's right side (the side a vertical line's marks stand on), and
 * none over another.
 */
export function expectAtTheirFeet(standings: ReturnType<typeof verticalStandings>, count: number): void {
  expect(standings).toHaveLength(count);
  for (const { words, belowTheEnd, pastTheLineRight } of standings)
    expect({ words, belowTheEnd: Math.abs(belowTheEnd) <= 1, pastTheLineRight }).toEqual({
      words,
      belowTheEnd: true,
      pastTheLineRight: 9,
    });
  const overlapping = standings.filter(({ box }, index) =>
    standings.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        box.left < other.box.right &&
        other.box.left < box.right &&
        box.top < other.box.bottom &&
        other.box.top < box.bottom,
    ),
  );
  expect(overlapping).toEqual([]);
}

/**
 * Runs in the page: gives `element` (a draft) to a web component whose own modal `<dialog>` is in its shadow tree,
 * the element slotted in, as Material Web's md-dialog has it, and opens the dialog.
 */
export function showInWebComponentDialog(target: Element | string): void {
  const element = typeof target === 'string' ? document.querySelector(target)! : target;
  const host = document.createElement('compose-dialog');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<dialog style="width: 640px"><h2>Compose</h2><slot></slot></dialog>';
  host.append(element);
  document.body.append(host);
  root.querySelector('dialog')!.showModal();
}

/**
 * Runs in the demo article: folds its last paragraph (the far side's, 3 claims) into a <details> summed up as "About
 * the far side" (as FAQs are), and the one before it (the harsh place's, 3 claims) into an accordion's panel `#panel`,
 * hidden until found, whose script follows `beforematch` (as find-in-page opens such a panel): it marks the panel
 * `data-opened-by`. Both closed; or, `open`, both shown, for a test that closes them itself.
 */
export function foldIntoCollapsedSections(open: boolean): void {
  const paragraphs = document.querySelectorAll('article p');
  const details = document.createElement('details');
  details.open = open;
  details.append(Object.assign(document.createElement('summary'), { textContent: 'About the far side' }));
  details.append(paragraphs[4]!);
  const panel = document.createElement('div');
  panel.id = 'panel';
  if (!open) panel.setAttribute('hidden', 'until-found');
  panel.addEventListener('beforematch', () => panel.setAttribute('data-opened-by', 'beforematch'));
  panel.append(paragraphs[3]!);
  document.querySelector('article')!.append(details, panel);
}

/** Runs in the page folded by foldIntoCollapsedSections: whether its panel is hidden, and what opened it. */
export function panelState(): { hidden: boolean; openedBy: string | null } {
  const panel = document.getElementById('panel')!;
  return { hidden: panel.hasAttribute('hidden'), openedBy: panel.getAttribute('data-opened-by') };
}

/** A popover centred by a transform, 420 px from the view's top (see showFactsInPopover). */
export const CENTRED_POPOVER =
  'inset: auto; margin: 0; left: 50%; top: 420px; transform: translateX(-50%); width: 360px; background: #fff; border: 2px solid #333; padding: 0 20px';

/**
 * Runs in the demo article: shows its last paragraph (the far side's, 3 claims) in a manual popover `#facts` (a
 * "key facts" box, an annotation) styled with `style`.
 */
export function showFactsInPopover(style: string): void {
  const box = document.createElement('div');
  box.id = 'facts';
  box.popover = 'manual';
  box.style.cssText = style;
  box.append(document.querySelectorAll('article p')[4]!);
  document.body.append(box);
  box.showPopover();
}

/**
 * Runs in the page: whether what the page shows at the middle of `element` (a badge) is our overlay, and so not
 * under the page's top layer, nor made inert by a modal; looked for down through shadow trees, where the document's
 * own hit is a web component's host (the overlay stands in the component's dialog). With `cornersInset`, at each
 * corner of its box too, that far in (a card's: none of it clipped or covered).
 */
export function overlayShownAt(element: Element, cornersInset?: number): boolean {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  const points = [[(left + right) / 2, (top + bottom) / 2]];
  if (cornersInset !== undefined) {
    const [l, t, r, b] = [left + cornersInset, top + cornersInset, right - cornersInset, bottom - cornersInset];
    points.push([l, t], [r, t], [l, b], [r, b]);
  }
  return points.every(([x, y]) => {
    for (let hit = document.elementFromPoint(x!, y!); hit;) {
      if (hit.localName === 'factlens-overlay') return true;
      const inner = hit.shadowRoot?.elementFromPoint(x!, y!);
      hit = inner && inner !== hit ? inner : null;
    }
    return false;
  });
}

/**
 * Runs in an extension page or worker (Chromium's or Firefox's): the id of the newest tab at `pageUrl`, or -1. The
 * newest, as tab ids grow: a test may open the same page again.
 */
export async function newestTabAt(pageUrl: string): Promise<number> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  let newest = -1;
  for (const tab of await api.tabs.query({}))
    if (tab.url === pageUrl && tab.id !== undefined) newest = Math.max(newest, tab.id);
  return newest;
}
