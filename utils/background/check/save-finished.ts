/** What is kept on disk of a finished check: its result in the cache, its history entry, its draft's sentences. */
import { history } from './history-store';
import { rememberDraft } from './draft-cache';
import type { Job } from '../../contract/jobs';
import { cacheEntryOf } from './new-job';
import { resultCache } from './store';

/**
 * Keeps a finished check for later: none of it when it was made in a private window, whose user expects the browser
 * to forget it when the window closes (the job itself lives in storage.session, in memory, and goes with the session).
 */
export async function keepFinished(job: Job): Promise<void> {
  if (job.privateWindow) return;
  await Promise.all([
    resultCache.put(cacheEntryOf(job)).catch(() => undefined),
    history.add(job).catch(() => undefined),
    job.scope === 'draft' ? rememberDraft(job, job.draftText).catch(() => undefined) : undefined,
  ]);
}
