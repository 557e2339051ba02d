/** Where the Write view keeps what was typed into its forms (see components/popup/drafts.ts), and forgetting it all. */
import { browser } from '#imports';

/** Each field under a key of its own in `storage.session`. */
export const WRITE_FORM_PREFIX = 'writeDraft:';

/** Forgets every kept field of the Write view's forms ("Clear history"). */
export async function forgetWriteForms(): Promise<void> {
  const stored: Record<string, unknown> = await browser.storage.session.get(null);
  const keys = Object.keys(stored).filter((key) => key.startsWith(WRITE_FORM_PREFIX));
  if (keys.length) await browser.storage.session.remove(keys);
}
