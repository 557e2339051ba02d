/** The draft in CKEditor 5 (Drupal’s, and many CMSs’): see editor-draft.ts. */
import { Bold, ClassicEditor, Essentials, Paragraph, type ModelElement, type ModelText } from 'ckeditor5';
import { draftParagraphs, host, page } from '../editor-draft';

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

mountCkEditor();
