/** The last checks, kept locally (bounded) so that the user can reopen and export them. */
import { defineTrustedItem } from '../../shared/trusted-item';
import { MAX_HISTORY } from '../../shared/history-limit';
import { countVerdicts } from '../../shared/verdicts';
import { loadPolicy } from '../settings-store';
import { serialWrites } from '../serial-writes';
import type { Job } from '../../contract/jobs';
import { historyEntrySchema, type HistoryEntry, type HistorySummary } from '../../contract/history-entries';

const historyItem = defineTrustedItem<unknown[]>('history', []);
/**
 * Changes one after another, and reads after them: a check recorded as it ends is listed by a popup opened at once,
 * and an Undo meanwhile loses neither.
 */
const writes = serialWrites();
const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest time kept under the organization's `historyDays` (0: nothing is kept), or -Infinity without one. */
async function keptSince(): Promise<number> {
  const days = (await loadPolicy()).policy.historyDays;
  return days === undefined ? -Infinity : days === 0 ? Infinity : Date.now() - days * DAY_MS;
}

/** The entries kept; those past the organization's retention are deleted as they are found. */
async function load(): Promise<HistoryEntry[]> {
  const [stored, since] = await Promise.all([historyItem.getValue(), keptSince()]);
  const entries = stored.flatMap((raw) => {
    const parsed = historyEntrySchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const kept = entries.filter((entry) => entry.finishedAt >= since);
  if (kept.length < entries.length) await historyItem.setValue(kept);
  return kept;
}

export function summarize(entry: HistoryEntry): HistorySummary {
  const { claims, ...rest } = entry;
  return { ...rest, claimCount: claims.length, counts: countVerdicts(claims) };
}

/** Keeps an entry (in place of one with its id), in order of time, the newest MAX_HISTORY. */
async function put(entry: HistoryEntry): Promise<void> {
  const entries = (await load()).filter((old) => old.id !== entry.id);
  entries.push(entry);
  entries.sort((a, b) => a.finishedAt - b.finishedAt);
  await historyItem.setValue(entries.slice(-MAX_HISTORY));
}

export const history = {
  /** Newest first. */
  async list(): Promise<HistorySummary[]> {
    await writes.settled();
    return (await load()).reverse().map(summarize);
  },
  async get(id: string): Promise<HistoryEntry | undefined> {
    await writes.settled();
    return (await load()).find((entry) => entry.id === id);
  },
  /** Records a finished check (a result from the cache is not a new check). */
  add: (job: Job): Promise<void> => writes.run(() => record(job)),
  /** Removes one check; returns it (for an Undo), or undefined if it is no longer kept. */
  remove: (id: string): Promise<HistoryEntry | undefined> =>
    writes.run(async () => {
      const entries = await load();
      const removed = entries.find((entry) => entry.id === id);
      if (removed) await historyItem.setValue(entries.filter((entry) => entry !== removed));
      return removed;
    }),
  /** Puts back a check just removed, in its place by time (see remove). */
  restore: (entry: HistoryEntry): Promise<void> => writes.run(() => put(entry)),
  clear: (): Promise<void> => writes.run(() => historyItem.setValue([])),
};

/** Records a finished check, as its history entry. */
async function record(job: Job): Promise<void> {
  if (job.state !== 'done' || job.cachedAt !== null || !job.claims.length) return;
  if ((await keptSince()) === Infinity) return;
  const entry: HistoryEntry = {
    id: job.id,
    pageUrl: job.pageUrl,
    pageTitle: job.pageTitle,
    headline: job.headline,
    scope: job.scope,
    sourceKind: job.sourceKind,
    language: job.language,
    textLang: job.textLang,
    titleLang: job.titleLang,
    finishedAt: job.finishedAt ?? job.updatedAt,
    credits: job.credits,
    claims: job.claims.map(({ text, result, earlier }) => ({ text, result, earlier })),
  };
  await put(entry);
}
