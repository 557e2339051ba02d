/** The last checks, kept locally (bounded) so that the user can reopen and export them. */
import { z } from 'zod';
import { checkedClaimSchema } from '../api/domain';
import { defineTrustedItem } from '../../shared/trusted-item';
import { MAX_HISTORY } from '../../shared/history-limit';
import { VERDICTS, countVerdicts } from '../../shared/verdicts';
import { checkScopeSchema, declaredLangSchema, jobCreditsSchema, sourceKindSchema, type Job } from './model';

export const historyEntrySchema = z.object({
  id: z.string(),
  pageUrl: z.string(),
  pageTitle: z.string(),
  headline: z.string(),
  scope: checkScopeSchema,
  sourceKind: sourceKindSchema,
  language: z.string(),
  /** The language the page declared for the checked text (see Job). */
  textLang: declaredLangSchema,
  /** The language the page declared for itself, its title's (see Job); absent in entries kept before it was. */
  titleLang: declaredLangSchema,
  finishedAt: z.number(),
  credits: jobCreditsSchema,
  claims: z.array(z.object({ text: z.string(), result: checkedClaimSchema.nullable() })),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A line of the history list: the entry without its claims, with its verdict counts. */
export const historySummarySchema = historyEntrySchema.omit({ claims: true }).extend({
  claimCount: z.int().nonnegative(),
  counts: z.record(z.enum(VERDICTS), z.int().nonnegative()),
});
export type HistorySummary = z.infer<typeof historySummarySchema>;

const historyItem = defineTrustedItem<unknown[]>('history', []);

async function load(): Promise<HistoryEntry[]> {
  return (await historyItem.getValue()).flatMap((raw) => {
    const parsed = historyEntrySchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
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
    return (await load()).reverse().map(summarize);
  },
  async get(id: string): Promise<HistoryEntry | undefined> {
    return (await load()).find((entry) => entry.id === id);
  },
  /** Records a finished check (a result from the cache is not a new check). */
  async add(job: Job): Promise<void> {
    if (job.state !== 'done' || job.cachedAt !== null || !job.claims.length) return;
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
      claims: job.claims.map(({ text, result }) => ({ text, result })),
    };
    await put(entry);
  },
  /** Removes one check; returns it (for an Undo), or undefined if it is no longer kept. */
  async remove(id: string): Promise<HistoryEntry | undefined> {
    const entries = await load();
    const removed = entries.find((entry) => entry.id === id);
    if (removed) await historyItem.setValue(entries.filter((entry) => entry !== removed));
    return removed;
  },
  /** Puts back a check just removed, in its place by time (see remove). */
  restore: (entry: HistoryEntry): Promise<void> => put(entry),
  async clear(): Promise<void> {
    await historyItem.setValue([]);
  },
};
