/** The draft in ProseMirror (Tiptap’s engine, and Remirror’s, Atlassian’s and Substack’s editors’): see editor-draft.ts. */
import { baseKeymap } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { DOMParser as ProseMirrorParser } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { draftParagraphs, host, LABELS, page } from '../editor-draft';

function mountProseMirror(): void {
  const template = document.createElement('div');
  template.append(...draftParagraphs());
  const view = new EditorView(host, {
    state: EditorState.create({
      doc: ProseMirrorParser.fromSchema(schema).parse(template),
      plugins: [history(), keymap({ 'Mod-z': undo, 'Mod-y': redo, 'Shift-Mod-z': redo }), keymap(baseKeymap)],
    }),
    attributes: LABELS,
  });
  page.editorText = () => view.state.doc.textBetween(0, view.state.doc.content.size, '\n');
}

mountProseMirror();
