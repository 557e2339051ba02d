/** The in-page UI's styles: the highlight colours (page and shadow root), and the overlay's own CSS. */

/** One highlight per verdict kind; "checking" while a verdict is pending, "stale" once the text changed. */
export const HIGHLIGHT_KINDS = [
  'supported',
  'refuted',
  'mixed',
  'unverifiable',
  'checking',
  'stale',
  'active',
] as const;
export type HighlightKind = (typeof HIGHLIGHT_KINDS)[number];

/**
 * The name of a kind's highlight in the page's registry; `onDark`: its twin for claims whose text stands on a dark
 * ground (see dark-ground.ts), painted in lighter colours.
 */
export const highlightName = (kind: HighlightKind, onDark = false) => `factlens-${kind}${onDark ? '-on-dark' : ''}`;

/**
 * Each highlight's look, by its name in the page's registry. Colour is never the only sign: each claim also gets a
 * badge with an icon and a label. On a dark ground (see dark-ground.ts), the underlines are lighter tones of the same hues:
 * 4.5:1 or more against a #333 page, where the light ground's stand at 1.7-2.7:1 (2.5-3.9:1 against #121212); and the
 * tints are stronger, as a faint one does not show there.
 */
const HIGHLIGHT_LOOKS: [name: string, declarations: string][] = [
  [highlightName('refuted'), 'background-color: rgba(220, 38, 38, 0.22); text-decoration: underline wavy rgb(185, 28, 28); text-decoration-thickness: 2px;'],
  [highlightName('mixed'), 'background-color: rgba(217, 119, 6, 0.22); text-decoration: underline dashed rgb(180, 83, 9); text-decoration-thickness: 2px;'],
  [highlightName('unverifiable'), 'background-color: rgba(100, 116, 139, 0.2); text-decoration: underline dotted rgb(71, 85, 105); text-decoration-thickness: 2px;'],
  [highlightName('supported'), 'background-color: rgba(22, 163, 74, 0.16); text-decoration: underline solid rgb(21, 128, 61);'],
  [highlightName('checking'), 'background-color: rgba(37, 99, 235, 0.12); text-decoration: underline dotted rgb(37, 99, 235);'],
  [highlightName('stale'), 'background-color: rgba(100, 116, 139, 0.12); text-decoration: line-through rgb(100, 116, 139);'],
  [highlightName('active'), 'background-color: rgba(250, 204, 21, 0.45);'],
  [highlightName('refuted', true), 'background-color: rgba(248, 113, 113, 0.3); text-decoration: underline wavy rgb(248, 113, 113); text-decoration-thickness: 2px;'],
  [highlightName('mixed', true), 'background-color: rgba(251, 191, 36, 0.26); text-decoration: underline dashed rgb(251, 191, 36); text-decoration-thickness: 2px;'],
  [highlightName('unverifiable', true), 'background-color: rgba(148, 163, 184, 0.26); text-decoration: underline dotted rgb(148, 163, 184); text-decoration-thickness: 2px;'],
  [highlightName('supported', true), 'background-color: rgba(74, 222, 128, 0.22); text-decoration: underline solid rgb(74, 222, 128);'],
  [highlightName('checking', true), 'background-color: rgba(96, 165, 250, 0.22); text-decoration: underline dotted rgb(96, 165, 250);'],
  [highlightName('stale', true), 'background-color: rgba(148, 163, 184, 0.16); text-decoration: line-through rgb(148, 163, 184);'],
  [highlightName('active', true), 'background-color: rgba(250, 204, 21, 0.4);'],
]; // prettier-ignore

/**
 * `::highlight()` rules, each for the elements `selectorsOf` gives for its highlight (none: no rule; `''`: every
 * element). Not printed: the badges are not (their places are the screen's), and a printed page is the page as it is.
 */
export function highlightCss(selectorsOf: (name: string) => readonly string[] | undefined): string {
  const rules = HIGHLIGHT_LOOKS.flatMap(([name, declarations]) => {
    const selectors = selectorsOf(name);
    if (!selectors?.length) return [];
    return [`  ${selectors.map((selector) => `${selector}::highlight(${name})`).join(', ')} { ${declarations} }`];
  });
  return rules.length ? `@media not print {\n${rules.join('\n')}\n}\n` : '';
}

/**
 * The rules for every element: in the overlay's shadow root (the text fields' mirrors), and in the page's sheet of a
 * small page or in Firefox (see highlight-scope.ts).
 */
export const HIGHLIGHT_CSS = highlightCss(() => ['']);

/**
 * The page's document's sheet, besides the highlights' rules (see highlight-scope.ts): no `::backdrop` for our host,
 * which has one while it is a popover above the page's (see Overlay.moveInto): a page that dims or blurs what is under
 * its popovers (`[popover]::backdrop`) would otherwise dim the page's own popover under ours.
 */
export const PAGE_CSS = `factlens-overlay::backdrop { display: none !important; background: none !important; backdrop-filter: none !important; }
`;

/**
 * The overlay's CSS (no comments in it: they would be shipped in every page). A badge `.rough` is far from the
 * view (or scrolled out of its pane), placed only roughly until scrolling brings its claim near: unseen, and
 * never in the way of the page's own clicks. The layers of badges, boxes and mirrors are laid out apart from the
 * page (`contain: layout`), so that what stands past the page's edge (a badge at a claim that ends at the view's
 * right edge, or one placed roughly at a full-width element's corner) never makes the page scroll sideways; the
 * cards' layer is not, as the results list is fixed to the view, and a card is placed within the view. The cards' and
 * the writing indicator's rules come with them, in the content script's second part (see card-styles.ts).
 *
 * On a touch screen (a phone, where Firefox for Android runs the extension) a badge takes taps on a circle larger than
 * itself, its look unchanged: a badge is smaller than a finger needs (WCAG 2.5.8), and must not grow over its text.
 */
export const OVERLAY_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.layer { position: absolute; top: 0; left: 0; width: 0; height: 0; }
.probe { width: 100px; height: 100px; visibility: hidden; }
.announcer { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); margin: 0; }
.mirrors, .boxes, .badges { contain: size layout; }
.badge {
  position: absolute; pointer-events: auto; display: inline-flex; align-items: center; justify-content: center;
  min-width: 17px; height: 17px; padding: 0 3px; margin: 0; border-radius: 9px; border: 1.5px solid #fff;
  font: 700 10px/1 system-ui, sans-serif; color: #fff; cursor: pointer; box-shadow: 0 1px 3px rgba(0,0,0,.35);
}
.badge:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
@media (pointer: coarse) { .badge::after { content: ''; position: absolute; inset: -5px; border-radius: 50%; } }
.badge[hidden] { display: none; }
.layer[hidden] { display: none !important; }
.badge.rough { opacity: 0; pointer-events: none; }
.badge.rtl { translate: -100% 0; }
.badge.earlier::before {
  content: ''; position: absolute; top: -4px; right: -4px; width: 6px; height: 6px;
  border-radius: 50%; background: #7c3aed; border: 1.5px solid #fff;
}
.badge.refuted { background: #b91c1c; }
.badge.mixed { background: #b45309; }
.badge.unverifiable { background: #475569; }
.badge.supported { background: #15803d; }
.badge.checking { background: #1d4ed8; }
.badge.stale { background: #64748b; text-decoration: line-through; }
.box { position: absolute; pointer-events: none; }
.box.refuted { background: rgba(220, 38, 38, .22); border-bottom: 2px solid #b91c1c; }
.box.mixed { background: rgba(217, 119, 6, .22); border-bottom: 2px dashed #b45309; }
.box.unverifiable { background: rgba(100, 116, 139, .2); border-bottom: 2px dotted #475569; }
.box.supported { background: rgba(22, 163, 74, .16); border-bottom: 1px solid #15803d; }
.box.checking { background: rgba(37, 99, 235, .12); }
.box.stale { background: rgba(100, 116, 139, .12); }
.box.dark.refuted { background: rgba(248, 113, 113, .3); border-bottom-color: #f87171; }
.box.dark.mixed { background: rgba(251, 191, 36, .26); border-bottom-color: #fbbf24; }
.box.dark.unverifiable { background: rgba(148, 163, 184, .26); border-bottom-color: #94a3b8; }
.box.dark.supported { background: rgba(74, 222, 128, .22); border-bottom-color: #4ade80; }
.box.dark.checking { background: rgba(96, 165, 250, .22); }
.box.dark.stale { background: rgba(148, 163, 184, .16); }
.mirror { position: absolute; pointer-events: none; overflow: hidden; color: transparent !important; background: transparent !important;
  white-space: pre-wrap; overflow-wrap: break-word; border-color: transparent !important; }
.mirror.line { display: flex; flex-direction: column; justify-content: center; }
.mirror.docs { white-space: pre; }
.docs-sheet { position: absolute; }
.docs-sheet > span { position: absolute; white-space: pre; }
@media print { .layer { display: none; } }
${HIGHLIGHT_CSS}
`;
