/** What every rich-editor test page (rich-editors.ts, draft-js-editor.ts) mounts its editor with. */

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
