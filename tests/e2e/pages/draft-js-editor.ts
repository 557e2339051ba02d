/**
 * A draft in Draft.js (Meta's editor before Lexical, still behind X's post composer), on React 18: Draft.js calls
 * `findDOMNode`, which React 19 removed. The fixtures bundle this page with `react` mapped to the react-18 package.
 * Draft.js takes typing from React's `onBeforeInput`, which React makes from Chromium's `textInput` event, writes
 * it into its model at the selection it last read, re-renders, and keeps its own undo stack (Ctrl+Z is its key
 * binding). Like the pages of editors/, `window.editorText()` reads the model.
 */
import { convertFromRaw, Editor, EditorState, type RawDraftContentBlock } from 'draft-js';
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { host, page, PARAGRAPHS } from './editor-draft';

const blocks = PARAGRAPHS.map((parts, index): RawDraftContentBlock => {
  let text = '';
  const inlineStyleRanges: RawDraftContentBlock['inlineStyleRanges'] = [];
  for (const part of parts) {
    if (typeof part === 'string') text += part;
    else {
      inlineStyleRanges.push({ offset: text.length, length: part.bold.length, style: 'BOLD' });
      text += part.bold;
    }
  }
  return { key: `p${index}`, type: 'unstyled', text, depth: 0, inlineStyleRanges, entityRanges: [] };
});
const initial = EditorState.createWithContent(convertFromRaw({ blocks, entityMap: {} }));
let current = initial;
page.editorText = () => current.getCurrentContent().getPlainText('\n');

function Draft() {
  const [state, setState] = useState(initial);
  return createElement(Editor, {
    editorState: state,
    onChange: (next: EditorState) => {
      current = next;
      setState(next);
    },
    ariaLabelledBy: 'editor-label',
    ariaMultiline: true,
  });
}

createRoot(host).render(createElement(Draft));
