/**
 * A draft editor whose textarea is controlled by React state, as most web editors are. The test bundles
 * it with esbuild. It shows its state in the page, so the test can tell whether React saw an edit.
 */
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';

const INITIAL =
  'Coffee was first cultivated in Yemen in the 15th century, where Sufi monks drank it to stay awake.\n' +
  "Brazil produces about a third of the world's coffee.\n" +
  'Espresso has more caffeine per serving than drip coffee, which is why a single shot keeps you up all night.\n' +
  'People in Finland drink more coffee per person than anyone else in the world.';

function Editor() {
  const [text, setText] = useState(INITIAL);
  return createElement(
    'main',
    null,
    createElement('label', { htmlFor: 'draft' }, 'Draft'),
    createElement('textarea', {
      id: 'draft',
      rows: 8,
      cols: 80,
      value: text,
      onChange: (event: { target: { value: string } }) => setText(event.target.value),
    }),
    createElement('output', { id: 'state' }, text),
  );
}

createRoot(document.getElementById('root')!).render(createElement(Editor));
