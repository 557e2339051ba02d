/**
 * Re-checking a draft sends only what changed. Each sentence of a checked draft is cached with the claims
 * found in it (and their verdicts); the next check of the draft reuses the sentences it still has, and
 * sends only the new or edited ones.
 */
import { z } from 'zod';
import { checkedClaimSchema } from '../../contract/results';
import { defineTrustedItem } from '../../shared/trusted-item';
import type { Job, JobClaim } from '../../contract/jobs';
import { canonicalText, sha256Hex, splitIntoChunks } from './source';

/** Sentences kept; the oldest go first. */
const MAX_SENTENCE_ENTRIES = 1000;

const sentenceEntrySchema = z.object({
  key: z.string(),
  claims: z.array(z.object({ text: z.string(), result: checkedClaimSchema.nullable() })),
});
type SentenceEntry = z.infer<typeof sentenceEntrySchema>;
const sentenceItem = defineTrustedItem<unknown[]>('draftSentenceCache', []);

/**
 * A draft's sentences: split at sentence ends and line breaks, trimmed, none empty. A Chinese or Japanese full stop
 * ends a sentence with no space after it (and with what closes after it: 」, unless a quotation's と follows), so that
 * a paragraph of such text is not one sentence, sent again whole for any edit in it.
 */
export function draftSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["”’)]?)\s+|(?<=[。！？｡][」』”’）)]*)(?![」』”’）)と])\s*|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

async function sentenceKey(sentence: string, language: string, headline: string): Promise<string> {
  return sha256Hex(JSON.stringify([canonicalText(sentence), language, canonicalText(headline)]));
}

async function load(): Promise<SentenceEntry[]> {
  return (await sentenceItem.getValue()).flatMap((raw) => {
    const parsed = sentenceEntrySchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

export interface DraftReuse {
  /** Claims (with verdicts) of the sentences the draft still has. */
  reused: Omit<JobClaim, 'id' | 'missing'>[];
  /** The sentences to send: new or changed. */
  changed: string[];
  /** How many sentences were reused. */
  reusedSentences: number;
}

/** Splits a draft into the sentences already checked and the ones to send. */
export async function reuseDraft(text: string, language: string, headline: string): Promise<DraftReuse> {
  const entries = new Map((await load()).map((entry) => [entry.key, entry]));
  const reused: DraftReuse['reused'] = [];
  const changed: string[] = [];
  let reusedSentences = 0;
  for (const sentence of draftSentences(text)) {
    const entry = entries.get(await sentenceKey(sentence, language, headline));
    if (!entry) {
      changed.push(sentence);
      continue;
    }
    reusedSentences++;
    reused.push(...entry.claims);
  }
  return { reused, changed, reusedSentences };
}

/** After a draft check: each sentence of the draft, with the claims found in it. */
export async function rememberDraft(job: Job, text: string): Promise<void> {
  if (job.state !== 'done' || job.mode === 'detect') return;
  const claims = job.claims.filter((claim) => claim.result);
  const fresh: SentenceEntry[] = [];
  for (const sentence of draftSentences(text)) {
    const words = canonicalText(sentence).toLowerCase();
    const inside = claims.filter(
      (claim) =>
        words.includes(canonicalText(claim.text).toLowerCase()) ||
        canonicalText(claim.text).toLowerCase().includes(words),
    );
    fresh.push({
      key: await sentenceKey(sentence, job.language, job.headline),
      claims: inside.map(({ text: claimText, result }) => ({ text: claimText, result })),
    });
  }
  const keys = new Set(fresh.map((entry) => entry.key));
  const kept = (await load()).filter((entry) => !keys.has(entry.key));
  await sentenceItem.setValue([...kept, ...fresh].slice(-MAX_SENTENCE_ENTRIES));
}

/** Forgets every cached sentence (with the history: they quote the user's drafts). */
export async function forgetDrafts(): Promise<void> {
  await sentenceItem.setValue([]);
}

/** The chunks to send for the changed sentences. */
export function changedChunks(changed: string[]): string[] {
  return splitIntoChunks(changed.join('\n'));
}
