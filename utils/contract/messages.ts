/**
 * Every message between the extension's contexts, declared once: its data and its reply as zod schemas (which the
 * worker checks at run time), whether only the extension's own pages may send it (`privileged`), and the events
 * port's messages. The types every sender uses are derived from them. Pages import the types only, and load no zod.
 */
import { z } from 'zod';
import { historyEntrySchema, historySummarySchema } from './history-entries';
import {
  checkScopeSchema,
  generationRequestSchema,
  jobViewSchema,
  ledgerSchema,
  sourceKindSchema,
  writeHowSchema,
  writingKindSchema,
  writingTaskSchema,
} from './jobs';
import { assetSchema, brandVoiceSchema, pageOf } from './results';
import { settingsSchema } from './settings';
import { FEATURES } from './managed-policy';

const tabIdSchema = z.int().nonnegative();

/** A library search: the words to look for (empty for all), and which page of how many entries. */
const librarySearchSchema = z.object({
  query: z.string().max(200),
  page: z.int().min(1).max(10_000),
  pageSize: z.int().min(1).max(50),
});
/** What the organization sets, for the pages that show it (never the gateway token a policy gives). */
const managedViewSchema = z.object({
  /** Whether any policy is in force: the popup and the options page say that FactLens is managed. */
  managed: z.boolean(),
  /** The settings' fields the organization sets outright: read-only in the options. */
  set: z.array(z.enum(['apiBaseUrl', 'uploadBaseUrl', 'authMode'])),
  /** The caps on the user's own values. */
  caps: z.object({ writeDailyLimit: z.int().optional(), askAboveCredits: z.int().optional() }),
  /** The person's gateway token is given by a policy: the field is not theirs to edit. */
  tokenByPolicy: z.boolean(),
  disabledFeatures: z.array(z.enum(FEATURES)),
  sendPageAddresses: z.boolean(),
  writeSitesBlocked: z.array(z.string()),
  historyDays: z.int().nullable(),
  /** Policies that were set but did not validate, by name, for the administrator reading the options page. */
  dropped: z.array(z.string()),
});
export type ManagedView = z.infer<typeof managedViewSchema>;
const jobIdSchema = z.object({ jobId: z.string().min(1).max(100) });
/** A site checked as the user writes; `managed`: turned on by the organization, not the user's to turn off. */
export const writeSiteViewSchema = z.object({ origin: z.string(), addedAt: z.number(), managed: z.boolean() });
/** The longest draft checked as the user writes (a longer one is checked from the popup). */
const MAX_AS_YOU_WRITE_CHARS = 100_000;

/** What the popup shows about a tab before a check: what would be sent, and what can be checked. */
export const tabInfoSchema = z.object({
  tabId: tabIdSchema,
  url: z.string(),
  title: z.string(),
  headline: z.string(),
  /** The first characters of the selection (the background keeps the rest). */
  selectionPreview: z.string(),
  selectionLength: z.int().nonnegative(),
  selectionEditable: z.boolean(),
  /** 0 when the draft has no words (see hasWords). */
  draftLength: z.int().nonnegative(),
  /** The focus is in an editor that draws its text on a canvas, where it cannot be read (see drawnOnCanvas). */
  drawnOnCanvas: z.boolean(),
  /** The tab shows a PDF in the browser's viewer, whose text the extension cannot read (see PageSnapshot.pdf). */
  pdf: z.boolean(),
  mainTextLength: z.int().nonnegative(),
  /** How the page would be sent, and why. */
  pageSource: z.object({ kind: sourceKindSchema, reason: z.string(), canSwitch: z.boolean() }),
  /** Set when the page cannot be read (a browser page, no access): why, in words. */
  unreadable: z.string().nullable(),
  /** The page cannot be read for want of access, which allowing every site would give (see allowingSitesWouldHelp). */
  canAllowSites: z.boolean().default(false),
  /**
   * A Google Doc's: whether FactLens is allowed in Google Docs, whether the document's layer is there (it was opened
   * since), and whether its whole text could be read (Docs' export); null on any other page.
   */
  googleDoc: z.object({ allowed: z.boolean(), layer: z.boolean(), whole: z.boolean() }).nullable().default(null),
});

export const MESSAGES = {
  /** Settings and the key, for the options page. */
  getSettings: {
    privileged: true,
    data: z.undefined(),
    reply: z.object({
      settings: settingsSchema,
      apiKey: z.string(),
      factCheckKey: z.string(),
      managed: managedViewSchema,
    }),
  },
  /** Saves settings (and the key, when given); replies with a warning when the host is not permitted. */
  saveSettings: {
    privileged: true,
    data: z.object({
      settings: settingsSchema,
      apiKey: z.string().optional(),
      factCheckKey: z.string().max(200).optional(),
    }),
    reply: z.object({ warning: z.string().optional() }),
  },
  /**
   * Whether a key (or gateway token) is saved, not the key itself: the popup asks a user with none to add one before
   * anything else; and what the organization sets, which the popup says and follows.
   */
  keyStatus: {
    privileged: true,
    data: z.undefined(),
    reply: z.object({ saved: z.boolean(), authMode: z.enum(['key', 'gateway']), managed: managedViewSchema }),
  },
  /** Makes a cheap call with the saved settings and key. */
  testConnection: {
    privileged: true,
    data: z.undefined(),
    reply: z.object({ message: z.string() }),
  },
  /** What the popup needs to offer a check of the tab: its selection, its draft, the source it would use. */
  inspectTab: {
    privileged: true,
    data: z.object({ tabId: tabIdSchema }),
    reply: tabInfoSchema,
  },
  /** FactLens was just allowed in Google Docs (from the popup's click): its flag is registered before the reply. */
  docsAllowed: { privileged: true, data: z.undefined(), reply: z.object({}) },
  /** Starts a check of the tab's page, selection or draft; a cached result is used unless `recheck`. */
  startCheck: {
    privileged: true,
    data: z.object({
      tabId: tabIdSchema,
      scope: checkScopeSchema,
      sourceKind: sourceKindSchema.optional(),
      detectOnly: z.boolean().optional(),
      recheck: z.boolean().optional(),
    }),
    reply: jobViewSchema,
  },
  /** Verifies the claims a finished "Detect claims" found, without detecting them again; returns the new check. */
  /** The user's answer to a check that asks before verifying (see cost-question.ts): all, the first ten, or none. */
  answerQuestion: {
    privileged: true,
    data: jobIdSchema.extend({ answer: z.enum(['all', 'first', 'stop']) }),
    reply: jobViewSchema,
  },
  verifyDetected: { privileged: true, data: jobIdSchema, reply: jobViewSchema },
  cancelJob: { privileged: true, data: jobIdSchema, reply: z.object({}) },
  /** Runs a failed job again, sending only the work that has no answer yet; or a failed writing task's request. */
  retryJob: { privileged: true, data: jobIdSchema, reply: z.object({}) },
  /** Sends one claim of a finished check again, alone: one whose answer could not be read, or that got none. */
  retryClaim: {
    privileged: true,
    data: jobIdSchema.extend({ claimId: z.int().nonnegative().max(100_000) }),
    reply: z.object({}),
  },
  /** Rephrases or extends the tab's selection. */
  startWriting: {
    privileged: true,
    data: z.object({ tabId: tabIdSchema, kind: writingKindSchema }),
    reply: writingTaskSchema,
  },
  /** Runs a generation tool (paragraph from bullet points or keywords, grounded content, product copy). */
  startGeneration: {
    privileged: true,
    data: z.object({ tabId: tabIdSchema, generation: generationRequestSchema }),
    reply: writingTaskSchema,
  },
  /**
   * Writes one of a writing task's results over the selection it was made from (`replace`), just after it (`insert`:
   * the selection stays, followed by the result), or at the caret of the field or editor that has the page's focus
   * (`caret`).
   */
  replaceSelection: {
    privileged: true,
    data: z.object({
      taskId: z.string().min(1).max(100),
      index: z.int().nonnegative(),
      how: writeHowSchema.default('replace'),
    }),
    reply: z.object({ message: z.string() }),
  },
  /**
   * Writes the selection a result replaced back over that result (which must still stand just before the caret), as
   * typing does: for editors whose own Ctrl+Z does not reach an edit they did not see typed.
   */
  undoReplace: {
    privileged: true,
    data: z.object({ taskId: z.string().min(1).max(100) }),
    reply: z.object({ message: z.string() }),
  },
  getLedger: { privileged: true, data: z.undefined(), reply: ledgerSchema },
  /** One page of the user's brand voices, searched by name. Pages count from 1. */
  listBrandVoices: {
    privileged: true,
    data: librarySearchSchema,
    reply: pageOf(brandVoiceSchema),
  },
  /** One page of the user's uploaded assets, searched by file name. */
  listAssets: {
    privileged: true,
    data: librarySearchSchema,
    reply: pageOf(assetSchema),
  },
  /**
   * Where an extension page uploads a file, and the key to send (upload.ts explains why the page sends it):
   * extension pages only, like getSettings.
   */
  getUploadTarget: { privileged: true, data: z.undefined(), reply: z.object({ url: z.string(), apiKey: z.string() }) },
  /** The last checks, newest first, without their claims. */
  getHistory: { privileged: true, data: z.undefined(), reply: z.array(historySummarySchema) },
  /** One past check, whole, to reopen or export it. */
  getHistoryEntry: {
    privileged: true,
    data: z.object({ id: z.string().min(1).max(100) }),
    reply: historyEntrySchema,
  },
  /** Removes one past check; returns it, for the popup's Undo. */
  removeHistoryEntry: {
    privileged: true,
    data: z.object({ id: z.string().min(1).max(100) }),
    reply: historyEntrySchema,
  },
  /** Puts back a past check the popup just removed (its Undo). */
  restoreHistoryEntry: { privileged: true, data: historyEntrySchema, reply: z.object({}) },
  clearHistory: { privileged: true, data: z.undefined(), reply: z.object({}) },
  /** Scrolls the tab to a claim and opens its card (the popup's results list). */
  revealClaim: {
    privileged: true,
    data: z.object({ tabId: tabIdSchema, claimId: z.int().nonnegative() }),
    reply: z.object({}),
  },
  /**
   * From a content script, about its own tab only: check its draft again (a card's button, on a claim the user edited).
   * The tab is the sender's; the draft is the one with the focus, as for the popup's "Check draft".
   */
  checkDraftAgain: { privileged: false, data: z.undefined(), reply: z.object({ jobId: z.string() }) },
  /**
   * From a content script: inject the content script's second part (the card, the list, checking as one writes) into
   * its own frame (see parts-loader.ts).
   */
  loadContentParts: { privileged: false, data: z.undefined(), reply: z.object({}) },
  /** The popup's switch: the active tab's site (null if it cannot be checked as you write), and whether it is on. */
  writeSiteOf: {
    privileged: true,
    data: z.object({ tabId: tabIdSchema }),
    reply: z.object({
      site: z.string().nullable(),
      on: z.boolean(),
      /** The organization turned the site on, or blocked it: the switch is not the user's (see SitePolicy). */
      sitePolicy: z.enum(['on', 'blocked', 'none']),
      /** Credits spent today checking as you write, on every site, and the day's limit. */
      spentToday: z.number().nonnegative(),
      dailyLimit: z.number(),
      /** Not even the smallest check fits in what is left of the day's limit (see write-budget.ts). */
      limitReached: z.boolean(),
    }),
  },
  /**
   * Turns checking as you write on or off for a site. On: the page that asks has had the site's permission granted
   * first, in the user's click (`askedPermission`: it had to ask for it).
   */
  setWriteSite: {
    privileged: true,
    data: z.object({ origin: z.string().max(300), on: z.boolean(), askedPermission: z.boolean() }),
    reply: z.object({ sites: z.array(writeSiteViewSchema) }),
  },
  listWriteSites: { privileged: true, data: z.undefined(), reply: z.object({ sites: z.array(writeSiteViewSchema) }) },
  /** From a content script: whether its frame's site is checked as the user writes, and whether the day's limit is reached. */
  asYouWriteState: {
    privileged: false,
    data: z.undefined(),
    reply: z.object({ state: z.enum(['off', 'on', 'limit']) }),
  },
  /**
   * From a content script, on a site checked as the user writes: check its draft's finished sentences. The tab, the
   * frame and the site are the sender's; only the sentences not checked before are sent (the sentence cache).
   */
  checkAsIWrite: {
    privileged: false,
    data: z.strictObject({ text: z.string().min(1).max(MAX_AS_YOU_WRITE_CHARS), lang: z.string().max(35).optional() }),
    reply: z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('started'), jobId: z.string() }),
      z.object({ outcome: z.literal('busy') }),
      z.object({ outcome: z.literal('wait'), retryInMs: z.number().nonnegative() }),
      z.object({ outcome: z.literal('limit') }),
      z.object({ outcome: z.literal('off') }),
    ]),
  },
  /** From a content script (its indicator's menu): turn checking as you write off for its own site. */
  turnOffWriteSite: { privileged: false, data: z.undefined(), reply: z.object({}) },
  /** From a content script (its indicator's menu): open FactLens's popup for its tab. */
  openFactLens: { privileged: false, data: z.undefined(), reply: z.object({}) },
  /**
   * From a content script, about its own tab only: how many of the job's claims it located. The tab is
   * taken from the sender, never from the data.
   */
  reportAnchoring: {
    privileged: false,
    data: z.object({
      jobId: z.string().min(1).max(100),
      located: z.int().nonnegative().max(10_000),
      total: z.int().nonnegative().max(10_000),
      notFound: z.array(z.int().nonnegative()).max(10_000),
      /** Claims in a section the page keeps collapsed (a content script of an earlier version gives none). */
      collapsed: z.array(z.int().nonnegative()).max(10_000).default([]),
      /** Claims on a part of the page not drawn yet (a Google Doc's pages away from the view). */
      offView: z.array(z.int().nonnegative()).max(10_000).default([]),
    }),
    reply: z.object({}),
  },
} as const;

/**
 * The events port: a popup, side panel or content script connects, says which tab it watches, and gets
 * that tab's state on every change. A content script may watch only its own tab (the background ignores
 * the tab it names), and gets only the job. `resume`: from a content script whose page came back from the
 * browser's back-forward cache, the id of the check it still shows (see the controller's resumeShown).
 */
export const watchRequestSchema = z.object({
  type: z.literal('watch'),
  tabId: tabIdSchema.optional(),
  resume: z.string().min(1).max(100).optional(),
});
export const tabStateSchema = z.object({
  type: z.literal('state'),
  tabId: tabIdSchema,
  job: jobViewSchema.nullable(),
  writing: writingTaskSchema.nullable(),
  ledger: ledgerSchema.nullable(),
});

export type Messages = typeof MESSAGES;
export type MessageName = keyof Messages;
/** A message's data, as sent (before the worker's schema fills in its defaults). */
export type MessageData<K extends MessageName> = z.input<Messages[K]['data']>;
export type MessageReply<K extends MessageName> = z.output<Messages[K]['reply']>;
/** Each message's data (as sent) and reply, by name. */
export type ProtocolMap = { [K in MessageName]: { data: MessageData<K>; reply: MessageReply<K> } };

export type TabInfo = z.output<typeof tabInfoSchema>;
export type WriteSiteView = z.output<typeof writeSiteViewSchema>;
export type WatchRequest = z.input<typeof watchRequestSchema>;
export type TabState = z.output<typeof tabStateSchema>;
/** Where checking as the user writes stands in a frame: off, on, or paused by the day's limit. */
export type AsYouWriteState = MessageReply<'asYouWriteState'>['state'];
/** What a request to check a draft as the user writes came to. */
export type AsYouWriteOutcome = MessageReply<'checkAsIWrite'>;

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
