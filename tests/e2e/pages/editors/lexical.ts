/** The draft in Lexical (Meta’s): see editor-draft.ts. */
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerRichText } from '@lexical/rich-text';
import { host, LABELS, page, PARAGRAPHS } from '../editor-draft';

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

mountLexical();
