// First: zod reads this as each schema is made (see zod-jitless.ts).
import '@/utils/background/zod-jitless';
import { browser, defineBackground } from '#imports';
import { hostPermissionFor } from '@/utils/shared/base-url';
import { ENDPOINTS } from '@/utils/shared/endpoints';
import { createController, RESUME_ALARM } from '@/utils/background/controller';
import { createMenus, onCommand, onMenuClicked } from '@/utils/background/entry-points';
import { ServiceError } from '@/utils/background/api/errors';
import { forgetDrafts } from '@/utils/background/check/draft-cache';
import { history } from '@/utils/background/check/history';
import { resultCache } from '@/utils/background/check/store';
import { toJobView } from '@/utils/background/check/model';
import { registerHandlers } from '@/utils/background/protocol';
import { clientFromSettings, serviceAccess } from '@/utils/background/service';
import { apiKeyItem, cleanApiKey, loadSettings, settingsItem } from '@/utils/background/settings';

/** A past check asked for (to reopen, or remove) that the history no longer holds. */
const noLongerKept = () =>
  new ServiceError({ kind: 'invalid-input', message: 'That check is no longer in the history.' });

export default defineBackground(() => {
  // Keep storage.local out of content scripts' reach. Chrome supports this for every area; Firefox only for
  // session, where it is already the default. Nothing of worth is in storage.local any more (see trusted-item.ts):
  // this is defence in depth.
  void browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(() => undefined);

  const controller = createController();

  // Every listener is registered synchronously at the top level, so that a restarted worker gets the
  // event that woke it.
  controller.hub.listen();
  browser.runtime.onInstalled.addListener(createMenus);
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(controller, info, tab));
  browser.commands.onCommand.addListener((command, tab) => void onCommand(controller, command, tab));
  browser.tabs.onRemoved.addListener((tabId) => void controller.tabClosed(tabId));
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.status === 'loading') void controller.tabNavigated(tabId, change.url ?? tab.url);
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) void controller.resume();
  });

  registerHandlers({
    async getSettings() {
      const [settings, apiKey] = await Promise.all([loadSettings(), apiKeyItem.getValue()]);
      return { settings, apiKey };
    },

    async saveSettings({ settings, apiKey }) {
      await settingsItem.setValue(settings);
      if (apiKey !== undefined) await apiKeyItem.setValue(cleanApiKey(apiKey));
      const missing: string[] = [];
      for (const base of new Set([settings.apiBaseUrl, settings.uploadBaseUrl || settings.apiBaseUrl])) {
        const origin = hostPermissionFor(base);
        if (!(await browser.permissions.contains({ origins: [origin] }))) missing.push(new URL(base).host);
      }
      return missing.length
        ? {
            warning: `Saved, but the extension may not contact ${missing.join(' and ')}: allow access when asked, or calls there will fail.`,
          }
        : {};
    },

    keyStatus: async () => ({ saved: (await apiKeyItem.getValue()).trim() !== '' }),

    async testConnection() {
      const client = await clientFromSettings();
      // A normal page, as the docs' samples ask for (1 to 10): a service may treat a one-item range as odd.
      const page = await client.listBrandVoices({ start_count: 1, end_count: 10 });
      const voices = page.totalKnown
        ? `your library has ${page.total} brand voice${page.total === 1 ? '' : 's'}`
        : `the first page of your library lists ${page.items.length} brand voice${page.items.length === 1 ? '' : 's'}`;
      return { message: `Connected. Your key works; ${voices}.` };
    },

    inspectTab: ({ tabId }) => controller.inspectTab(tabId),
    startCheck: async (request) => toJobView(await controller.startCheck(request)),
    verifyDetected: async ({ jobId }) => toJobView(await controller.verifyDetected(jobId)),
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
    async listBrandVoices({ query, page, pageSize }) {
      const client = await clientFromSettings();
      // The service counts entries from 1, both ends included (start_count, end_count).
      const start = (page - 1) * pageSize + 1;
      return client.listBrandVoices({
        name: query.trim() || undefined,
        start_count: start,
        end_count: start + pageSize - 1,
      });
    },
    async listAssets({ query, page, pageSize }) {
      const client = await clientFromSettings();
      const start = (page - 1) * pageSize + 1;
      return client.listAssets({
        file_name: query.trim() || undefined,
        start_count: start,
        end_count: start + pageSize - 1,
      });
    },
    async getUploadTarget() {
      const { settings, apiKey } = await serviceAccess();
      const base = (settings.uploadBaseUrl || settings.apiBaseUrl).replace(/\/+$/, '');
      return { url: `${base}${ENDPOINTS.uploadFile.path}`, apiKey };
    },
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
    // The caches go too: they quote what was checked, pages and drafts alike.
    clearHistory: async () => {
      await Promise.all([history.clear(), resultCache.clear(), forgetDrafts()]);
      return {};
    },
    revealClaim: async ({ tabId, claimId }) => {
      await controller.revealClaim(tabId, claimId);
      return {};
    },
    checkDraftAgain: async (_data, sender) => {
      // From a content script (see reportAnchoring): its own tab's draft, and only the sentences that changed are sent.
      // A refusal (no key, no draft) is told in the card that asked, and leaves the check shown in place.
      const tabId = sender.tab?.id;
      if (tabId === undefined)
        throw new ServiceError({ kind: 'invalid-input', message: 'No tab asked for this check.' });
      const job = await controller.checkDraftAgain(tabId, sender.frameId ?? 0);
      return { jobId: job.id };
    },
    reportAnchoring: async (report, sender) => {
      // The dispatcher accepts this from content scripts: the tab is the sender's, never the data's.
      const tabId = sender.tab?.id;
      if (tabId !== undefined) await controller.reportAnchoring(tabId, report);
      return {};
    },
  });

  // A worker started again (after Chrome stopped it) picks up the jobs the old one left unfinished.
  void controller.resume();
});
