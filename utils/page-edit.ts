/**
 * Writes text into the page's editable selection. `replaceSelectionInPage` runs in the page through
 * `scripting.executeScript({ func })`, so it must be self-contained (it is serialised into the page).
 *
 * It writes only when the selection still holds exactly the text the result was made from, and it writes
 * through the browser's editing path (`execCommand('insertText')`), so that one Ctrl+Z restores the
 * original and frameworks get their `beforeinput` and `input` events.
 */

export type ReplaceOutcome =
  { ok: true; undoable: boolean } | { ok: false; reason: 'no-editable-selection' | 'changed' | 'refused' };

/** Runs in the page. Keep it self-contained (see the module comment). */
export function replaceSelectionInPage(original: string, replacement: string): ReplaceOutcome {
  // The focused element inside web components too (the document's activeElement is the outermost host);
  // closed shadow roots where the browser shows them to extensions.
  type ClosedRootReader = (element: Element) => ShadowRoot | null;
  const chromeDom = (globalThis as { chrome?: { dom?: { openOrClosedShadowRoot?: ClosedRootReader } } }).chrome?.dom;
  // (Written out in extract.ts and shadow-roots.ts too: each of these functions is serialised into the page alone.)
  // Firefox gives extensions `openOrClosedShadowRoot` on elements, Chrome `chrome.dom`.
  const shadowOf = (element: Element): ShadowRoot | null =>
    element.shadowRoot ??
    (element.localName.includes('-')
      ? ((element as { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot ??
        chromeDom?.openOrClosedShadowRoot?.(element) ??
        null)
      : null);
  let active = document.activeElement;
  for (let inner = active && shadowOf(active)?.activeElement; inner; inner = shadowOf(inner)?.activeElement)
    active = inner;
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    const { selectionStart: start, selectionEnd: end } = active;
    if (start === null || end === null || end <= start || active.readOnly || active.disabled)
      return { ok: false, reason: 'no-editable-selection' };
    if (active.value.slice(start, end) !== original) return { ok: false, reason: 'changed' };
    active.focus();
    active.setSelectionRange(start, end);
    if (document.execCommand('insertText', false, replacement)) return { ok: true, undoable: true };
    // execCommand is refused in some documents; setRangeText still writes, without an undo step.
    active.setRangeText(replacement, start, end, 'end');
    active.dispatchEvent(
      new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: replacement }),
    );
    return { ok: true, undoable: false };
  }
  const selection = window.getSelection();
  const anchor = selection?.anchorNode ?? null;
  const host = anchor instanceof HTMLElement ? anchor : (anchor?.parentElement ?? null);
  if (!selection || selection.isCollapsed || !host?.isContentEditable)
    return { ok: false, reason: 'no-editable-selection' };
  if (selection.toString() !== original) return { ok: false, reason: 'changed' };
  const editingHost = host.closest('[contenteditable]:not([contenteditable="false"])');
  if (editingHost instanceof HTMLElement) editingHost.focus();
  return document.execCommand('insertText', false, replacement)
    ? { ok: true, undoable: true }
    : { ok: false, reason: 'refused' };
}

export const REPLACE_FAILURE_MESSAGES: Record<Exclude<ReplaceOutcome, { ok: true }>['reason'], string> = {
  'no-editable-selection':
    'The text is no longer selected in an editable field. Select it again, then choose “Replace selection”.',
  changed: 'The selected text changed since this result was made, so it was not replaced. Copy the result instead.',
  refused: 'The page did not accept the edit. Copy the result and paste it instead.',
};
