/**
 * What the worker runs in a page's frames (utils/page/injected/) and what comes back: a snapshot of what a check needs,
 * and the outcome of writing a result into the selection.
 */

export interface PageSnapshot {
  url: string;
  title: string;
  /** The page's headline: its main h1, else og:title, else the document title. */
  headline: string;
  /** The readable main content, with paragraphs separated by blank lines; menus, footers and hidden text left out. */
  mainText: string;
  /** The selected text, from the page or from a text field. */
  selection: string;
  /** Whether the selection is inside an editable field (textarea, input, contenteditable). */
  selectionEditable: boolean;
  /** The text of the focused draft (textarea or contenteditable), when there is one and nothing is selected. */
  draft: string;
  /** Signs of a signed-in session: a sign-out control or a password field. */
  signedIn: boolean;
  /** Whether the page's focus is in this document (see isFocusedFrame), and whether it is on a frame in it. */
  focused?: boolean;
  focusInFrame?: boolean;
  /** Whether the focus is in a text field or an editor, whatever it holds. */
  editing?: boolean;
  /**
   * Whether canvases cover a good part of the view: an editor that draws its text itself (Google Docs does)
   * keeps none of it in the page, where it could be read (see drawnOnCanvas).
   */
  canvasView?: boolean;
  /**
   * The tab shows a PDF in the browser's viewer. Its text is out of reach: the document the extension can read
   * holds only the viewer's frame (Chromium), or cannot be read at all (Firefox's PDF.js, see readSnapshot).
   */
  pdf?: boolean;
  /**
   * Languages declared in the page: the document's (`lang`), and where the selection or the draft is (the nearest
   * `lang` around it; the document's if none).
   */
  lang?: string;
  selectionLang?: string;
  /**
   * Set by the background, not read from the page: the frame the selection or draft is in (0: the top frame),
   * and that frame's address, when it is another frame.
   */
  frameId?: number;
  frameUrl?: string;
  /**
   * A Google Doc's: whether its annotation layer is there (FactLens's flag was set before Docs started), and whether its
   * text is the whole document (Docs' export of it) or only the pages its layer holds now.
   */
  googleDoc?: { layer: boolean; whole: boolean };
}

/** What it writes over or at (see replaceSelectionInPage). */
export type WriteMode = 'selection' | 'before-caret' | 'at-caret';

export type ReplaceOutcome =
  /**
   * `written`: the text as written (a one-line field's has its line breaks as spaces). `undoHere`: it can be selected
   * back from the caret to be undone (see 'before-caret'): not text of several lines in an editor, whose paragraphs
   * its lines became.
   */
  | { ok: true; undoable: boolean; written: string; undoHere: boolean }
  | { ok: false; reason: 'no-editable-selection' | 'changed' | 'refused' | 'elsewhere' | 'too-long' };

/** The actions installed in a frame, called by the worker by name (see tab-access.ts). */
export interface PageActions {
  readPageSnapshot: (maxChars: number) => Promise<PageSnapshot>;
  replaceSelectionInPage: (original: string, replacement: string, mode?: WriteMode) => Promise<ReplaceOutcome>;
}
export type PageActionName = keyof PageActions;
