/**
 * A draft in Editor.js, a block editor: each paragraph is an editing host of its own (a contenteditable block),
 * as in Notion's and WordPress's editors. Editor.js keeps no undo history of its own (the browser's is the
 * block's) and reads each block back from the DOM when it saves. `window.editorText()` saves the draft and reads
 * it (blocks joined by "\n"), so the test can tell whether Editor.js saw an edit.
 */
import EditorJS from '@editorjs/editorjs';
import { host, page, PARAGRAPHS } from './editor-draft';

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const editor = new EditorJS({
  holder: host,
  data: {
    blocks: PARAGRAPHS.map((parts) => ({
      type: 'paragraph',
      data: {
        text: parts.map((part) => (typeof part === 'string' ? escaped(part) : `<b>${escaped(part.bold)}</b>`)).join(''),
      },
    })),
  },
});
(page as unknown as { editorText: () => Promise<string> }).editorText = async () => {
  // Its methods are there only once it is ready, which its first blocks on screen do not wait for.
  await editor.isReady;
  const saved = await editor.save();
  const text = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return saved.blocks.map((block) => text((block.data as { text: string }).text)).join('\n');
};
