/** The draft in Trix (Basecamp’s, and Rails’ Action Text): see editor-draft.ts. */
import 'trix';
import { draftParagraphs, host, LABELS, page } from '../editor-draft';

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

mountTrix();
