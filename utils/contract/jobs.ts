/**
 * A check job, as the background persists it (storage.session) and publishes it (without its texts).
 *
 * A job is a small state machine: queued → detecting → verifying → done, or failed / cancelled from any
 * stage. Its work is split into units that are each sent once and recorded when answered:
 * - `chunks`: the content, in pieces small enough to send (one piece for a URL). Progressive and
 *   detect-only jobs send each to 4.3; one-call jobs send each to 4.8.
 * - `batches`: groups of claims sent to 4.9 (progressive only).
 * A unit is `pending` until sent, `sent` while its call is out, `done` once answered. A worker that is
 * stopped loses only its `sent` calls; the resumed job sends again exactly the units that are not done.
 */
import { z } from 'zod';
import { checkedClaimSchema, citationSchema, unreadableClaimSchema } from './results';
import {
  bulletPointsRequestSchema,
  groundedRequestSchema,
  keywordsRequestSchema,
  productCopiesRequestSchema,
} from './requests';
import { serviceErrorDataSchema } from './service-error-data';
import { earlierReviewSchema } from './earlier-checks';
import { languageSchema } from './language';

/**
 * The language a page declares where a text is ("de-AT"; '' if it declares none), as a tag (see languageTagOrUnknown):
 * the `lang` of that text where it is quoted. Absent in what was kept before it was.
 */
export const declaredLangSchema = z.string().max(64).optional();

/**
 * `asking`: its claims are detected, and verifying them may cost more than the user allows a check without asking
 * (see Job.question); it waits for their answer, in the popup.
 */
const JOB_STATES = ['queued', 'detecting', 'verifying', 'asking', 'done', 'failed', 'cancelled'] as const;
const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

/** progressive: 4.3 then 4.9 in batches. one-call: 4.8. detect: 4.3 only (claims without verdicts). */
const JOB_MODES = ['progressive', 'one-call', 'detect'] as const;
const jobModeSchema = z.enum(JOB_MODES);
export type JobMode = z.infer<typeof jobModeSchema>;

/** What was checked: the whole page, the user's selection, or the draft they are writing (the focused field). */
const CHECK_SCOPES = ['page', 'selection', 'draft'] as const;
export const checkScopeSchema = z.enum(CHECK_SCOPES);
export type CheckScope = z.infer<typeof checkScopeSchema>;

/** How the content reached the service: by its address (the service fetches it) or as text. */
const SOURCE_KINDS = ['url', 'text'] as const;
export const sourceKindSchema = z.enum(SOURCE_KINDS);
export type SourceKind = z.infer<typeof sourceKindSchema>;

const unitStateSchema = z.enum(['pending', 'sent', 'done']);
export type UnitState = z.infer<typeof unitStateSchema>;

const chunkSchema = z.object({
  /** The text to send; empty for a URL source (the job's URL is sent). */
  text: z.string(),
  state: unitStateSchema,
});
export type Chunk = z.infer<typeof chunkSchema>;

const batchSchema = z.object({
  /** Indexes into the job's claims. */
  claimIds: z.array(z.int().nonnegative()),
  state: unitStateSchema,
});
export type Batch = z.infer<typeof batchSchema>;

const unreadableSchema = unreadableClaimSchema.shape.unreadable;

export const jobClaimSchema = z.object({
  id: z.int().nonnegative(),
  text: z.string(),
  /** The verdict and its explanation; null while checking, or when the service returned none. */
  result: checkedClaimSchema.nullable(),
  /** True once its batch was answered without a verdict for it. */
  missing: z.boolean(),
  /**
   * The service answered for it, but its answer could not be read: what was wrong, and the item as it came (for the
   * details view). Its Retry sends this claim alone again.
   */
  unreadable: unreadableSchema.nullish(),
  /**
   * Reviews fact-checkers published of the same claim, newest first (see utils/background/earlier): absent until looked
   * for (and when the user did not turn the lookup on), [] when there are none.
   */
  earlier: z.array(earlierReviewSchema).nullish(),
});
export type JobClaim = z.infer<typeof jobClaimSchema>;

export const jobCreditsSchema = z.object({
  used: z.number().nonnegative(),
  /** Answers that did not say what they cost: the total is then a lower bound. */
  unreported: z.int().nonnegative(),
});
export type JobCredits = z.infer<typeof jobCreditsSchema>;

export const jobSchema = z.object({
  id: z.string(),
  /** The tab the job belongs to; null once the tab was closed or navigated away. */
  tabId: z.int().nullable(),
  pageUrl: z.string(),
  /**
   * The frame a draft or selection check was made in (0: the top frame; an editor in an iframe otherwise), and
   * that frame's address: the content script there draws it.
   */
  frameId: z.int().nonnegative().default(0),
  frameUrl: z.string().default(''),
  /** Made in a private (incognito) window: nothing of it is kept on disk (see keepFinished). */
  privateWindow: z.boolean().default(false),
  /** Checked as the user wrote, on a site where they turned it on (see write-sites.ts), not asked for by a click. */
  asYouWrite: z.boolean().default(false),
  /**
   * While `asking`: how many claims verifying would send (`verify`), or a one-call check's claims at most (`check`,
   * before its one call), and the credits it would cost, about.
   */
  question: z
    .object({
      kind: z.enum(['verify', 'check']).default('verify'),
      claims: z.int().nonnegative(),
      estimate: z.number().nonnegative(),
    })
    .nullable()
    .default(null),
  /** How long the page's readable text is, sent or not (a page sent by address): what a cost is estimated from. */
  readableLength: z.int().nonnegative().default(0),
  /** The user's limit was looked at, or answered, for the spend this run of the job may make (see JobRunner.asked). */
  costApproved: z.boolean().default(false),
  pageTitle: z.string(),
  scope: checkScopeSchema,
  sourceKind: sourceKindSchema,
  /** Why this source was chosen, in words for the user (e.g. "localhost is not reachable by the service"). */
  sourceReason: z.string(),
  /** Whether the other source kind could be used for this content (the popup offers the switch). */
  canSwitchSource: z.boolean(),
  /** For a URL source, the address sent. */
  url: z.string(),
  headline: z.string(),
  /** Characters of text sent (0 for a URL source). */
  textLength: z.int().nonnegative(),
  language: languageSchema,
  /** The language is the one the checked text declares (the options' "own language" box), not the one chosen. */
  languageFromPage: z.boolean().optional(),
  /** The language the page declares where the checked text is: its claims' `lang`. */
  textLang: declaredLangSchema,
  /** The language the page declares for itself: its title's `lang` (for a selection, not always the text's). */
  titleLang: declaredLangSchema,
  mode: jobModeSchema,
  state: jobStateSchema,
  createdAt: z.number(),
  /** When it last set off: made, or retried after a failure (the popup's clock counts from it); createdAt if unset. */
  startedAt: z.number().optional(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
  cacheKey: z.string(),
  /** Set when the result came from the cache: when it was first computed. */
  cachedAt: z.number().nullable(),
  chunks: z.array(chunkSchema),
  batches: z.array(batchSchema),
  claims: z.array(jobClaimSchema),
  credits: jobCreditsSchema,
  /** The whole text of a checked draft (its chunks may hold only the changed sentences). */
  draftText: z.string().default(''),
  /**
   * What the content script reported: how many claims it located in the page, which it did not, and which of those
   * are in sections the page keeps collapsed (none in jobs stored before it told).
   */
  anchoring: z
    .object({
      located: z.int().nonnegative(),
      total: z.int().nonnegative(),
      notFound: z.array(z.int().nonnegative()),
      collapsed: z.array(z.int().nonnegative()).default([]),
      offView: z.array(z.int().nonnegative()).default([]),
    })
    .nullable()
    .default(null),
  /** A passing remark, e.g. "Rate limited: retrying in 5 s". */
  notice: z.string(),
  /** What an answer lacked as a whole, in words (e.g. it held no fact-check results); '' when nothing. */
  problem: z.string().default(''),
  /** Why the earlier fact-checks could not be looked for, in words; '' when nothing went wrong. */
  earlierProblem: z.string().optional(),
  error: serviceErrorDataSchema.nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** A job as published to the popup and the content script: everything but the texts it sends. */
export const jobViewSchema = jobSchema.omit({ draftText: true }).extend({
  chunks: z.array(z.object({ state: unitStateSchema })),
  /** The language's tag ("fr"): the `lang` of what the service wrote, where it is shown (see LANGUAGE_TAGS). */
  languageTag: z.string(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** A rephrase or an extension of the user's selection, asked for from the context menu or the popup. */
const WRITING_KINDS = ['rephrase', 'extend'] as const;
export const writingKindSchema = z.enum(WRITING_KINDS);
export type WritingKind = z.infer<typeof writingKindSchema>;

/** The generation tools of the Write view: 4.4, 4.5, 4.10 and 4.11. */
const GENERATION_TOOLS = ['bullets', 'keywords', 'grounded', 'product'] as const;
const generationToolSchema = z.enum(GENERATION_TOOLS);
export type GenerationTool = z.infer<typeof generationToolSchema>;

/** A generation request, checked with the client's own request schemas. */
export const generationRequestSchema = z.discriminatedUnion('tool', [
  z.object({ tool: z.literal('bullets'), request: bulletPointsRequestSchema }),
  z.object({ tool: z.literal('keywords'), request: keywordsRequestSchema }),
  z.object({ tool: z.literal('grounded'), request: groundedRequestSchema }),
  z.object({ tool: z.literal('product'), request: productCopiesRequestSchema }),
]);
export type GenerationRequest = z.infer<typeof generationRequestSchema>;
/** A generation request as the popup sends it, before the defaults the schema fills in. */
export type GenerationRequestInput = z.input<typeof generationRequestSchema>;

/**
 * Where a result is written in the page: over the selection it came from, after that selection (which stays), or at the
 * caret of the field or editor that has the page's focus (a generated text; a rephrasing of text that is not editable).
 */
export const writeHowSchema = z.enum(['replace', 'insert', 'caret']);
export type WriteHow = z.infer<typeof writeHowSchema>;

export const writingTaskSchema = z.object({
  id: z.string(),
  tabId: z.int().nullable(),
  kind: z.union([writingKindSchema, generationToolSchema]),
  /** The selection (rephrase, extend), or the request in words (the generation tools). */
  input: z.string(),
  /** For the generation tools: the request itself, sent again if the worker stopped while it was out. */
  generation: generationRequestSchema.nullable().default(null),
  /** Sources the service considered (4.10). */
  citations: z.array(citationSchema).default([]),
  /**
   * The language the page declares where the selection is (rephrase, extend): the `lang` of the selection and of its
   * rephrasings, which the service writes in the selection's language. Absent for the rest.
   */
  textLang: declaredLangSchema,
  /** Whether the selection was in an editable field, so that the result can replace it. */
  editable: z.boolean(),
  /** The frame the selection is in (0: the top frame); once a result is inserted at a caret, that caret's frame. */
  frameId: z.int().nonnegative().default(0),
  /** Asked for from a private window: forgotten when the last one closes. */
  privateWindow: z.boolean().default(false),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  /** While it runs, a passing remark: "The service asked us to slow down: trying again in 30 s." */
  notice: z.string().default(''),
  texts: z.array(z.string()),
  credits: jobCreditsSchema,
  createdAt: z.number(),
  error: serviceErrorDataSchema.nullable(),
  /**
   * What was last written over the selection in the page (a result, or the selection and a result after it), kept
   * for its undo; null before any, and once undone.
   */
  replacedWith: z.string().nullable().default(null),
  /** What `replacedWith` took the place of, which its undo writes back: the selection, or nothing (at a caret). */
  replacedOver: z.string().nullable().default(null),
});
export type WritingTask = z.infer<typeof writingTaskSchema>;

/** The running total of credits this browser has spent, across jobs. */
export const ledgerSchema = z.object({
  total: z.number().nonnegative(),
  unreported: z.int().nonnegative(),
  since: z.number(),
  /** Credits spent checking as the user writes on `day` (the local date, YYYY-MM-DD): the daily limit counts these. */
  writing: z.object({ day: z.string(), credits: z.number().nonnegative() }).default({ day: '', credits: 0 }),
  /** Claims verified by answers that said what they cost, and those credits: what a claim costs, on average. */
  verified: z.object({ claims: z.number().nonnegative(), credits: z.number().nonnegative() }).default({
    claims: 0,
    credits: 0,
  }),
  /** Sentences sent for detection by answers that said what they cost, and those credits (see write-budget.ts). */
  detected: z.object({ sentences: z.number().nonnegative(), credits: z.number().nonnegative() }).default({
    sentences: 0,
    credits: 0,
  }),
});
export type Ledger = z.infer<typeof ledgerSchema>;
