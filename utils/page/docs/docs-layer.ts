/**
 * A Google Doc's text as its annotation layer shows it: the `rect[aria-label]` runs Docs lays over its canvas tiles
 * once FactLens's flag is set (docs/google-docs.md), put back into lines and paragraphs by their positions, with the
 * spaces Docs' labels lose around punctuation put back where the runs' gaps say there was one.
 */

/** The editor's scroll container, and the runs of the layer. */
export const DOCS_EDITOR = '.kix-appview-editor';
export const DOCS_RUN = 'rect[aria-label]';

/** A run of the layer: its label, its box in client coordinates, its font (CSS), and the paragraph it is in. */
export interface LayerRun {
  label: string;
  left: number;
  top: number;
  width: number;
  height: number;
  font: string;
  /** The paragraph's element (Docs groups a paragraph's runs): a new one starts a new paragraph. */
  paragraph: unknown;
  /** The layer's element for the run, when read from a page. */
  element?: Element;
}

/** A run placed in the layer's text: `text` is its label and what follows it (a space, a line's end). */
export interface PlacedRun extends LayerRun {
  start: number;
  text: string;
}

export interface LayerText {
  text: string;
  runs: PlacedRun[];
}

/** Less than this much overlap of their heights, and two runs are on different lines. */
const LINE_OVERLAP = 0.5;
/** A gap between two runs this wide (a share of the line's height), or wider, is a space. */
const SPACE_GAP = 0.15;
/** Punctuation that takes no space before it, and that takes none after it. */
const TIGHT_BEFORE = /^[,.;:!?%)\]}”’»…]/u;
const TIGHT_AFTER = /[([{“‘«/]$/u;

const sameLine = (a: LayerRun, b: LayerRun) => {
  const overlap = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return overlap >= Math.min(a.height, b.height) * LINE_OVERLAP;
};

/**
 * The text of runs in reading order (the layer's order): a space between two runs of a line where their gap shows one
 * (punctuation aside), a space at a wrapped line's end, a line break at a paragraph's end.
 */
export function layerText(runs: readonly LayerRun[]): LayerText {
  const placed: PlacedRun[] = [];
  let text = '';
  runs.forEach((run, index) => {
    const next = runs[index + 1];
    // The layer's last run has nothing after it.
    let after = '';
    if (next && next.paragraph !== run.paragraph) after = '\n';
    else if (next && !sameLine(run, next)) after = run.label.endsWith(' ') ? '' : ' ';
    else if (next) {
      const gap = next.left - (run.left + run.width);
      const spaced = gap >= Math.min(run.height, next.height) * SPACE_GAP;
      const tight = TIGHT_BEFORE.test(next.label) || TIGHT_AFTER.test(run.label);
      after = spaced && !tight && !run.label.endsWith(' ') && !next.label.startsWith(' ') ? ' ' : '';
    }
    placed.push({ ...run, start: text.length, text: run.label + after });
    text += run.label + after;
  });
  return { text, runs: placed };
}

/** The runs of a layer, in its order, each with its box now (in client coordinates). */
export function readRuns(root: ParentNode): LayerRun[] {
  const runs: LayerRun[] = [];
  for (const rect of root.querySelectorAll(DOCS_RUN)) {
    const label = rect.getAttribute('aria-label') ?? '';
    if (!label) continue;
    const box = rect.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) continue;
    runs.push({
      label,
      left: box.left,
      top: box.top,
      width: box.width,
      height: box.height,
      font: rect.getAttribute('data-font-css') ?? '',
      paragraph: rect.parentNode,
      element: rect,
    });
  }
  return runs;
}

/** Whether this page is a Google Docs document's editor. */
export function isGoogleDoc(url: string): boolean {
  try {
    const { hostname, pathname, protocol } = new URL(url);
    return protocol === 'https:' && hostname === 'docs.google.com' && /^\/document\/d\/[\w-]+/.test(pathname);
  } catch {
    return false;
  }
}

/** The plain-text export of the open document, which holds all of it (the layer holds only the pages near the view). */
export function exportUrlOf(url: string): string | null {
  const match = /^(\/document\/d\/[\w-]+)/.exec(new URL(url).pathname);
  return match ? `${new URL(url).origin}${match[1]}/export?format=txt` : null;
}

/**
 * The open document's whole text, by Docs' own export read with the page's session (the same origin), or null when the
 * export is refused (a document whose owner turned downloads off) or cannot be reached.
 */
export async function fetchWholeText(url: string): Promise<string | null> {
  const exportUrl = exportUrlOf(url);
  if (!exportUrl) return null;
  try {
    // Firefox's content scripts fetch as the extension; `content.fetch` fetches as the page, with its session.
    const pageFetch = (globalThis as { content?: { fetch?: typeof fetch } }).content?.fetch ?? fetch;
    const response = await pageFetch(exportUrl, { credentials: 'include' });
    if (!response.ok) return null;
    return (await response.text()).replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  } catch {
    return null;
  }
}
