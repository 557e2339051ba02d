/**
 * The earlier fact-checks found for each claim, by its language and words: a claim is searched once, for as long as
 * check results are cached, and forgotten with them. Kept where no content script can reach it (trusted-item.ts).
 */
import { z } from 'zod';
import { defineTrustedItem } from '../../shared/trusted-item';
import { earlierReviewSchema, type EarlierReview } from '../../contract/earlier-checks';
import { CACHE_MAX_AGE_MS } from '../check/store';
import { canonicalText } from '../check/source';
import { serialWrites } from '../serial-writes';

/** Claims kept; the oldest go first. */
const MAX_ENTRIES = 500;

const entrySchema = z.object({ key: z.string(), createdAt: z.number(), reviews: z.array(earlierReviewSchema) });
type Entry = z.infer<typeof entrySchema>;

const item = defineTrustedItem<unknown[]>('earlierCache', []);
const writes = serialWrites();

/** The key of a claim in a language: its words, case and spacing aside. */
export const earlierKey = (claim: string, languageCode: string) =>
  `${languageCode}\n${canonicalText(claim).toLowerCase()}`;

async function fresh(now: number): Promise<Entry[]> {
  return (await item.getValue()).flatMap((raw) => {
    const parsed = entrySchema.safeParse(raw);
    return parsed.success && now - parsed.data.createdAt < CACHE_MAX_AGE_MS ? [parsed.data] : [];
  });
}

export const earlierCache = {
  async get(key: string, now = Date.now()): Promise<EarlierReview[] | undefined> {
    await writes.settled();
    return (await fresh(now)).find((entry) => entry.key === key)?.reviews;
  },
  put: (key: string, reviews: EarlierReview[], now = Date.now()): Promise<void> =>
    writes.run(async () => {
      const entries = (await fresh(now)).filter((entry) => entry.key !== key);
      entries.push({ key, createdAt: now, reviews });
      await item.setValue(entries.slice(-MAX_ENTRIES));
    }),
  clear: (): Promise<void> => writes.run(() => item.setValue([])),
};
