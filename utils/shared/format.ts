/** Small formatting helpers for the extension's pages. */

/** "just now", "3 min ago", "2 h ago", "5 days ago". */
export function formatAge(then: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** How long something has been running: "0:07", "1:05", "12:40", "1:02:09". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [hours, minutes] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60];
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return hours ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds % 60)}` : `${minutes}:${twoDigits(seconds % 60)}`;
}

/** "1 credit", "12.5 credits", with "at least" when some answer did not say what it cost. */
export function formatCredits(used: number, unreported = 0): string {
  return `${unreported ? 'at least ' : ''}${formatAmount(used)} credit${used === 1 ? '' : 's'}`;
}

/** An amount of credits, whole or to one decimal. */
export const formatAmount = (credits: number): string =>
  Number.isInteger(credits) ? String(credits) : credits.toFixed(1);

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A source's relevance score as the service gave it, to two decimals at most: 0.876543 → "0.88", 0.5 → "0.5", 87 → "87". */
export function formatScore(score: number): string {
  return String(Number(score.toFixed(2)));
}

/** "980 B", "12.3 kB", "4.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** "21–30 of 34", for a page of a list; without "of" when the total is not known (null). */
export function pageRange(page: number, pageSize: number, shown: number, total: number | null): string {
  if (!total || !shown) return total === null ? 'None on this page' : `0 of ${total}`;
  const first = (page - 1) * pageSize + 1;
  return `${first}–${first + shown - 1}${total === null ? '' : ` of ${total}`}`;
}

/** Whether `text` ends a sentence of its own: a full stop, a question or exclamation mark, or an ellipsis. */
export const ENDS_SENTENCE = /[.!?…]$/;

/** `text` ended as a sentence: a full stop added unless it ends one already (no "…try again.”." or "…continue!."). */
export function endSentence(text: string): string {
  return ENDS_SENTENCE.test(text) ? text : `${text}.`;
}

/**
 * A brand voice's formatting preferences (the service's `user_input`) as a person reads them: the known ones named
 * in words and in the order the service lists them, yes or no for a flag, lists joined; any other key the service
 * adds later follows, its underscores made spaces.
 */
const PREFERENCE_NAMES: Record<string, string> = {
  acronym_style: 'Acronyms',
  common_acronym: 'Common acronyms',
  capitalization_nouns: 'Capitalise nouns',
  capitalization_case: 'Capitalisation',
  capitalization_names: 'Capitalise names',
  date_format: 'Dates',
  currency_format: 'Currency',
  spell_number_start_sentence: 'Spell out a number that starts a sentence',
  commas_seperated_number: 'Commas in large numbers',
  space_between_unit: 'Space between a number and its unit',
  time_format: 'Times',
  spell_timezone: 'Spell out time zones',
  emoji: 'Emoji',
  punctuation: 'Punctuation',
  readability_age: 'Reading age',
  formality: 'Formality',
  tone: 'Tone',
};

export function voicePreferences(
  preferences: Record<string, string | boolean | number | string[]>,
): { name: string; value: string }[] {
  const known = Object.keys(PREFERENCE_NAMES);
  const order = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  return Object.entries(preferences)
    .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== ''))
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, value]) => ({
      name: PREFERENCE_NAMES[key] ?? key.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()),
      value:
        typeof value === 'boolean' ? (value ? 'Yes' : 'No') : Array.isArray(value) ? value.join(', ') : String(value),
    }));
}

/** The local date of a moment, as YYYY-MM-DD: the day a daily limit counts. */
export function localDay(at: number): string {
  const date = new Date(at);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
