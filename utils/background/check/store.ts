/**
 * Where jobs, writing tasks, cached results and the credit ledger live.
 *
 * Jobs and writing tasks are in storage.session: they must outlive a stopped service worker, but not the
 * browser session. Cached results and the ledger are kept where no content script can reach them (see
 * trusted-item.ts), bounded in size.
 */
import { storage } from '#imports';
import { z } from 'zod';
import { defineTrustedItem } from '../../shared/trusted-item';
import { localDay } from '../../shared/format';
import { spentOn } from './write-budget';
import {
  jobClaimSchema,
  jobCreditsSchema,
  jobSchema,
  ledgerSchema,
  writingTaskSchema,
  type Job,
  type JobCredits,
  type Ledger,
  type WritingTask,
} from '../../contract/jobs';
import { isActive } from '../../shared/progress';

/** Jobs kept in the session: the running ones, and the last finished ones for the popup to show. */
const MAX_SESSION_JOBS = 20;
const MAX_WRITING_TASKS = 10;
/** Cached check results kept; the oldest go first. */
const MAX_CACHE_ENTRIES = 50;

const jobsItem = storage.defineItem<unknown[]>('session:jobs', { fallback: [], version: 1 });
const writingItem = storage.defineItem<unknown[]>('session:writingTasks', { fallback: [], version: 1 });

const cacheEntrySchema = z.object({
  key: z.string(),
  createdAt: z.number(),
  claims: z.array(jobClaimSchema.omit({ id: true })),
  credits: jobCreditsSchema,
});
export type CacheEntry = z.infer<typeof cacheEntrySchema>;
const cacheItem = defineTrustedItem<unknown[]>('checkCache', []);

const ledgerItem = defineTrustedItem<unknown>('creditLedger', { total: 0, unreported: 0, since: 0 });

/** Parses a stored list, dropping entries that no longer validate (a stored shape from an older version). */
function parseList<T>(raw: unknown[], schema: z.ZodType<T>): T[] {
  return raw.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Records of one kind, held in memory and written through to storage after each change. Writes are
 * chained, so they land in order; `flushed` resolves once every write so far is stored.
 */
class RecordStore<T extends { id: string }> {
  private records = new Map<string, T>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly item: { getValue(): Promise<unknown[]>; setValue(value: unknown[]): Promise<void> },
    private readonly schema: z.ZodType<T>,
    private readonly limit: number,
    private readonly isPinned: (record: T) => boolean,
  ) {}

  async load(): Promise<void> {
    const stored = parseList(await this.item.getValue(), this.schema);
    this.records = new Map(stored.map((record) => [record.id, record]));
  }

  get(id: string): T | undefined {
    return this.records.get(id);
  }

  all(): T[] {
    return [...this.records.values()];
  }

  put(record: T): Promise<void> {
    this.records.delete(record.id);
    this.records.set(record.id, record);
    this.evict();
    return this.persist();
  }

  /** Applies a change to a record and stores it; returns the new record, or undefined when there is none. */
  async update(id: string, change: (record: T) => T): Promise<T | undefined> {
    const current = this.records.get(id);
    if (!current) return undefined;
    const next = change(current);
    this.records.set(id, next);
    await this.persist();
    return next;
  }

  /** Drops the records that `drop` picks, and stores the rest; returns what was dropped. */
  async removeWhere(drop: (record: T) => boolean): Promise<T[]> {
    const dropped = this.all().filter(drop);
    for (const record of dropped) this.records.delete(record.id);
    if (dropped.length) await this.persist();
    return dropped;
  }

  get flushed(): Promise<void> {
    return this.writes;
  }

  private evict(): void {
    // Oldest first, but never a record that is still running.
    for (const record of this.records.values()) {
      if (this.records.size <= this.limit) break;
      if (!this.isPinned(record)) this.records.delete(record.id);
    }
  }

  private persist(): Promise<void> {
    const snapshot = [...this.records.values()];
    this.writes = this.writes
      .then(() => this.item.setValue(snapshot))
      .catch((error: unknown) => {
        console.error('[factlens] could not store records', error instanceof Error ? error.message : error);
      });
    return this.writes;
  }
}

export function createJobStore() {
  return new RecordStore<Job>(jobsItem, jobSchema, MAX_SESSION_JOBS, (job) => isActive(job.state));
}
export type JobStore = ReturnType<typeof createJobStore>;

export function createWritingStore() {
  return new RecordStore<WritingTask>(
    writingItem,
    writingTaskSchema,
    MAX_WRITING_TASKS,
    (task) => task.state === 'running',
  );
}
export type WritingStore = ReturnType<typeof createWritingStore>;

/** How long a cached result is kept: it quotes pages and drafts, and a month-old verdict is worth checking again. */
export const CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The cached results younger than CACHE_MAX_AGE_MS, newest last. */
async function freshEntries(now: number): Promise<CacheEntry[]> {
  return parseList(await cacheItem.getValue(), cacheEntrySchema).filter(
    (entry) => now - entry.createdAt < CACHE_MAX_AGE_MS,
  );
}

/** Cached check results, newest last. */
export const resultCache = {
  async get(key: string, now = Date.now()): Promise<CacheEntry | undefined> {
    return (await freshEntries(now)).find((entry) => entry.key === key);
  },
  async put(entry: CacheEntry, now = Date.now()): Promise<void> {
    const entries = (await freshEntries(now)).filter((old) => old.key !== entry.key);
    entries.push(entry);
    await cacheItem.setValue(entries.slice(-MAX_CACHE_ENTRIES));
  },
  /** Forgets every cached result (with the history: they quote what was checked). */
  async clear(): Promise<void> {
    await cacheItem.setValue([]);
  },
};

const emptyLedger = (): Ledger => ({
  total: 0,
  unreported: 0,
  since: Date.now(),
  writing: { day: '', credits: 0 },
  verified: { claims: 0, credits: 0 },
  detected: { sentences: 0, credits: 0 },
});

/** The credits verifying `claims` claims would cost, about, from what verifying has cost so far; null before any. */
export function estimateVerifying(ledger: Ledger, claims: number): number | null {
  if (!ledger.verified.claims) return null;
  return Math.ceil((claims * ledger.verified.credits) / ledger.verified.claims);
}

/** What one answer cost, for the ledger. */
export interface Spending {
  credits: JobCredits;
  /**
   * For a call made checking as the user writes: when, and what was booked for it before it was sent (see
   * reserveWriting). A reported cost takes the booking's place; an unreported one leaves the booking standing.
   */
  writing?: { at: number; booked: number };
  /** How many claims it verified (what a claim costs is learnt from the answers that said their cost). */
  verifiedClaims?: number;
  /** How many sentences it sent for detection (likewise, what a sentence's detection costs). */
  detectedSentences?: number;
}

/** The running total of credits, across jobs and writing tasks. Changes are chained so none is lost. */
let ledgerWrites: Promise<Ledger | undefined> = Promise.resolve(undefined);

/** Runs `change` on the stored ledger after every change before it, and stores what it returns (unless null). */
function changeLedger(change: (current: Ledger) => Ledger | null): Promise<Ledger | undefined> {
  ledgerWrites = ledgerWrites
    .then(async () => {
      const current = ledgerSchema.safeParse(await ledgerItem.getValue());
      const next = change(current.success && current.data.since ? current.data : emptyLedger());
      if (!next) return undefined;
      await ledgerItem.setValue(next);
      return next;
    })
    .catch((error: unknown) => {
      console.error('[factlens] could not update the credit ledger', error instanceof Error ? error.message : error);
      return undefined;
    });
  return ledgerWrites;
}

export const creditLedger = {
  async get(): Promise<Ledger> {
    await ledgerWrites;
    const parsed = ledgerSchema.safeParse(await ledgerItem.getValue());
    return parsed.success ? parsed.data : emptyLedger();
  },
  /** Adds what an answer cost. */
  add({ credits, writing, verifiedClaims = 0, detectedSentences = 0 }: Spending): Promise<Ledger | undefined> {
    return changeLedger((base) => {
      const next = { ...base, total: base.total + credits.used, unreported: base.unreported + credits.unreported };
      if (!credits.unreported && verifiedClaims)
        next.verified = {
          claims: base.verified.claims + verifiedClaims,
          credits: base.verified.credits + credits.used,
        };
      if (!credits.unreported && detectedSentences)
        next.detected = {
          sentences: base.detected.sentences + detectedSentences,
          credits: base.detected.credits + credits.used,
        };
      // Settled on the day it was booked; once the day has turned, the new day owes nothing for it.
      if (writing && base.writing.day === localDay(writing.at)) {
        const settled = credits.unreported ? writing.booked : credits.used;
        next.writing = { ...base.writing, credits: Math.max(0, base.writing.credits + settled - writing.booked) };
      }
      return next;
    });
  },
  /**
   * Books `estimate` credits against today's spend checking as the user writes, before a call is sent: true if
   * today's spend (earlier bookings included) plus the estimate stays within `limit`, the ledger as booked; null,
   * booking nothing, if not.
   */
  async reserveWriting(estimate: number, limit: number, now = Date.now()): Promise<Ledger | null> {
    const next = await changeLedger((base) => {
      const day = localDay(now);
      const spent = spentOn(base, day);
      return spent + estimate > limit ? null : { ...base, writing: { day, credits: spent + estimate } };
    });
    return next ?? null;
  },
  /** Gives back a booking whose call was refused before the service did any work (see JobRunner.releasable). */
  release(booked: number, at: number): Promise<Ledger | undefined> {
    return changeLedger((base) => {
      const day = localDay(at);
      if (base.writing.day !== day) return null;
      return { ...base, writing: { day, credits: Math.max(0, base.writing.credits - booked) } };
    });
  },
};
