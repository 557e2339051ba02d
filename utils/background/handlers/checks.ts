/** The messages that start and steer checks and writing tasks, from the popup and from content scripts. */
import { ServiceError } from '../api/errors';
import { toJobView } from '../check/job-view';
import type { Controller } from '../controller';
import type { Handlers } from '../protocol';
import { t } from '../../shared/i18n';
import { injectContentParts } from '../tab-access';
import { syncDocsFlag } from '../docs-access';

type CheckMessages =
  | 'inspectTab'
  | 'startCheck'
  | 'verifyDetected'
  | 'answerQuestion'
  | 'cancelJob'
  | 'retryJob'
  | 'retryClaim'
  | 'startWriting'
  | 'startGeneration'
  | 'replaceSelection'
  | 'undoReplace'
  | 'getLedger'
  | 'revealClaim'
  | 'checkDraftAgain'
  | 'reportAnchoring'
  | 'loadContentParts'
  | 'docsAllowed';

export function checkHandlers(controller: Controller): Pick<Handlers, CheckMessages> {
  return {
    inspectTab: ({ tabId }) => controller.inspectTab(tabId),
    docsAllowed: async () => {
      await syncDocsFlag();
      return {};
    },
    startCheck: async (request) => toJobView(await controller.startCheck(request)),
    verifyDetected: async ({ jobId }) => toJobView(await controller.verifyDetected(jobId)),
    answerQuestion: async ({ jobId, answer }) => toJobView(await controller.answerQuestion(jobId, answer)),
    cancelJob: async ({ jobId }) => {
      await controller.cancel(jobId);
      return {};
    },
    retryJob: async ({ jobId }) => {
      await controller.retry(jobId);
      return {};
    },
    retryClaim: async ({ jobId, claimId }) => {
      await controller.retryClaim(jobId, claimId);
      return {};
    },
    startWriting: ({ tabId, kind }) => controller.startWriting(tabId, kind),
    startGeneration: ({ tabId, generation }) => controller.startGeneration(tabId, generation),
    replaceSelection: async ({ taskId, index, how }) => ({
      message: await controller.replaceWithResult(taskId, index, how),
    }),
    undoReplace: async ({ taskId }) => ({ message: await controller.undoReplace(taskId) }),
    getLedger: () => controller.getLedger(),
    revealClaim: async ({ tabId, claimId }) => {
      await controller.revealClaim(tabId, claimId);
      return {};
    },
    checkDraftAgain: async (_data, sender) => {
      // From a content script (see reportAnchoring): its own tab's draft, and only the sentences that changed are sent.
      // A refusal (no key, no draft) is told in the card that asked, and leaves the check shown in place.
      const tabId = sender.tab?.id;
      if (tabId === undefined) throw new ServiceError({ kind: 'invalid-input', message: t('noTabAsked') });
      const job = await controller.checkDraftAgain(tabId, sender.frameId ?? 0);
      return { jobId: job.id };
    },
    loadContentParts: async (_data, sender) => {
      // Into the sender's own frame, where the first part runs (only content scripts send with a tab).
      const tabId = sender.tab?.id;
      if (tabId === undefined) throw new ServiceError({ kind: 'invalid-input', message: t('noTabAsked') });
      await injectContentParts(tabId, sender.frameId ?? 0);
      return {};
    },
    reportAnchoring: async (report, sender) => {
      // The dispatcher accepts this from content scripts: the tab is the sender's, never the data's.
      const tabId = sender.tab?.id;
      if (tabId !== undefined) await controller.reportAnchoring(tabId, report);
      return {};
    },
  };
}
