/** The history's messages: past checks listed, reopened, removed, restored, and cleared with the caches. */
import { ServiceError } from '../api/errors';
import { forgetDrafts } from '../check/draft-cache';
import { history } from '../check/history-store';
import { resultCache } from '../check/store';
import { earlierCache } from '../earlier/earlier-cache';
import type { Handlers } from '../protocol';
import { t } from '../../shared/i18n';
import type { Controller } from '../controller';
import { forgetWriteForms } from '../../shared/write-forms';

/** A past check asked for (to reopen, or remove) that the history no longer holds. */
const noLongerKept = () => new ServiceError({ kind: 'invalid-input', message: t('notInHistory') });

export const historyHandlers = (
  controller: Pick<Controller, 'forgetFinished'>,
): Pick<
  Handlers,
  'getHistory' | 'getHistoryEntry' | 'removeHistoryEntry' | 'restoreHistoryEntry' | 'clearHistory'
> => ({
  getHistory: () => history.list(),
  getHistoryEntry: async ({ id }) => {
    const entry = await history.get(id);
    if (!entry) throw noLongerKept();
    return entry;
  },
  removeHistoryEntry: async ({ id }) => {
    const removed = await history.remove(id);
    if (!removed) throw noLongerKept();
    return removed;
  },
  restoreHistoryEntry: async (entry) => {
    await history.restore(entry);
    return {};
  },
  // The caches go too, and the session's checks and the Write view's forms: they quote what was checked or written.
  clearHistory: async () => {
    await Promise.all([
      history.clear(),
      resultCache.clear(),
      earlierCache.clear(),
      forgetDrafts(),
      controller.forgetFinished(),
      forgetWriteForms(),
    ]);
    return {};
  },
});
