/**
 * Corrections written into drafts from the card and taken back (Ctrl+Z, the card's Undo), "Apply with source", and a
 * claim typed in at once after an undo: each scenario (scenarios/corrections.ts) run in Chromium and in Firefox, on a
 * textarea, a contenteditable and each rich editor.
 */
import { richEditors, type RichEditor } from './rich-editor-pages';
import { applyWithSourceThenUndo, correctThenUndo, typeInClaimAtOnceAfterUndo } from './scenarios/corrections';
import { CONTENTEDITABLE_DRAFT, TEXTAREA_DRAFT, type DraftPage } from './users/draft-user';
import { onDraftInBothBrowsers } from './users/in-both-browsers';

/**
 * The editors whose test page keeps a link pasted into them (their schema has links); the others keep its text (Draft.js
 * keeps the link in its model, but the page has no decorator to render it).
 */
const KEEP_LINKS: ReadonlySet<RichEditor> = new Set(['prosemirror', 'quill', 'trix']);

const editors = richEditors.map(([editor, name]): [DraftPage, string, boolean] => [
  { editor },
  `a ${name} editor`,
  KEEP_LINKS.has(editor),
]);

for (const [draft, name] of [
  [TEXTAREA_DRAFT, 'a textarea'] as const,
  [CONTENTEDITABLE_DRAFT, 'a contenteditable'] as const,
  ...editors,
])
  onDraftInBothBrowsers(
    `${name}: the correction replaces its claim (in an editor’s own model), one Ctrl+Z restores the draft, and so does the card’s Undo`,
    draft,
    correctThenUndo,
  );

for (const [draft, name] of [[CONTENTEDITABLE_DRAFT, 'a contenteditable'] as const, ...editors])
  onDraftInBothBrowsers(
    `in ${name}, words typed in a claim at once after Ctrl+Z took its correction back: the claim is drawn stale`,
    draft,
    typeInClaimAtOnceAfterUndo,
  );

for (const [draft, name, keepsLinks] of [
  [TEXTAREA_DRAFT, 'a textarea', false] as const,
  [CONTENTEDITABLE_DRAFT, 'a contenteditable', true] as const,
  ...editors,
])
  onDraftInBothBrowsers(
    `“Apply with source” in ${name}: ${keepsLinks ? 'a link' : 'the address in brackets'} after the correction, and one Ctrl+Z takes both back`,
    draft,
    (user) => applyWithSourceThenUndo(user, keepsLinks),
  );
