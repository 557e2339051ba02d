/**
 * Checked drafts under seeded runs of random edits (see random-edits.ts), written once and run in Chromium and in
 * Firefox: a textarea, a contenteditable, and four of the eight rich editors (all eight in Chromium), whose own models are
 * read after each edit; further seeds and a React-controlled textarea in Chromium alone.
 */
import { expect } from './quick-expect';
import { HISTORY_JOINS_WITHIN_MS, richEditorParagraphs, richEditors, type RichEditor } from './rich-editor-pages';
import {
  editableDraft,
  editAtRandom,
  keepingTheClaim,
  richEditorDraft,
  textareaDraft,
  type Draft,
  type OnDraft,
  type RandomEditDriver,
} from './random-edits';
import {
  checkDraftFromPopup,
  checkedDraft,
  CONTENTEDITABLE_DRAFT,
  draftUser,
  RICH_EDITOR_FIELD,
  TEXTAREA_DRAFT,
  type DraftPage,
  type DraftUser,
} from './users/draft-user';
import { inBothBrowsers, inChromium } from './users/in-both-browsers';
import type { BrowserUser } from './users/user';

/** The run's hands: the user's keyboard, and the card in the page's overlay. */
function driverFor(draft: DraftUser): RandomEditDriver {
  return {
    highlighted: (kinds) => draft.highlighted(kinds),
    type: (text) => draft.type(text),
    backspace: () => draft.press('Backspace'),
    wait: (ms) => new Promise((done) => setTimeout(done, ms)),
    apply: async (label) => {
      await draft.openCard(label);
      // A click too soon after the card opened is refused (it may have been meant for the page).
      await draft.clickArmed('Apply correction');
      await expect.poll(draft.cardText).toContain('Correction applied.');
    },
    undoFromCard: async () => {
      await draft.clickArmed('Undo correction');
      await expect.poll(draft.cardText).toContain('Correction undone: your text is back.');
      await draft.closeCard();
    },
    undoByKey: async () => {
      await draft.closeCard();
      await draft.undoInDraft();
    },
  };
}

/** What the run reads and selects in the draft `selector` of `draft`'s page. */
const onDraft =
  (draft: DraftUser, selector: string): OnDraft =>
  (fn, arg) =>
    draft.evaluateOn(selector, fn, arg);

/** Runs `edits` random edits on a checked draft (its claims all drawn), and checks that some were made. */
async function underRandomEdits(
  user: DraftUser,
  draft: Draft,
  claims: number,
  seed: number,
  holdCorrectionMs = 0,
): Promise<void> {
  expect(await editAtRandom(driverFor(user), draft, claims, seed, { holdCorrectionMs })).toBeGreaterThan(0);
}

const textarea =
  (seed: number, keepingWords = false) =>
  async (browser: BrowserUser) => {
    if (keepingWords) browser.double.setVerdictPatch({ correction: keepingTheClaim });
    const user = await checkedDraft(browser, TEXTAREA_DRAFT);
    await underRandomEdits(user, textareaDraft(onDraft(user, 'textarea')), 4, seed, keepingWords ? 600 : 0);
  };

const contenteditable =
  (seed: number, keepingWords = false) =>
  async (browser: BrowserUser) => {
    if (keepingWords) browser.double.setVerdictPatch({ correction: keepingTheClaim });
    const user = await checkedDraft(browser, CONTENTEDITABLE_DRAFT);
    await underRandomEdits(user, editableDraft(onDraft(user, '#editor')), 3, seed, keepingWords ? 600 : 0);
  };

const EDITS =
  'its text is the user’s, its claims stay on their words or go stale, and each correction applied is undone by one Ctrl+Z';
const KEEPING =
  'its corrections keeping their claims’ words: a claim corrected is not drawn on them, and each is undone by one Ctrl+Z';

inBothBrowsers(`a textarea draft under random edits (seed 3): ${EDITS}`, textarea(3));
inChromium(`a textarea draft under random edits (seed 8): ${EDITS}`, textarea(8));
inChromium(`a textarea draft under random edits, ${KEEPING}`, textarea(3, true));
inBothBrowsers(`a contenteditable draft under random edits (seed 5): ${EDITS}`, contenteditable(5));
inChromium(`a contenteditable draft under random edits (seed 13): ${EDITS}`, contenteditable(13));
inBothBrowsers(`a contenteditable draft under random edits, ${KEEPING}`, contenteditable(5, true));

inChromium(
  'a React-controlled textarea under random edits: React’s state follows each one, and each correction and its undo',
  async (browser) => {
    await browser.configure();
    const page = await browser.openBundledPage('react-draft.ts', '<body><div id="root"></div></body>');
    await checkDraftFromPopup(browser, page, 'textarea', 4);
    const user = draftUser(page, 'textarea');
    const state = () => page.evaluate(() => document.getElementById('state')?.textContent ?? '');
    await underRandomEdits(user, textareaDraft(onDraft(user, 'textarea'), state), 4, 21);
  },
);

/**
 * The editors put under random edits in Firefox too: those whose own code handles Firefox's selection and input most
 * differently (React's editors, and the two that read the DOM's changes back). The others run in Chromium alone, the
 * suite's time being what it is; in Firefox each of them still takes and undoes corrections (corrections.spec.ts).
 */
const RANDOM_EDITS_IN_FIREFOX: ReadonlySet<RichEditor> = new Set(['prosemirror', 'lexical', 'slate', 'draftjs']);

for (const [editor, name] of richEditors)
  (RANDOM_EDITS_IN_FIREFOX.has(editor) ? inBothBrowsers : inChromium)(
    `a ${name} editor under random edits: its own model holds the user’s text after each one, and each correction and its undo`,
    async (browser) => {
      const draft: DraftPage = { editor };
      const user = await checkedDraft(browser, draft);
      const model = () => user.text();
      await underRandomEdits(
        user,
        richEditorDraft(
          onDraft(user, RICH_EDITOR_FIELD),
          richEditorParagraphs(editor),
          model,
          HISTORY_JOINS_WITHIN_MS[editor],
        ),
        3,
        34,
      );
    },
  );
