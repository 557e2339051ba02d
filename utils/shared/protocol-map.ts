/**
 * Every message between the extension's contexts, with its data and its reply, and the events port's messages. The
 * popup, the side panel, the options page and the content script send by this map (see messaging.ts); the worker
 * checks each message at run time with the zod schemas of utils/background/protocol.ts, which a type test
 * (tests/unit/protocol-map.test.ts) pins to it. The domain types come from the worker's schemas, as types only.
 */
import type { Asset, BrandVoice, Page } from '../background/api/domain';
import type { HistoryEntry, HistorySummary } from '../background/check/history';
import type {
  CheckScope,
  GenerationRequestInput,
  JobView,
  Ledger,
  SourceKind,
  WriteHow,
  WritingKind,
  WritingTask,
} from '../background/check/model';
import type { Settings } from './settings-item';

type Empty = Record<string, never>;
type JobId = { jobId: string };
/** A library search: the words to look for (empty for all), and which page of how many entries. */
type LibrarySearch = { query: string; page: number; pageSize: number };

/** What the popup shows about a tab before a check: what would be sent, and what can be checked. */
export interface TabInfo {
  tabId: number;
  url: string;
  title: string;
  headline: string;
  /** The first characters of the selection (the background keeps the rest). */
  selectionPreview: string;
  selectionLength: number;
  selectionEditable: boolean;
  /** 0 when the draft has no words (see hasWords). */
  draftLength: number;
  /** The focus is in an editor that draws its text on a canvas, where it cannot be read (see drawnOnCanvas). */
  drawnOnCanvas: boolean;
  /** The tab shows a PDF in the browser's viewer, whose text the extension cannot read (see PageSnapshot.pdf). */
  pdf: boolean;
  mainTextLength: number;
  /** How the page would be sent, and why. */
  pageSource: { kind: SourceKind; reason: string; canSwitch: boolean };
  /** Set when the page cannot be read (a browser page, no access): why, in words. */
  unreadable: string | null;
  /** The page cannot be read for want of access, which allowing every site would give (see allowingSitesWouldHelp). */
  canAllowSites: boolean;
}

/** A site where the user turned on checking as they write (see utils/background/write-sites.ts). */
export interface WriteSiteView {
  origin: string;
  addedAt: number;
}

/** Where checking as the user writes stands in a frame: off, on, or paused by the day's limit. */
export type AsYouWriteState = 'off' | 'on' | 'limit';

/** What a request to check a draft as the user writes came to. */
export type AsYouWriteOutcome =
  | { outcome: 'started'; jobId: string }
  /** Another check runs on the tab (one the user asked for, or another frame's): asked again once it ends. */
  | { outcome: 'busy' }
  /** Checks start no faster than a person writes (see write-pace.ts): asked again after `retryInMs`. */
  | { outcome: 'wait'; retryInMs: number }
  | { outcome: 'limit' }
  | { outcome: 'off' };

/** Each message's data (as sent) and reply. See utils/background/protocol.ts for what each does. */
export interface ProtocolMap {
  getSettings: { data: undefined; reply: { settings: Settings; apiKey: string } };
  saveSettings: { data: { settings: Settings; apiKey?: string | undefined }; reply: { warning?: string | undefined } };
  keyStatus: { data: undefined; reply: { saved: boolean } };
  testConnection: { data: undefined; reply: { message: string } };
  inspectTab: { data: { tabId: number }; reply: TabInfo };
  startCheck: {
    data: {
      tabId: number;
      scope: CheckScope;
      sourceKind?: SourceKind | undefined;
      detectOnly?: boolean | undefined;
      recheck?: boolean | undefined;
    };
    reply: JobView;
  };
  verifyDetected: { data: JobId; reply: JobView };
  answerQuestion: { data: JobId & { answer: 'all' | 'first' | 'stop' }; reply: JobView };
  cancelJob: { data: JobId; reply: Empty };
  retryJob: { data: JobId; reply: Empty };
  retryClaim: { data: JobId & { claimId: number }; reply: Empty };
  startWriting: { data: { tabId: number; kind: WritingKind }; reply: WritingTask };
  startGeneration: { data: { tabId: number; generation: GenerationRequestInput }; reply: WritingTask };
  replaceSelection: { data: { taskId: string; index: number; how?: WriteHow | undefined }; reply: { message: string } };
  undoReplace: { data: { taskId: string }; reply: { message: string } };
  getLedger: { data: undefined; reply: Ledger };
  listBrandVoices: { data: LibrarySearch; reply: Page<BrandVoice> };
  listAssets: { data: LibrarySearch; reply: Page<Asset> };
  getUploadTarget: { data: undefined; reply: { url: string; apiKey: string } };
  getHistory: { data: undefined; reply: HistorySummary[] };
  getHistoryEntry: { data: { id: string }; reply: HistoryEntry };
  removeHistoryEntry: { data: { id: string }; reply: HistoryEntry };
  restoreHistoryEntry: { data: HistoryEntry; reply: Empty };
  clearHistory: { data: undefined; reply: Empty };
  revealClaim: { data: { tabId: number; claimId: number }; reply: Empty };
  checkDraftAgain: { data: undefined; reply: { jobId: string } };
  writeSiteOf: {
    data: { tabId: number };
    reply: {
      site: string | null;
      on: boolean;
      spentToday: number;
      dailyLimit: number;
      /** Not even the smallest check fits in what is left of the day's limit. */
      limitReached: boolean;
    };
  };
  setWriteSite: { data: { origin: string; on: boolean; askedPermission: boolean }; reply: { sites: WriteSiteView[] } };
  listWriteSites: { data: undefined; reply: { sites: WriteSiteView[] } };
  asYouWriteState: { data: undefined; reply: { state: AsYouWriteState } };
  checkAsIWrite: { data: { text: string; lang?: string | undefined }; reply: AsYouWriteOutcome };
  turnOffWriteSite: { data: undefined; reply: Empty };
  openFactLens: { data: undefined; reply: Empty };
  reportAnchoring: {
    data: { jobId: string; located: number; total: number; notFound: number[]; collapsed?: number[] | undefined };
    reply: Empty;
  };
}

export type MessageName = keyof ProtocolMap;
export type MessageData<K extends MessageName> = ProtocolMap[K]['data'];
export type MessageReply<K extends MessageName> = ProtocolMap[K]['reply'];

/** The events port (EVENTS_PORT): a popup, side panel or content script says which tab it watches… */
export interface WatchRequest {
  type: 'watch';
  tabId?: number | undefined;
  /** From a content script whose page came back from the back-forward cache: the check it still shows. */
  resume?: string | undefined;
}

/** …and gets that tab's state on every change (a content script, only the job). */
export interface TabState {
  type: 'state';
  tabId: number;
  job: JobView | null;
  writing: WritingTask | null;
  ledger: Ledger | null;
}

/**
 * What the background tells a content script (tabs.sendMessage), checked there by shape: show this claim (the popup's
 * "Show in page"), or, with `claimId: 'next'`, the one after the card's, or else the first at or below the view's top
 * (the next-claim command).
 */
export interface RevealMessage {
  type: 'factlens:reveal';
  claimId: number | 'next';
}

/** What the background tells every content script of a tab for the hide-highlights command: hide or show them. */
export interface ToggleHighlightsMessage {
  type: 'factlens:toggle-highlights';
}
