/**
 * Corrections written into drafts from the card and taken back (Ctrl+Z, the card's Undo), "Apply with source", and a
 * claim typed in at once after an undo: the scenarios (scenarios/corrections.ts) run one after another on one draft, in Chromium and in
 * Firefox, on a textarea, a contenteditable and each rich editor.
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

// One session for each draft, as a user works through it: each scenario starts once the claim the last one corrected
// and took back is drawn again (a check and a page for each cost more of the suite than the scenarios did).
for (const [draft, name, keepsLinks] of [
  [TEXTAREA_DRAFT, 'a textarea', false] as const,
  [CONTENTEDITABLE_DRAFT, 'a contenteditable', true] as const,
  ...editors,
])
  onDraftInBothBrowsers(
    `${name}: the correction replaces its claim (in an editor’s own model), one Ctrl+Z restores the draft, and so does the card’s Undo; “Apply with source” writes ${keepsLinks ? 'a link' : 'the address in brackets'} after the correction, and one Ctrl+Z takes both back${draft === TEXTAREA_DRAFT ? '' : '; words typed in the claim at once after Ctrl+Z took its correction back draw it stale'}`,
    draft,
    async (user) => {
      await correctThenUndo(user);
      await user.closeCard();
      await applyWithSourceThenUndo(user, keepsLinks);
      if (draft !== TEXTAREA_DRAFT) await typeInClaimAtOnceAfterUndo(user);
    },
  );
