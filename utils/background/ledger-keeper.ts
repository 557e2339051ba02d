/** The credit ledger as this worker last read it: what was spent, what checks made as the user writes booked. */
import type { Ledger } from '../contract/jobs';
import { ServiceError } from './api/errors';
import type { Booking } from './check/runner';
import { creditLedger, type Spending } from './check/store';
import { estimateCall, type PlannedCall } from './check/write-budget';
import { t } from '../shared/i18n';

export interface LedgerKeeperDeps {
  /** Told whenever the stored ledger changed, to show it to every watcher. */
  changed: () => void;
  /** The day's limit of credits for checking as the user writes (from the settings). */
  dailyLimit: () => Promise<number>;
}

export function createLedgerKeeper({ changed, dailyLimit }: LedgerKeeperDeps) {
  let ledger: Ledger | null = null;
  const take = (next: Ledger | null | undefined) => {
    if (!next) return;
    ledger = next;
    changed();
  };
  const get = async (): Promise<Ledger> => ledger ?? creditLedger.get();

  return {
    /** The ledger as last stored, or null before it was read. */
    current: (): Ledger | null => ledger,
    load: async (): Promise<void> => {
      ledger = await creditLedger.get();
    },
    get,
    spend: (spending: Spending): void => void creditLedger.add(spending).then(take),
    /** Books a call checked as the user writes against the day's limit (see write-budget.ts), or refuses it. */
    async book(call: PlannedCall): Promise<number> {
      const [current, limit] = await Promise.all([get(), dailyLimit()]);
      const estimate = estimateCall(current, call);
      const booked = await creditLedger.reserveWriting(estimate, limit);
      if (!booked) throw new ServiceError({ kind: 'limit', message: t('writeLimitReached') });
      take(booked);
      return estimate;
    },
    unbook: (booking: Booking): void => void creditLedger.release(booking.booked, booking.at).then(take),
  };
}

export type LedgerKeeper = ReturnType<typeof createLedgerKeeper>;
