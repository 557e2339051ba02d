/**
 * A draft in TinyMCE (WordPress's classic editor, and many CMSs' and mail apps'), in its classic mode: the draft is
 * the document of an iframe TinyMCE makes, its body editable. TinyMCE keeps its own undo levels (Ctrl+Z is its key
 * binding) and serialises the draft from that body. `window.editorText()` reads the draft as TinyMCE gives it
 * (paragraphs joined by "\n"), so the test can tell whether TinyMCE saw an edit.
 */
import tinymce from 'tinymce';
import 'tinymce/icons/default';
import 'tinymce/models/dom';
import 'tinymce/themes/silver';
// The look, bundled as TinyMCE's bundling guide has it (otherwise it fetches these from its own base URL).
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import { host, page, PARAGRAPHS } from './editor-draft';

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const textarea = Object.assign(document.createElement('textarea'), { id: 'tinymce-draft' });
textarea.value = PARAGRAPHS.map(
  (parts) =>
    `<p>${parts.map((part) => (typeof part === 'string' ? escaped(part) : `<strong>${escaped(part.bold)}</strong>`)).join('')}</p>`,
).join('');
host.append(textarea);

void tinymce.init({
  target: textarea,
  license_key: 'gpl',
  menubar: false,
  statusbar: false,
  promotion: false,
  toolbar: 'undo redo | bold',
  iframe_aria_text: 'Newsletter draft',
});
page.editorText = () => (tinymce.activeEditor?.getContent({ format: 'text' }) ?? '').replace(/\n+/g, '\n');
