/** What the popup and the worker both know about text before it is sent for a check. */
import { t } from './i18n';

/**
 * Whether text has a letter or a digit: text without one (spaces, an editor's zero-width fillers, punctuation)
 * holds no claim, and sending it would spend a call on nothing.
 */
export const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/** What to do about a PDF whose text is needed (see PageSnapshot.pdf): the context menu gets its selection. */
export const pdfTextUnreadable = (): string => t('pdfTextUnreadable', t('menuCheckSelection'));

/** A check that asks before verifying offers "Verify the first N" claims (see cost-question.ts): N. */
export const FIRST_CLAIMS = 10;
