// First: zod reads this as each schema is made (see zod-jitless.ts).
import '@/utils/contract/zod-jitless';
import { browser, defineBackground } from '#imports';
import { createController, RESUME_ALARM } from '@/utils/background/controller';
import { createMenus, onCommand, onMenuClicked } from '@/utils/background/entry-points';
import { asYouWriteHandlers } from '@/utils/background/handlers/as-you-write-messages';
import { checkHandlers } from '@/utils/background/handlers/checks';
import { historyHandlers } from '@/utils/background/handlers/history-messages';
import { libraryHandlers } from '@/utils/background/handlers/library';
import { settingsHandlers } from '@/utils/background/handlers/settings-messages';
import { registerHandlers } from '@/utils/background/protocol';
import { guardFeatures } from '@/utils/background/feature-guard';
import { syncRegistrations } from '@/utils/background/write-sites';
import { syncDocsFlag } from '@/utils/background/docs-access';
import { isPolicyChange } from '@/utils/shared/policy-change';

export default defineBackground(() => {
  // Keep storage.local out of content scripts' reach. Chrome supports this for every area; Firefox only for
  // session, where it is already the default. Nothing of worth is in storage.local any more (see trusted-item.ts):
  // this is defence in depth.
  void browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(() => undefined);

  const controller = createController();

  // Every listener is registered synchronously at the top level, so that a restarted worker gets the
  // event that woke it.
  controller.hub.listen();
  browser.runtime.onInstalled.addListener(() => void createMenus());
  // The organization's policy changed (Chrome reads it again as its file or registry changes): what it turns on or
  // off applies at once. Settings and features are read at each use; menus and registered scripts are made again.
  browser.storage.onChanged.addListener((changes, area) => {
    if (!isPolicyChange(changes, area)) return;
    void createMenus();
    void syncRegistrations().catch(() => undefined);
  });
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(controller, info, tab));
  browser.commands.onCommand.addListener((command, tab) => void onCommand(controller, command, tab));
  browser.tabs.onRemoved.addListener((tabId) => void controller.tabClosed(tabId));
  // The last private window closed: what was checked or written there goes with it.
  browser.windows.onRemoved.addListener(() => void controller.windowClosed());
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.status === 'loading') void controller.tabNavigated(tabId, change.url ?? tab.url);
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) void controller.resume();
  });

  registerHandlers(
    guardFeatures({
      ...settingsHandlers,
      ...checkHandlers(controller),
      ...asYouWriteHandlers(controller),
      ...libraryHandlers,
      ...historyHandlers(controller),
    }),
  );

  // Firefox forgets registered content scripts as it restarts; a site whose permission was taken back is dropped.
  void syncRegistrations().catch((error: unknown) =>
    console.error(
      '[factlens] could not register the sites checked as you write',
      error instanceof Error ? error.message : error,
    ),
  );
  browser.permissions.onRemoved.addListener(() => {
    void syncRegistrations().catch(() => undefined);
    void syncDocsFlag().catch(() => undefined);
  });
  // A site the organization turned on, allowed in the options page: registered now. Google Docs, allowed: its flag.
  browser.permissions.onAdded.addListener(() => {
    void syncRegistrations().catch(() => undefined);
    void syncDocsFlag().catch(() => undefined);
  });
  void syncDocsFlag().catch(() => undefined);

  // A worker started again (after Chrome stopped it) picks up the jobs the old one left unfinished.
  void controller.resume();
});
