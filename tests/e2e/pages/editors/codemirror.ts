/** The draft in CodeMirror 6 (Overleaf’s, and many Markdown editors’): see editor-draft.ts. */
import { defaultKeymap, history as codeMirrorHistory, historyKeymap } from '@codemirror/commands';
import { EditorState as CodeMirrorState } from '@codemirror/state';
import { EditorView as CodeMirrorView, keymap as codeMirrorKeymap } from '@codemirror/view';
import { host, LABELS, page, PARAGRAPHS } from '../editor-draft';

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

mountCodeMirror();
