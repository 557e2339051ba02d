/** The messages of checking as the user writes: the sites it is on (the popup, the options page), and the checks and
 * menu actions a content script on such a site asks for. */
import { browser, type Browser } from '#imports';
import { isActive } from '../check/model';
import type { Controller } from '../controller';
import type { PageSnapshot } from '../../page/injected/read-page';
import type { Handlers } from '../protocol';
import { loadSettings } from '../settings';
import { localDay } from '../../shared/format';
import type { AsYouWriteState, WriteSiteView } from '../../shared/protocol-map';
import { addWriteSite, isWriteSite, listWriteSites, removeWriteSite, siteOf, type WriteSite } from '../write-sites';

type AsYouWriteMessages =
  | 'writeSiteOf'
  | 'setWriteSite'
  | 'listWriteSites'
  | 'asYouWriteState'
  | 'checkAsIWrite'
  | 'turnOffWriteSite'
  | 'openFactLens';

const view = ({ origin, addedAt }: WriteSite): WriteSiteView => ({ origin, addedAt });

export function asYouWriteHandlers(controller: Controller): Pick<Handlers, AsYouWriteMessages> {
  /** Today's spend checking as the user writes, and the day's limit. */
  async function today(): Promise<{ spentToday: number; dailyLimit: number }> {
    const [ledger, settings] = await Promise.all([controller.getLedger(), loadSettings()]);
    const spentToday = ledger.writing.day === localDay(Date.now()) ? ledger.writing.credits : 0;
    return { spentToday, dailyLimit: settings.writeDailyLimit };
  }

  /** Where checking as the user writes stands in the sender's frame. */
  async function stateFor(sender: Browser.runtime.MessageSender): Promise<AsYouWriteState> {
    if (sender.tab?.id === undefined || !(await isWriteSite(sender.url))) return 'off';
    const { spentToday, dailyLimit } = await today();
    return spentToday >= dailyLimit ? 'limit' : 'on';
  }

  return {
    writeSiteOf: async ({ tabId }) => {
      const tab = await browser.tabs.get(tabId).catch(() => null);
      const site = siteOf(tab?.url);
      return { site, on: site !== null && (await isWriteSite(tab?.url)), ...(await today()) };
    },
    setWriteSite: async ({ origin, on, askedPermission }) => ({
      sites: (on ? await addWriteSite(origin, askedPermission) : await removeWriteSite(origin)).map(view),
    }),
    listWriteSites: async () => ({ sites: (await listWriteSites()).map(view) }),
    asYouWriteState: async (_data, sender) => ({ state: await stateFor(sender) }),
    checkAsIWrite: async ({ text, lang }, sender) => {
      const state = await stateFor(sender);
      const tab = sender.tab;
      if (state !== 'on' || tab?.id === undefined) return { outcome: state === 'limit' ? 'limit' : 'off' };
      // A check the user asked for is not replaced by one they did not.
      const running = await controller.latestJob(tab.id);
      if (running && isActive(running.state) && !running.asYouWrite) return { outcome: 'busy' };
      const frameId = sender.frameId ?? 0;
      const snapshot: PageSnapshot = {
        url: tab.url ?? sender.url ?? '',
        title: tab.title ?? '',
        headline: '',
        mainText: '',
        selection: '',
        selectionEditable: false,
        draft: text,
        signedIn: false,
        ...(lang ? { selectionLang: lang } : {}),
        frameId,
        ...(frameId && sender.url ? { frameUrl: sender.url } : {}),
      };
      const job = await controller.startCheck({
        tabId: tab.id,
        scope: 'draft',
        given: snapshot,
        asYouWrite: true,
        quiet: true,
      });
      return { outcome: 'started', jobId: job.id };
    },
    turnOffWriteSite: async (_data, sender) => {
      const site = siteOf(sender.url);
      if (site) await removeWriteSite(site);
      return {};
    },
    openFactLens: async (_data, sender) => {
      const tabId = sender.tab?.id;
      if (tabId === undefined) return {};
      const action = browser.action ?? browser.browserAction;
      try {
        await action.openPopup();
      } catch {
        // Where the toolbar's popup cannot be opened from here (Firefox asks for a click on it): in a window of its own.
        await browser.windows.create({
          url: browser.runtime.getURL(`/popup.html?tabId=${tabId}`),
          type: 'popup',
          width: 420,
          height: 640,
        });
      }
      return {};
    },
  };
}
