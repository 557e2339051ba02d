/**
 * A draft in roosterjs (Microsoft's editor, behind Outlook's mail composer on the web), with its default plugins:
 * it keeps the draft in a content model of its own, reads typing back from the DOM, keeps undo snapshots of its
 * own and answers Ctrl+Z itself. It takes those snapshots only from keys, compositions, drops and its own commands,
 * so its Ctrl+Z does not reach an edit it did not see typed (a spell checker's replacement, or ours).
 * `window.editorText()` reads the draft from its model (paragraphs joined by "\n").
 */
import { createEditor, createModelFromHtml, exportContent } from 'roosterjs';
import { host, LABELS, page, PARAGRAPHS } from './editor-draft';

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const html = PARAGRAPHS.map(
  (parts) =>
    `<div>${parts.map((part) => (typeof part === 'string' ? escaped(part) : `<b>${escaped(part.bold)}</b>`)).join('')}</div>`,
).join('');
const contentDiv = host as HTMLDivElement;
for (const [name, value] of Object.entries(LABELS)) contentDiv.setAttribute(name, value);
const editor = createEditor(contentDiv, [], createModelFromHtml(html));
page.editorText = () =>
  exportContent(editor, 'PlainText')
    .replace(/\r?\n+/g, '\n')
    .trim();
