/**
 * Copying from the card, in the page. The Clipboard API is there only where the page is a secure context: on an
 * http page (an intranet's, a CMS on the local network) `navigator.clipboard` is missing, in a content script as
 * in the page, and "Copy correction" did nothing. There, the browser's own copy command is used instead, its copy
 * event given the text.
 */
import { t } from '../shared/i18n';

/** Puts `text` on the clipboard; called from a click. Rejects if the browser refused both ways. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (the document lost the focus, say): the copy command may still be allowed.
    }
  }
  if (!copyByCommand(text)) throw new Error(t('copyRefused'));
}

/**
 * `execCommand('copy')`, allowed during a click, with `text` set on its copy event, whatever is selected. Caught
 * first, on the window, and kept from the page's own copy listeners, which may add to what is copied.
 */
function copyByCommand(text: string): boolean {
  let given = false;
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    event.stopImmediatePropagation();
    given = true;
  };
  window.addEventListener('copy', onCopy, true);
  try {
    return document.execCommand('copy') && given;
  } finally {
    window.removeEventListener('copy', onCopy, true);
  }
}
