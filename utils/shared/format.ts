/** Small formatting helpers for the extension's pages: ages, credits, sizes and ranges in the interface's language. */
import { formatNumber, t, tp, uiLanguage, type MessageKey } from './i18n';

/** "just now", "3 min. ago", "2 hr. ago", "5 days ago" (and "vor 3 Min.", "5 dni temu"…). */
export function formatAge(then: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return t('ageJustNow');
  const ago = new Intl.RelativeTimeFormat(uiLanguage(), { style: 'short' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return ago.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 36) return ago.format(-hours, 'hour');
  return ago.format(-Math.round(hours / 24), 'day');
}

/**
 * A moment as the interface's language writes it: its date ("Nov 21, 2026", "21.11.2026"), with its time when
 * `withTime` (in UTC, as a report is read anywhere). A date the service wrote in a form not known is shown as it came.
 */
export function formatDate(when: string | number, withTime = false): string {
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) return String(when);
  return new Intl.DateTimeFormat(uiLanguage(), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short', timeZone: 'UTC' } : {}),
  }).format(date);
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
  return tp(unreported ? 'creditsAtLeast' : 'credits', roundAmount(used));
}

/** An amount of credits, whole or to one decimal: what is shown, and counted by the plural rules. */
export const roundAmount = (credits: number): number => Math.round(credits * 10) / 10;

/** A source's relevance score as the service gave it, to two decimals at most: 0.876543 → "0.88", 0.5 → "0.5", 87 → "87". */
export function formatScore(score: number): string {
  return String(Number(score.toFixed(2)));
}

/** "980 byte", "12.3 kB", "4.1 MB" (and "12,3 kB"…). */
export function formatBytes(bytes: number): string {
  const [value, unit] =
    bytes < 1000 ? [bytes, 'byte'] : bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(uiLanguage(), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** "30 days", "30 Tage", "30 dni": a number of days, written out in the interface's language. */
export function formatDays(days: number): string {
  return new Intl.NumberFormat(uiLanguage(), { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}

/** "21–30 of 34", for a page of a list; without "of" when the total is not known (null). */
export function pageRange(page: number, pageSize: number, shown: number, total: number | null): string {
  if (!total || !shown) return total === null ? t('rangeNoneHere') : t('rangeOf', '0', total);
  const first = (page - 1) * pageSize + 1;
  const range = `${formatNumber(first)}–${formatNumber(first + shown - 1)}`;
  return total === null ? range : t('rangeOf', range, total);
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
const PREFERENCE_NAMES: Record<string, MessageKey> = {
  acronym_style: 'prefAcronyms',
  common_acronym: 'prefCommonAcronyms',
  capitalization_nouns: 'prefCapitaliseNouns',
  capitalization_case: 'prefCapitalisation',
  capitalization_names: 'prefCapitaliseNames',
  date_format: 'prefDates',
  currency_format: 'prefCurrency',
  spell_number_start_sentence: 'prefSpellStartNumber',
  commas_seperated_number: 'prefCommasInNumbers',
  space_between_unit: 'prefSpaceBeforeUnit',
  time_format: 'prefTimes',
  spell_timezone: 'prefSpellTimeZones',
  emoji: 'prefEmoji',
  punctuation: 'prefPunctuation',
  readability_age: 'prefReadingAge',
  formality: 'prefFormality',
  tone: 'prefTone',
};

export interface VoicePreference {
  name: string;
  value: string;
  /** Words the service wrote (a key not known, a value that is not yes or no): in its language, not the interface's. */
  serviceName: boolean;
  serviceValue: boolean;
}

export function voicePreferences(preferences: Record<string, string | boolean | number | string[]>): VoicePreference[] {
  const known = Object.keys(PREFERENCE_NAMES);
  const order = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  return Object.entries(preferences)
    .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== ''))
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, value]) => ({
      name:
        key in PREFERENCE_NAMES
          ? t(PREFERENCE_NAMES[key]!)
          : key.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()),
      value:
        typeof value === 'boolean' ? t(value ? 'yes' : 'no') : Array.isArray(value) ? value.join(', ') : String(value),
      serviceName: !(key in PREFERENCE_NAMES),
      serviceValue: typeof value !== 'boolean',
    }));
}

/** The local date of a moment, as YYYY-MM-DD: the day a daily limit counts. */
export function localDay(at: number): string {
  const date = new Date(at);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
