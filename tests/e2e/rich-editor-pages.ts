/** The rich editors' test pages (tests/e2e/pages), bundled by esbuild once per run, and how to read and check their drafts. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';

/** Where a run's bundles are kept, for every worker (emptied as a run starts: see global-setup.ts). */
export const BUNDLES_DIR = path.resolve('.cache/e2e-pages');
const bundles = new Map<string, string>();

/**
 * What some scripts of tests/e2e/pages need bundled differently. Draft.js: React 18 (as the react-18 and
 * react-dom-18 packages) in place of the project's React 19, since it calls `findDOMNode`, which React 19 removed;
 * and Node's `global`, which it reads.
 */
const BUNDLE_OPTIONS: Record<string, string[]> = {
  'draft-js-editor.ts': ['--alias:react=react-18', '--alias:react-dom=react-dom-18', '--define:global=globalThis'],
};

/** A page whose body is `body`, running a script of tests/e2e/pages (see bundledScript). */
export const bundledPage = (script: string, body: string): string =>
  `<!doctype html><html lang="en"><title>Draft</title>${body.replace('</body>', () => `<script>${bundledScript(script)}</script></body>`)}</html>`;

/**
 * A script of tests/e2e/pages, bundled by esbuild once per run (a bundle takes up to a second) and kept in BUNDLES_DIR
 * for the other workers, and in memory for this one.
 */
function bundledScript(script: string): string {
  let bundle = bundles.get(script);
  if (bundle !== undefined) return bundle;
  const file = path.join(BUNDLES_DIR, `${script.replaceAll('/', '-')}.js`);
  if (existsSync(file)) bundle = readFileSync(file, 'utf8');
  else {
    bundle = execFileSync(
      path.resolve('node_modules/.bin/esbuild'),
      [
        `tests/e2e/pages/${script}`,
        '--bundle',
        '--minify',
        '--format=iife',
        '--define:process.env.NODE_ENV="production"',
        ...(BUNDLE_OPTIONS[script] ?? []),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    // Written whole under another name first: the other worker may read it meanwhile.
    mkdirSync(BUNDLES_DIR, { recursive: true });
    writeFileSync(`${file}.${process.pid}`, bundle);
    renameSync(`${file}.${process.pid}`, file);
  }
  bundles.set(script, bundle);
  return bundle;
}

/** The editors of tests/e2e/pages/editors/ and draft-js-editor.ts, by the names the tests give them (ProseMirror is Tiptap’s engine). */
export const RICH_EDITORS = {
  prosemirror: 'ProseMirror',
  lexical: 'Lexical',
  slate: 'Slate (with React)',
  quill: 'Quill',
  ckeditor: 'CKEditor 5',
  trix: 'Trix',
  codemirror: 'CodeMirror 6',
  draftjs: 'Draft.js (with React 18)',
} as const;
export type RichEditor = keyof typeof RICH_EDITORS;
/**
 * How long each editor's undo history joins edits into one step, as the test pages set it up: ProseMirror's and
 * CodeMirror's `newGroupDelay` (their default, 500 ms), Lexical's `registerHistory` delay (300 ms, editors/lexical.ts),
 * Quill's history `delay` (its default, 1,000 ms). Slate's, CKEditor 5's, Trix's and Draft.js's histories join edits by
 * their kind and place, never by time: 0.
 */
export const HISTORY_JOINS_WITHIN_MS: Record<RichEditor, number> = {
  prosemirror: 500,
  lexical: 300,
  slate: 0,
  quill: 1000,
  ckeditor: 0,
  trix: 0,
  codemirror: 500,
  draftjs: 0,
};
/** Each editor and its name, for a test per editor. */
export const richEditors = Object.entries(RICH_EDITORS) as [RichEditor, string][];

/** The script of tests/e2e/pages that mounts the editor: Draft.js has one of its own, bundled with React 18. */
export const richEditorScript = (editor: RichEditor) =>
  editor === 'draftjs' ? 'draft-js-editor.ts' : `editors/${editor}.ts`;

/** The selector of the editor's paragraphs, within its text box: Draft.js and Trix render theirs as divs. */
export const richEditorParagraphs = (editor: RichEditor) =>
  editor === 'draftjs'
    ? '[data-block]'
    : editor === 'trix'
      ? ':scope > div'
      : editor === 'codemirror'
        ? '.cm-line'
        : 'p';

/** The body of the page of an editor's script (see richEditorScript). */
export const richEditorPage = () => '<body><h1 id="editor-label">Newsletter draft</h1><div id="editor"></div></body>';

/** A reader of the draft as the editor's own model holds it: `window.editorText()` of the pages in tests/e2e/pages. */
export const editorTextOf = (page: Page) => () =>
  page.evaluate(() => (window as unknown as { editorText: () => string | Promise<string> }).editorText());
