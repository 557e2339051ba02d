/** Why a result was not written into the page's selection, in words a person can act on (see replaceSelectionInPage). */
import type { ReplaceOutcome } from '../contract/page-actions';
import { t, type MessageKey } from './i18n';

type FailureReason = Exclude<ReplaceOutcome, { ok: true }>['reason'];

const FAILURES: Record<FailureReason, MessageKey> = {
  'no-editable-selection': 'replaceNoSelection',
  changed: 'replaceChanged',
  refused: 'replaceRefused',
  elsewhere: 'replaceElsewhere',
  'too-long': 'replaceTooLong',
};

export function replaceFailure(reason: FailureReason): string {
  // "Replace selection" is the button the user chooses again.
  return reason === 'no-editable-selection' ? t(FAILURES[reason], t('replaceSelection')) : t(FAILURES[reason]);
}
