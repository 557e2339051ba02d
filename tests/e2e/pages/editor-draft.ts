/**
 * What every rich-editor test page (editors/*.ts, draft-js-editor.ts) mounts its editor with. The drafts are in the
 * editor frameworks most web editors are built on: ProseMirror (Tiptap, Remirror, Atlassian's editors, Substack's),
 * Lexical (Meta's), Slate (with React), Quill, CKEditor 5 (Drupal's, and many CMSs'), Trix (Basecamp's, and Rails'
 * Action Text), CodeMirror 6 (Overleaf's, and many Markdown editors') and Draft.js. Each keeps the text in its own model,
 * re-renders the DOM from it (Trix a whole paragraph for each keystroke), and has its own undo history (Ctrl+Z is its
 * key binding, not the browser's); each learns of an edit its own way (ProseMirror and CodeMirror read the DOM's
 * changes; Lexical, Slate, Quill, CKEditor and Trix take `beforeinput` events, and put back other changes to the text
 * they hold). A test bundles one editor's page with esbuild (a page of its own each: all of them in one bundle made
 * every page 2.3 MB of script); `window.editorText()` reads the editor's model (paragraphs joined by "\n"), so the test
 * can tell whether the editor saw an edit, not only the DOM.
 */

/** The draft: three paragraphs, the refuted claim's last words in bold (so it spans two of the editor's text nodes). */
export const PARAGRAPHS: (string | { bold: string })[][] = [
  ['This month we look up. The Moon is about 384,400 kilometres from Earth on average.'],
  ['The far side of the Moon ', { bold: 'never receives sunlight' }, ', which is why it is so cold.'],
  ['Twelve astronauts walked on the Moon between 1969 and 1972.'],
];

/** Where the editor goes (see richEditorPage in the fixtures). */
export const host = document.getElementById('editor')!;
/** `window.editorText()` reads the editor's model (paragraphs joined by "\n"): did the editor see an edit? */
export const page = window as unknown as { editorText: () => string };
export const LABELS = { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': 'editor-label' };

/** The draft as HTML paragraphs, for the editors that read their first text from the DOM. */
export function draftParagraphs(): HTMLParagraphElement[] {
  return PARAGRAPHS.map((parts) => {
    const paragraph = document.createElement('p');
    for (const part of parts)
      paragraph.append(
        typeof part === 'string' ? part : Object.assign(document.createElement('strong'), { textContent: part.bold }),
      );
    return paragraph;
  });
}
