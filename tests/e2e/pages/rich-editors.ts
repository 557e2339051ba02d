/**
 * Drafts in the editor frameworks most web editors are built on: ProseMirror (Tiptap, Remirror, Atlassian's
 * editors, Substack's), Lexical (Meta's), Slate (with React), Quill, CKEditor 5 (Drupal's, and many CMSs'), Trix
 * (Basecamp's, and Rails' Action Text) and CodeMirror 6 (Overleaf's, and many Markdown editors'). Each keeps the text in its own model, re-renders the DOM from it (Trix a
 * whole paragraph for each keystroke), and has its own undo history (Ctrl+Z is its key binding, not the
 * browser's); each learns of an edit its own way (ProseMirror and CodeMirror read the DOM's changes; Lexical, Slate, Quill,
 * CKEditor and Trix take `beforeinput` events, and put back other changes to the text they hold). The test bundles
 * this with esbuild; `<body data-editor="prosemirror">` (or `lexical`, `slate`, `quill`, `ckeditor`, `trix`, `codemirror`)
 * picks the editor. `window.editorText()` reads the editor's model (paragraphs joined by "\n"), so the test can tell
 * whether the editor saw an edit, not only the DOM. Draft.js, which needs React 18, has a page of its own
 * (draft-js-editor.ts).
 */
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerRichText } from '@lexical/rich-text';
import { defaultKeymap, history as codeMirrorHistory, historyKeymap } from '@codemirror/commands';
import { EditorState as CodeMirrorState } from '@codemirror/state';
import { EditorView as CodeMirrorView, keymap as codeMirrorKeymap } from '@codemirror/view';
import { baseKeymap } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { DOMParser as ProseMirrorParser } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { Bold, ClassicEditor, Essentials, Paragraph, type ModelElement, type ModelText } from 'ckeditor5';
import Quill from 'quill';
import 'trix';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createEditor as createSlateEditor, Node as SlateNode, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, Slate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import { host, LABELS, page, PARAGRAPHS } from './editor-draft';

/** The draft as HTML paragraphs, for the editors that read their first text from the DOM. */
function draftParagraphs(): HTMLParagraphElement[] {
  return PARAGRAPHS.map((parts) => {
    const paragraph = document.createElement('p');
    for (const part of parts)
      paragraph.append(
        typeof part === 'string' ? part : Object.assign(document.createElement('strong'), { textContent: part.bold }),
      );
    return paragraph;
  });
}

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

function mountLexical(): void {
  const editor = createEditor({
    namespace: 'draft',
    onError: (error) => {
      throw error;
    },
  });
  host.contentEditable = 'true';
  for (const [name, value] of Object.entries(LABELS)) host.setAttribute(name, value);
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

type SlateText = { text: string; bold?: boolean };

function mountSlate(): void {
  const editor = withHistory(withReact(createSlateEditor()));
  const draft = PARAGRAPHS.map((parts) => ({
    type: 'paragraph',
    children: parts.map((part): SlateText =>
      typeof part === 'string' ? { text: part } : { text: part.bold, bold: true },
    ),
  })) as unknown as Descendant[];
  const renderElement = ({ attributes, children }: RenderElementProps) => createElement('p', attributes, children);
  const renderLeaf = ({ attributes, children, leaf }: RenderLeafProps) =>
    createElement((leaf as SlateText).bold ? 'strong' : 'span', attributes, children);
  createRoot(host).render(
    createElement(Slate, {
      editor,
      initialValue: draft,
      children: createElement(Editable, { renderElement, renderLeaf, 'aria-labelledby': 'editor-label' }),
    }),
  );
  page.editorText = () => editor.children.map((paragraph) => SlateNode.string(paragraph)).join('\n');
}

function mountQuill(): void {
  host.append(...draftParagraphs());
  const quill = new Quill(host);
  for (const [name, value] of Object.entries(LABELS)) quill.root.setAttribute(name, value);
  page.editorText = () => quill.getText().replace(/\n$/, '');
}

function mountCkEditor(): void {
  host.append(...draftParagraphs());
  void ClassicEditor.create(host, {
    licenseKey: 'GPL',
    plugins: [Essentials, Paragraph, Bold],
    label: 'Newsletter draft',
  }).then((editor) => {
    const root = editor.model.document.getRoot()!;
    page.editorText = () =>
      [...root.getChildren()]
        .map((paragraph) =>
          [...(paragraph as ModelElement).getChildren()].map((text) => (text as ModelText).data).join(''),
        )
        .join('\n');
  });
}

function mountTrix(): void {
  // Trix reads its first text, as HTML, from the hidden input it is tied to, and writes it back there on each change.
  const input = Object.assign(document.createElement('input'), { type: 'hidden', id: 'trix-draft' });
  input.value = draftParagraphs()
    .map((paragraph) => `<div>${paragraph.innerHTML}</div>`)
    .join('');
  const editor = document.createElement('trix-editor');
  editor.setAttribute('input', input.id);
  for (const [name, value] of Object.entries(LABELS)) editor.setAttribute(name, value);
  host.append(input, editor);
  type TrixElement = HTMLElement & { editor: { getDocument: () => { toString: () => string } } };
  page.editorText = () => (editor as TrixElement).editor.getDocument().toString().replace(/\n$/, '');
}

function mountCodeMirror(): void {
  // CodeMirror 6 (Overleaf's editor, and many Markdown editors'): a line per paragraph, its bold as plain text. It
  // reads edits back from the DOM, and keeps its own undo history.
  const view = new CodeMirrorView({
    parent: host,
    state: CodeMirrorState.create({
      doc: PARAGRAPHS.map((parts) => parts.map((part) => (typeof part === 'string' ? part : part.bold)).join('')).join(
        '\n',
      ),
      extensions: [
        codeMirrorHistory(),
        codeMirrorKeymap.of([...historyKeymap, ...defaultKeymap]),
        CodeMirrorView.lineWrapping,
        CodeMirrorView.contentAttributes.of(LABELS),
      ],
    }),
  });
  page.editorText = () => view.state.doc.toString();
}

const MOUNT = {
  prosemirror: mountProseMirror,
  lexical: mountLexical,
  slate: mountSlate,
  quill: mountQuill,
  ckeditor: mountCkEditor,
  trix: mountTrix,
  codemirror: mountCodeMirror,
};
MOUNT[(document.body.dataset.editor ?? 'prosemirror') as keyof typeof MOUNT]();
