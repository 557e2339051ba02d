/** The messages of checking as the user writes: the sites it is on (the popup, the options page), and the checks and
 * menu actions a content script on such a site asks for. */
import { browser, type Browser } from '#imports';
import { isActive } from '../../shared/progress';
import type { Controller } from '../controller';
import type { PageSnapshot } from '../../contract/page-actions';
import type { Handlers } from '../protocol';
import { loadSettings } from '../settings-store';
import { localDay } from '../../shared/format';
import type { AsYouWriteState, WriteSiteView } from '../../contract/messages';
import { ServiceError } from '../api/errors';
import { estimateCall, spentOn } from '../check/write-budget';
import { WritePace } from '../write-pace';
import {
  addWriteSite,
  isWriteSite,
  listWriteSites,
  removeWriteSite,
  siteOf,
  sitePolicy,
  type SiteInForce,
} from '../write-sites';

type AsYouWriteMessages =
  | 'writeSiteOf'
  | 'setWriteSite'
  | 'listWriteSites'
  | 'asYouWriteState'
  | 'checkAsIWrite'
  | 'turnOffWriteSite'
  | 'openFactLens';

const view = ({ origin, addedAt, managed }: SiteInForce): WriteSiteView => ({ origin, addedAt, managed });

export function asYouWriteHandlers(controller: Controller): Pick<Handlers, AsYouWriteMessages> {
  const pace = new WritePace();
  /** Tabs whose check is being started: a second frame's ask meanwhile is busy, and cancels nothing. */
  const starting = new Set<number>();

  /**
   * Today's spend checking as the user writes (the calls booked and not yet answered too), the day's limit, and
   * whether it is reached: not even the smallest check (a sentence's detection) would fit in what is left.
   */
  async function today(): Promise<{ spentToday: number; dailyLimit: number; limitReached: boolean }> {
    const [ledger, settings] = await Promise.all([controller.getLedger(), loadSettings()]);
    const spentToday = spentOn(ledger, localDay(Date.now()));
    const smallest = estimateCall(ledger, { kind: 'detect', sentences: 1 });
    return {
      spentToday,
      dailyLimit: settings.writeDailyLimit,
      limitReached: spentToday + smallest > settings.writeDailyLimit,
    };
  }

  /** Where checking as the user writes stands in the sender's frame. */
  async function stateFor(sender: Browser.runtime.MessageSender): Promise<AsYouWriteState> {
    if (sender.tab?.id === undefined || !(await isWriteSite(sender.url))) return 'off';
    return (await today()).limitReached ? 'limit' : 'on';
  }

  return {
    writeSiteOf: async ({ tabId }) => {
      const tab = await browser.tabs.get(tabId).catch(() => null);
      const site = siteOf(tab?.url);
      return {
        site,
        on: site !== null && (await isWriteSite(tab?.url)),
        sitePolicy: site === null ? 'none' : await sitePolicy(site),
        ...(await today()),
      };
    },
    setWriteSite: async ({ origin, on, askedPermission }) => ({
      sites: (on ? await addWriteSite(origin, askedPermission) : await removeWriteSite(origin)).map(view),
    }),
    listWriteSites: async () => ({ sites: (await listWriteSites()).map(view) }),
    asYouWriteState: async (_data, sender) => ({ state: await stateFor(sender) }),
    checkAsIWrite: async ({ text, lang }, sender) => {
      const state = await stateFor(sender);
      const tab = sender.tab;
      const site = siteOf(sender.url);
      if (state !== 'on' || tab?.id === undefined || !site) return { outcome: state === 'limit' ? 'limit' : 'off' };
      const tabId = tab.id;
      // Another check of the tab (the user's, or another frame's) is never replaced: its calls in flight are paid for.
      const running = await controller.latestJob(tabId);
      if (starting.has(tabId) || (running && isActive(running.state))) return { outcome: 'busy' };
      const now = Date.now();
      const retryInMs = pace.take(tabId, site, now);
      if (retryInMs > 0) return { outcome: 'wait', retryInMs };
      starting.add(tabId);
      try {
        const given = draftSnapshot(tab, sender, text, lang);
        const job = await controller.startCheck({ tabId, scope: 'draft', given, asYouWrite: true, quiet: true });
        return { outcome: 'started', jobId: job.id };
      } catch (error) {
        pace.giveBack(tabId, site, now);
        if (error instanceof ServiceError && error.kind === 'limit') return { outcome: 'limit' };
        if (error instanceof ServiceError && error.kind === 'rate-limit') return { outcome: 'busy' };
        throw error;
      } finally {
        starting.delete(tabId);
      }
    },
    turnOffWriteSite: async (_data, sender) => {
      const site = siteOf(sender.url);
      if (site) await removeWriteSite(site);
      return {};
    },
    openFactLens: async (_data, sender) => {
      const tabId = sender.tab?.id;
      if (tabId !== undefined) await openPopupFor(tabId);
      return {};
    },
  };
}

/** The draft a frame sends as the user writes, as a page snapshot of it: its text, language and frame. */
function draftSnapshot(
  tab: Browser.tabs.Tab,
  sender: Browser.runtime.MessageSender,
  text: string,
  lang: string | undefined,
): PageSnapshot {
  const frameId = sender.frameId ?? 0;
  return {
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
}

/** Opens the toolbar's popup; where it cannot be opened from here (Firefox asks for a click on it), in a window. */
async function openPopupFor(tabId: number): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  try {
    await action.openPopup();
  } catch {
    await browser.windows.create({
      url: browser.runtime.getURL(`/popup.html?tabId=${tabId}`),
      type: 'popup',
      width: 420,
      height: 640,
    });
  }
}
