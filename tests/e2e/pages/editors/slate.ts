/** The draft in Slate, with React: see editor-draft.ts. */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createEditor as createSlateEditor, Node as SlateNode, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, Slate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import { host, page, PARAGRAPHS } from '../editor-draft';

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

mountSlate();
