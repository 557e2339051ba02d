/** What the popup and the worker both know about text before it is sent for a check. */

/**
 * Whether text has a letter or a digit: text without one (spaces, an editor's zero-width fillers, punctuation)
 * holds no claim, and sending it would spend a call on nothing.
 */
export const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/** What to do about a PDF whose text is needed (see PageSnapshot.pdf): the context menu gets its selection. */
export const PDF_TEXT_UNREADABLE =
  'The browser’s PDF viewer does not let the extension read a PDF’s text. To check a part of it, select that ' +
  'text, right-click it, and choose “Fact-check selection”.';

/** A check that asks before verifying offers "Verify the first N" claims (see cost-question.ts): N. */
export const FIRST_CLAIMS = 10;
