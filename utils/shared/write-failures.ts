/** Why a result was not written into the page's selection, in words a person can act on (see replaceSelectionInPage). */
import type { ReplaceOutcome } from '../page/injected/replace-selection';

export const REPLACE_FAILURE_MESSAGES: Record<Exclude<ReplaceOutcome, { ok: true }>['reason'], string> = {
  'no-editable-selection':
    'The text is no longer selected in an editable field. Select it again, then choose “Replace selection”.',
  changed: 'The selected text changed since this result was made, so it was not replaced. Copy the result instead.',
  refused: 'The page did not accept the edit. Copy the result and paste it instead.',
  elsewhere:
    'The editor did not write the result exactly over the selection. Check the field: Ctrl+Z in it undoes the edit.',
  'too-long':
    'The field limits its length and the result does not fit, so nothing was changed. Copy the result instead.',
};
