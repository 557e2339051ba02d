/**
 * What the user has typed into the Write view's forms, kept while they are away from it. The popup closes at any
 * click outside it (into the page, to copy a fact for the next bullet point), and what was typed went with it.
 *
 * Kept in `storage.session`: gone when the browser closes, and out of content scripts' reach in both browsers
 * (see trusted-item.ts). Written on each change, field by field: a write put off for later could be lost with the
 * popup, and a whole object written by the popup would undo what the side panel, open at the same time, had kept.
 */
import { createContext } from 'preact';
import { useContext, useLayoutEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { WRITE_FORM_PREFIX } from '../../utils/shared/write-forms';

/** Each field under a key of its own: the popup and the side panel may both be open, each writing its own fields. */
const DRAFT_PREFIX = WRITE_FORM_PREFIX;

export type DraftValues = Record<string, unknown>;

export interface Drafts {
  values: DraftValues;
  /** Keeps a field's value. */
  save(key: string, value: unknown): void;
  /** Forgets the fields whose keys start with `prefix` (a form's, when it is cleared). */
  forget(prefix: string): void;
}

/** The kept drafts; none if they cannot be read (a browser without storage.session): the forms start empty. */
export async function loadDraftValues(): Promise<DraftValues> {
  try {
    const stored: Record<string, unknown> = await browser.storage.session.get(null);
    const values: DraftValues = {};
    for (const [key, value] of Object.entries(stored))
      if (key.startsWith(DRAFT_PREFIX)) values[key.slice(DRAFT_PREFIX.length)] = value;
    return values;
  } catch {
    return {};
  }
}

export function createDrafts(values: DraftValues): Drafts {
  // Not kept: the form still works, and its text is on screen.
  const ignore = () => undefined;
  return {
    values,
    save(key, value) {
      values[key] = value;
      browser.storage.session.set({ [DRAFT_PREFIX + key]: value }).catch(ignore);
    },
    forget(prefix) {
      for (const key of Object.keys(values)) if (key.startsWith(prefix)) delete values[key];
      // Those the other page (popup or side panel) kept since this one read them, too.
      browser.storage.session
        .get(null)
        .then((stored: Record<string, unknown>) => {
          const keys = Object.keys(stored).filter((key) => key.startsWith(DRAFT_PREFIX + prefix));
          return keys.length ? browser.storage.session.remove(keys) : undefined;
        })
        .catch(ignore);
    },
  };
}

export const DraftsContext = createContext<Drafts | null>(null);

/** A kept value of the fallback's own type (a string, a boolean, a list of strings), or undefined. */
function ofSameType<T>(value: unknown, fallback: T): value is T {
  if (Array.isArray(fallback)) return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === typeof fallback;
}

/** The value kept under `key`, if it has the fallback's type; else the fallback. */
export function keptDraft<T>(drafts: Drafts | null, key: string, fallback: T): T {
  const kept = drafts?.values[key];
  return ofSameType(kept, fallback) ? kept : fallback;
}

/**
 * `useState`, kept in the drafts under `key`: it starts from the kept value (see keptDraft), else from `fallback`.
 * With `chosen` (a brand voice picked in the library to write with), it starts from that instead.
 */
export function useDraft<T>(key: string, fallback: T, chosen?: T): [T, (value: T) => void] {
  const drafts = useContext(DraftsContext);
  const [value, setValue] = useState<T>(() => (chosen !== undefined ? chosen : keptDraft(drafts, key, fallback)));
  // Saved as the change is rendered (a microtask after the keystroke): an effect waits for the next frame, and is
  // dropped with a form that goes before it (the tool switched, the popup closed), the last change with it.
  useLayoutEffect(() => {
    if (!drafts || drafts.values[key] === value) return;
    // A form opened and left as it was is not written down.
    if (drafts.values[key] === undefined && value === fallback) return;
    drafts.save(key, value);
  }, [drafts, key, value]);
  return [value, setValue];
}
