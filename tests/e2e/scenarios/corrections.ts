/**
 * Corrections written into a checked draft from the card, and taken back: scenarios written once, run in Chromium and
 * in Firefox (see corrections.spec.ts).
 */
import { expect } from '../quick-expect';
import { expectWithinRaceWindow } from '../race-window';
import { correctionIn, type DraftUser } from '../users/draft-user';

/** The badge of the draft's refuted claim (the one claim the double calls false in each draft these run on). */
const REFUTED = /^False: /;

/**
 * The refuted claim's words, once it is drawn: at once on a draft just checked, or after the content script has drawn
 * it again once an earlier scenario's correction was taken back.
 */
async function refutedClaim(user: DraftUser): Promise<string> {
  let claim = '';
  // On its words: an editor that renders its paragraph again (Trix) leaves the highlight empty until it is drawn again.
  await expect
    .poll(
      async () => {
        const drawn = await user.highlighted(['refuted']);
        claim = drawn.length === 1 ? drawn[0]! : '';
        return claim;
      },
      { message: 'the refuted claim drawn on its words' },
    )
    .not.toBe('');
  return claim;
}

/** Opens the refuted claim's card and clicks `button` on it, until the card says `told`; returns its correction. */
async function applyFromCard(user: DraftUser, button: string, told: string): Promise<string> {
  await user.openCard(REFUTED);
  const correction = correctionIn(await user.cardText());
  await user.clickArmed(button);
  await expect.poll(user.cardText).toContain(told);
  return correction;
}

/**
 * The refuted claim's correction applied from its card reaches the draft (an editor's own model) in place of the
 * claim, the other claims keep their highlights, and one Ctrl+Z restores the draft. The claim is drawn again; applied
 * once more, the card's Undo takes it back.
 */
export async function correctThenUndo(user: DraftUser): Promise<void> {
  const claim = await refutedClaim(user);
  const original = await user.text();
  const supported = (await user.highlighted(['supported'])).length;
  const correction = await applyFromCard(user, 'Apply correction', 'Correction applied.');
  await user.closeCard();
  const corrected = original.replace(claim, correction);
  await expect.poll(user.text).toBe(corrected);
  // An editor re-renders its paragraph: the other claims are still highlighted, on their text.
  await expect.poll(async () => (await user.highlighted(['supported'])).length).toBe(supported);
  for (const text of await user.highlighted(['supported'])) expect(corrected).toContain(text);

  await user.undoInDraft();
  await expect.poll(user.text).toBe(original);
  await expect.poll(() => user.highlighted(['refuted'])).toEqual([claim]);
  await applyFromCard(user, 'Apply correction', 'Correction applied.');
  expect(await user.text()).not.toContain(claim);
  await user.clickArmed('Undo correction');
  await expect.poll(user.cardText).toContain('Correction undone: your text is back.');
  await expect.poll(user.text).toBe(original);
}

/**
 * Ctrl+Z takes a correction back, and at once (before the content script looks at the change, a delay stretched for
 * the test) the user types in the claim's words: the claim is drawn stale, its words changed since the check, not
 * left hidden as corrected. Run on the rich editors' draft (the far side of the Moon).
 */
export async function typeInClaimAtOnceAfterUndo(user: DraftUser): Promise<void> {
  await refutedClaim(user);
  await user.stretchDelay('reanchor');
  await applyFromCard(user, 'Apply correction', 'Correction applied.');
  await user.closeCard();
  const undone = Date.now();
  await user.undoInDraft();
  await user.caretBefore('receives');
  await user.type('ever ');
  expectWithinRaceWindow(Date.now() - undone);
  const stale = async () => (await user.badgeLabels()).filter((label) => /changed since the check/.test(label));
  await expect.poll(stale).toEqual([expect.stringMatching(/^False \(changed since the check\): The far side/)]);
  expect(await user.text()).toContain('never ever receives');
  await expect.poll(async () => (await user.highlighted(['supported'])).length).toBe(2);
}

/** The correction and its source as a draft gets them: the address in brackets before the closing full stop. */
const withSource = (correction: string, source: string) => correction.replace(/([.!?]*)$/, ` (${source})$1`);

/**
 * "Apply with source" writes the correction followed by the first source the card cites (without the text fragment
 * its link opens at): a link where the draft keeps links (`keepsLinks`), else the address as text; one Ctrl+Z takes
 * both back.
 */
export async function applyWithSourceThenUndo(user: DraftUser, keepsLinks: boolean): Promise<void> {
  const claim = await refutedClaim(user);
  const original = await user.text();
  await user.openCard(REFUTED);
  const [link] = await user.cardLinks();
  const source = link!.replace(/#?:~:text=.*$/, '');
  expect(source).toMatch(/^https?:\/\//);
  const correction = await applyFromCard(user, 'Apply with source', 'Correction applied with its source.');
  // Undo takes the place of both Apply buttons.
  expect(await user.cardText()).not.toMatch(/Apply (correction|with source)/);
  expect(await user.cardText()).toContain('Undo correction');
  await user.closeCard();
  await expect.poll(user.text).toBe(original.replace(claim, withSource(correction, source)));
  expect(await user.linksInDraft()).toEqual(keepsLinks ? [source] : []);
  await user.undoInDraft();
  await expect.poll(user.text).toBe(original);
  expect(await user.linksInDraft()).toEqual([]);
}
