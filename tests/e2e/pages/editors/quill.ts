/** The draft in Quill: see editor-draft.ts. */
import Quill from 'quill';
import { draftParagraphs, host, LABELS, page } from '../editor-draft';

function mountQuill(): void {
  host.append(...draftParagraphs());
  const quill = new Quill(host);
  for (const [name, value] of Object.entries(LABELS)) quill.root.setAttribute(name, value);
  page.editorText = () => quill.getText().replace(/\n$/, '');
}

mountQuill();
