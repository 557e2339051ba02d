/**
 * Reads what a check needs from a page. `readPageSnapshot` runs in the page, in the extension's isolated world: the
 * worker injects entrypoints/page-actions.ts, which holds it, and calls it there (see tab-access.ts).
 */
import { DOCS_EDITOR, fetchWholeText, isGoogleDoc, layerText, readRuns } from '../docs/docs-layer';
import { deepActiveElement, shadowRootOf } from '../anchor/shadow-roots';
import { draftSurface } from '../draft-surface';
import type { PageSnapshot } from '../../contract/page-actions';
import { slicedPause, type Pause } from './sliced-pause';

/**
 * Runs in the page (see the module comment). The work is done in slices of a few milliseconds, with the page's own
 * tasks let run between them: reading a large page whole in one task held its main thread long enough to be felt as a
 * freeze (bench/page-tasks.ts measures it). executeScript waits for the promise.
 */
export async function readPageSnapshot(maxChars: number): Promise<PageSnapshot> {
  if (isGoogleDoc(location.href)) return readGoogleDoc(maxChars);
  const pause = slicedPause();
  // What the user pointed at is read first, before the first pause lets the page's own scripts run and change it.
  const selection = selectionInfo();
  const focused = isFocusedFrame();
  const canvas = canvasView();
  // No main text wanted (a frame read for its focus and selection alone, see withFocusedFrame): no need to find it.
  const root = maxChars > 0 ? await mainRoot(pause) : (document.body ?? document.documentElement);
  const h1 = [...root.querySelectorAll('h1'), ...document.querySelectorAll('h1')].find(visible) ?? null;
  const ogTitle = document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '';
  return {
    url: location.href,
    title: document.title,
    headline: (textOf(h1) || ogTitle.trim() || document.title.trim()).slice(0, 300),
    mainText: maxChars > 0 ? await readable(root, maxChars, pause) : '',
    selection: selection.text,
    selectionEditable: selection.editable,
    draft: selection.draft,
    signedIn: await signedIn(pause),
    focused,
    focusInFrame: selection.inFrame,
    editing: selection.editing,
    canvasView: canvas,
    pdf: document.contentType === 'application/pdf',
    lang: document.documentElement.lang.trim(),
    selectionLang: selection.lang,
  };
}

// rt and rp: a ruby's reading (furigana) and its fallback brackets, set above the text, not in its sentence.
const SKIP =
  'script,style,noscript,template,nav,footer,aside,form,button,select,svg,canvas,iframe,object,dialog,rt,rp,' +
  '[hidden],[aria-hidden="true"],[role="navigation"],[role="banner"],[role="contentinfo"],' +
  '[role="complementary"],[role="search"],[role="dialog"],[role="menu"],[data-factlens-ui]';
const BLOCK = new Set([
  'P', 'DIV', 'LI', 'UL', 'OL', 'DL', 'DT', 'DD', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'SECTION', 'ARTICLE',
  'MAIN', 'BLOCKQUOTE', 'PRE', 'TABLE', 'TR', 'FIGURE', 'FIGCAPTION', 'HEADER', 'ADDRESS', 'HR',
]); // prettier-ignore

/**
 * How many nodes a loop reads between two looks at the slice's time: each look is a turn of the microtask queue, but
 * 128 nodes (the page's first read runs cold, before its code is compiled) overran an 8 ms slice three times over.
 */
const PAUSE_EVERY = 32;

const textOf = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const visible = (element: Element) =>
  typeof element.checkVisibility === 'function'
    ? element.checkVisibility({ visibilityProperty: true })
    : getComputedStyle(element).display !== 'none';
// `display: contents` (a slot, a framework's wrapper) has no box, so checkVisibility calls it hidden; what it
// holds decides for itself.
const isContents = (element: Element) => {
  const style = getComputedStyle(element);
  return style.display === 'contents' && style.visibility === 'visible';
};
// Web components render their text from a shadow root, which childNodes never enters: the walk follows the
// rendered (flat) tree instead. Closed roots too, where the browser shows them to extensions (see shadowRootOf).
const renderedChildren = (element: Element): ArrayLike<Node> => {
  const shadow = shadowRootOf(element);
  if (shadow) return shadow.childNodes;
  // A slot shows what is assigned to it, or else its own children (its fallback).
  const assigned = element.localName === 'slot' ? (element as HTMLSlotElement).assignedNodes() : [];
  return assigned.length ? assigned : element.childNodes;
};

/** The element that holds the main content: the largest article or main, else the parent of the most paragraph text. */
async function mainRoot(pause: Pause): Promise<Element> {
  let landmark: Element | null = null;
  let landmarkLength = -1;
  for (const element of document.querySelectorAll('article, main, [role="main"]')) {
    await pause();
    if (!visible(element)) continue;
    const length = textOf(element).length;
    if (length > landmarkLength) [landmark, landmarkLength] = [element, length];
  }
  if (landmark && landmarkLength > 200) return landmark;
  const scores = new Map<Element, number>();
  for (const paragraph of document.querySelectorAll('p')) {
    await pause();
    const parent = paragraph.parentElement;
    if (parent) scores.set(parent, (scores.get(parent) ?? 0) + textOf(paragraph).length);
  }
  // A frameset, or an SVG or XML document, has no body.
  let best: Element = landmark ?? document.body ?? document.documentElement;
  let bestScore = 200;
  for (const [element, score] of scores) if (score > bestScore) [best, bestScore] = [element, score];
  return best;
}

async function readable(root: Element, maxChars: number, pause: Pause): Promise<string> {
  const parts: string[] = [];
  let length = 0;
  // Depth first, in the rendered order: a node is read when it comes off the stack; a string on it is the line
  // break that closes a block, written after the block's children.
  const stack: (Node | string)[] = [root];
  let read = 0;
  while (stack.length && length <= maxChars) {
    if (++read % PAUSE_EVERY === 0) await pause();
    const node = stack.pop()!;
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    if (node.nodeType === Node.TEXT_NODE) {
      // Line breaks in the HTML source are spaces; only blocks and <br> break lines.
      const text = (node.nodeValue ?? '').replace(/\s+/g, ' ');
      parts.push(text);
      length += text.length;
      continue;
    }
    if (!(node instanceof Element) || node.matches(SKIP) || !(visible(node) || isContents(node))) continue;
    if (node.tagName === 'BR') parts.push('\n');
    if (BLOCK.has(node.tagName)) {
      parts.push('\n\n');
      stack.push('\n\n');
    }
    const children = renderedChildren(node);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return parts
    .join('')
    .replace(/[\u00ad\u200b-\u200d\ufeff]/g, '')
    .replace(/ +/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The language declared around an element: the nearest `lang` (in its own tree), else the document's. */
function langAround(element: Element | null): string {
  return (element?.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang).trim();
}

function selectionInfo(): {
  text: string;
  editable: boolean;
  draft: string;
  inFrame: boolean;
  editing: boolean;
  lang: string;
} {
  // The focused element inside web components too (the document's activeElement is the outermost host).
  const active = deepActiveElement();
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    const { selectionStart: start, selectionEnd: end } = active;
    // A password (or any field whose text is not for reading) is never read, even selected: it would go to the
    // service on a check of the selection, and be shown in the popup.
    const readable =
      active instanceof HTMLTextAreaElement || ['text', 'search', 'url', 'tel', ''].includes(active.type);
    const text = readable && start !== null && end !== null && end > start ? active.value.slice(start, end) : '';
    const isDraft = active instanceof HTMLTextAreaElement || ['text', 'search', ''].includes(active.type);
    return {
      text,
      editable: !active.readOnly && !active.disabled,
      draft: !text && isDraft ? active.value : '',
      inFrame: false,
      editing: isDraft && !active.readOnly && !active.disabled,
      lang: langAround(active),
    };
  }
  const selection = window.getSelection();
  const text = selection?.toString() ?? '';
  const anchor = selection?.anchorNode ?? null;
  const anchorElement = anchor instanceof HTMLElement ? anchor : (anchor?.parentElement ?? null);
  const editable = Boolean(anchorElement?.isContentEditable);
  const draftHost = active instanceof HTMLElement && active.isContentEditable ? draftSurface(active) : null;
  const inFrame = active?.localName === 'iframe' || active?.localName === 'frame';
  return {
    text,
    editable,
    draft: !text && draftHost ? draftHost.innerText : '',
    inFrame,
    editing: !!draftHost,
    lang: langAround(text ? anchorElement : draftHost),
  };
}

/** Whether the canvases in this document that show cover 30 % of the view or more. */
function canvasView(): boolean {
  const { innerWidth: width, innerHeight: height } = window;
  let covered = 0;
  for (const canvas of document.querySelectorAll('canvas')) {
    const box = canvas.getBoundingClientRect();
    const across = Math.min(box.right, width) - Math.max(box.left, 0);
    const down = Math.min(box.bottom, height) - Math.max(box.top, 0);
    if (across > 0 && down > 0 && visible(canvas)) covered += across * down;
  }
  return covered >= 0.3 * width * height;
}

/**
 * Whether the page's focus is in this frame: the document has it, or else each frame up to the top is its
 * parent's focused element (while the toolbar's popup is open, the page has lost the focus itself, and
 * hasFocus() says false everywhere; the active elements stay). A frame of another site cannot tell.
 */
function isFocusedFrame(): boolean {
  if (document.hasFocus()) return true;
  try {
    for (let current: Window = window; current !== current.parent; current = current.parent) {
      const element = current.frameElement;
      if (!element || (element.getRootNode() as Document | ShadowRoot).activeElement !== element) return false;
    }
    return true;
  } catch {
    return false;
  }
}

async function signedIn(pause: Pause): Promise<boolean> {
  const password = document.querySelector('input[type="password"]');
  if (password && visible(password)) return true;
  const controls = document.querySelectorAll('a, button, [role="button"], [role="menuitem"]');
  for (let index = 0; index < controls.length && index < 3000; index++) {
    if (index % PAUSE_EVERY === 0) await pause();
    const control = controls[index];
    const label = `${control?.textContent ?? ''} ${control?.getAttribute('aria-label') ?? ''}`;
    if (/\b(log|sign)\s*-?\s*(out|off)\b/i.test(label)) return true;
  }
  return false;
}

/**
 * A Google Doc: its text is painted on canvases, and its layer (see docs-layer.ts) holds only the pages near the view;
 * Docs' own export of the open document holds all of it, read with the page's own session (the same origin). Without
 * the export (a document whose owner turned downloads off), the layer's pages are read, and the popup says so.
 */
async function readGoogleDoc(maxChars: number): Promise<PageSnapshot> {
  const editor = document.querySelector(DOCS_EDITOR);
  const layerRuns = editor ? readRuns(editor) : [];
  const exported = maxChars > 0 ? await fetchWholeText(location.href) : null;
  const whole = exported !== null;
  const text = exported ?? layerText(layerRuns).text;
  const title = document.title.replace(/ - Google Docs$/, '');
  return {
    url: location.href,
    title,
    headline: title.slice(0, 300),
    mainText: text.slice(0, maxChars),
    selection: '',
    selectionEditable: false,
    draft: '',
    signedIn: false,
    focused: isFocusedFrame(),
    focusInFrame: false,
    editing: false,
    canvasView: true,
    pdf: false,
    lang: document.documentElement.lang.trim(),
    selectionLang: '',
    googleDoc: { layer: layerRuns.length > 0, whole },
  };
}
