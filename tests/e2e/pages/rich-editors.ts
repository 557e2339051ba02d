/**
 * Drafts in the two editor frameworks most web editors are built on: ProseMirror (Tiptap, Remirror, Atlassian's
 * editors, Substack's) and Lexical (Meta's). Each keeps the text in its own model, re-renders the DOM from it,
 * and has its own undo history (Ctrl+Z is its key binding, not the browser's). The test bundles this with
 * esbuild; `<body data-editor="prosemirror">` or `"lexical"` picks the editor. `window.editorText()` reads the
 * editor's model (paragraphs joined by "\n"), so the test can tell whether the editor saw an edit, not only the DOM.
 */
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerRichText } from '@lexical/rich-text';
import { baseKeymap } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { DOMParser as ProseMirrorParser } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';

/** The draft: three paragraphs, the refuted claim's last words in bold (so it spans two of the editor's text nodes). */
const PARAGRAPHS: (string | { bold: string })[][] = [
  ['This month we look up. The Moon is about 384,400 kilometres from Earth on average.'],
  ['The far side of the Moon ', { bold: 'never receives sunlight' }, ', which is why it is so cold.'],
  ['Twelve astronauts walked on the Moon between 1969 and 1972.'],
];

const host = document.getElementById('editor')!;
const page = window as unknown as { editorText: () => string };

function mountProseMirror(): void {
  const template = document.createElement('div');
  for (const parts of PARAGRAPHS) {
    const paragraph = document.createElement('p');
    for (const part of parts)
      paragraph.append(
        typeof part === 'string' ? part : Object.assign(document.createElement('strong'), { textContent: part.bold }),
      );
    template.append(paragraph);
  }
  const view = new EditorView(host, {
    state: EditorState.create({
      doc: ProseMirrorParser.fromSchema(schema).parse(template),
      plugins: [history(), keymap({ 'Mod-z': undo, 'Mod-y': redo, 'Shift-Mod-z': redo }), keymap(baseKeymap)],
    }),
    attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': 'editor-label' },
  });
  page.editorText = () => view.state.doc.textBetween(0, view.state.doc.content.size, '\n');
}

function mountLexical(): void {
  const editor = createEditor({
    namespace: 'draft',
    onError: (error) => {
      throw error;
    },
  });
  host.contentEditable = 'true';
  host.setAttribute('role', 'textbox');
  host.setAttribute('aria-multiline', 'true');
  host.setAttribute('aria-labelledby', 'editor-label');
  editor.setRootElement(host);
  registerRichText(editor);
  // The draft as it was loaded: not an edit the user can undo.
  editor.update(
    () => {
      const root = $getRoot();
      for (const parts of PARAGRAPHS) {
        const paragraph = $createParagraphNode();
        for (const part of parts)
          paragraph.append(
            typeof part === 'string' ? $createTextNode(part) : $createTextNode(part.bold).toggleFormat('bold'),
          );
        root.append(paragraph);
      }
    },
    { discrete: true },
  );
  registerHistory(editor, createEmptyHistoryState(), 300);
  page.editorText = () =>
    editor
      .getEditorState()
      .read(() => $getRoot().getTextContent())
      .replace(/\n+/g, '\n');
}

if (document.body.dataset.editor === 'lexical') mountLexical();
else mountProseMirror();
