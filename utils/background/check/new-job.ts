/** Builds a check job from what the page told us, the user's request and the settings. */
import { ServiceError } from '../api/errors';
import type { Language } from '../../contract/language';
import type { Settings } from '../../contract/settings';
import type { SettingsInForce } from '../../contract/managed-policy';
import { nameFromUrl, ownTitle } from '../../shared/urls';
import type { PageSnapshot } from '../../contract/page-actions';
import { languageForTag, languageTagOrUnknown } from '../../shared/page-language';
import type { CheckScope, Job, JobMode, SourceKind } from '../../contract/jobs';
import {
  drawnOnCanvasMessage,
  assertCheckableText,
  cacheKeyFor,
  addressToSend,
  chooseSource,
  drawnOnCanvas,
  splitIntoChunks,
} from './source';
import { hasWords, pdfTextUnreadable } from '../../shared/check-input';
import { t, tp } from '../../shared/i18n';
import { changedChunks, type DraftReuse } from './draft-cache';
import { mergeClaims, planBatches } from './runner';
import type { CacheEntry } from './store';

export interface CheckRequest {
  tabId: number | null;
  scope: CheckScope;
  /** The source the user picked; when absent, the one chooseSource suggests. */
  sourceKind?: SourceKind;
  /** Detect only (4.3), without verdicts. */
  detectOnly?: boolean;
  /** The tab is in a private window: nothing of the check is kept on disk (see keepFinished). */
  privateWindow?: boolean;
  /** Checked as the user writes (see Job.asYouWrite). */
  asYouWrite?: boolean;
}

function textForScope(snapshot: PageSnapshot, scope: CheckScope): string {
  return scope === 'page' ? snapshot.mainText : scope === 'selection' ? snapshot.selection : snapshot.draft;
}

/** What a check sends (its text, or a page's address) and why: the suggested source, or the one the user chose. */
function sourceOf(
  request: CheckRequest,
  suggested: ReturnType<typeof chooseSource>,
): { sourceKind: SourceKind; sourceReason: string } {
  const sourceKind = request.sourceKind ?? suggested.kind;
  if (sourceKind === suggested.kind)
    return { sourceKind: request.scope === 'page' ? sourceKind : 'text', sourceReason: suggested.reason };
  if (sourceKind === 'url' && !suggested.canSwitch)
    throw new ServiceError({ kind: 'invalid-input', message: `${t('cannotSendAddress')} ${suggested.reason}` });
  return {
    sourceKind: request.scope === 'page' ? sourceKind : 'text',
    sourceReason: sourceKind === 'url' ? t('addressSentAsChosen') : t('textSentAsChosen'),
  };
}

/** Refuses text that cannot be checked: none, because it is drawn on a canvas or in a PDF, or too little or too much. */
function refuseUncheckableText(scope: CheckScope, text: string, snapshot: PageSnapshot, reason: string): void {
  if (!hasWords(text) && drawnOnCanvas(snapshot))
    throw new ServiceError({ kind: 'invalid-input', message: drawnOnCanvasMessage() });
  if (!hasWords(text) && snapshot.pdf)
    throw new ServiceError({
      kind: 'invalid-input',
      message: scope === 'page' ? `${reason} ${pdfTextUnreadable()}` : pdfTextUnreadable(),
    });
  assertCheckableText(text, scope, scope === 'selection' ? t('selectShorterPart') : undefined);
}

/** A queued job, or a ServiceError saying why this content cannot be checked. */
export async function newJob(
  request: CheckRequest,
  snapshot: PageSnapshot,
  settings: Pick<Settings, 'apiBaseUrl' | 'language' | 'checkMode'> &
    Partial<Pick<SettingsInForce, 'languageFromPage' | 'sendPageAddresses'>>,
  now: number,
): Promise<Job> {
  const text = textForScope(snapshot, request.scope);
  const suggested = chooseSource(
    request.scope,
    { ...snapshot, mainText: text },
    settings.apiBaseUrl,
    settings.sendPageAddresses,
  );
  const { sourceKind, sourceReason } = sourceOf(request, suggested);
  if (sourceKind === 'text') refuseUncheckableText(request.scope, text, snapshot, suggested.reason);
  const mode: JobMode = request.detectOnly ? 'detect' : settings.checkMode;
  // With "same as the page": the language declared where the checked text is, if the service writes it.
  const declared = request.scope === 'page' ? snapshot.lang : snapshot.selectionLang;
  const declaredLanguage = settings.languageFromPage && declared ? languageForTag(declared) : null;
  const language: Language = declaredLanguage ?? settings.language;
  const url = sourceKind === 'url' ? addressToSend(snapshot.url) : '';
  const chunks =
    sourceKind === 'url'
      ? [{ text: '', state: 'pending' as const }]
      : splitIntoChunks(text).map((chunk) => ({ text: chunk, state: 'pending' as const }));
  return {
    id: crypto.randomUUID(),
    tabId: request.tabId,
    pageUrl: snapshot.url,
    frameId: request.scope === 'page' ? 0 : (snapshot.frameId ?? 0),
    frameUrl: request.scope === 'page' ? '' : (snapshot.frameUrl ?? ''),
    privateWindow: request.privateWindow ?? false,
    asYouWrite: request.asYouWrite ?? false,
    question: null,
    costApproved: false,
    // A PDF in Chromium's viewer is titled by its address: its file's name heads it in the history instead.
    pageTitle:
      ownTitle(snapshot.title, snapshot.url) || ownTitle(snapshot.headline, snapshot.url) || nameFromUrl(snapshot.url),
    scope: request.scope,
    sourceKind,
    sourceReason,
    canSwitchSource: request.scope === 'page' && (suggested.canSwitch || sourceKind !== suggested.kind),
    url,
    headline: snapshot.headline,
    textLength: sourceKind === 'text' ? text.length : 0,
    readableLength: text.length,
    language,
    languageFromPage: declaredLanguage !== null,
    textLang: languageTagOrUnknown(declared),
    // A frame's document declares its own language, not the title's (the top page's).
    titleLang: snapshot.frameId ? '' : languageTagOrUnknown(snapshot.lang),
    mode,
    state: 'queued',
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    cacheKey: await cacheKeyFor({
      sourceKind,
      url,
      text,
      language,
      headline: snapshot.headline,
      mode: mode === 'detect' ? 'detect' : 'verify',
    }),
    cachedAt: null,
    chunks,
    batches: [],
    claims: [],
    credits: { used: 0, unreported: 0 },
    notice: '',
    problem: '',
    error: null,
    draftText: request.scope === 'draft' ? text : '',
    anchoring: null,
  };
}

/**
 * A draft job that reuses the verdicts of the sentences it still has: only the changed sentences are
 * sent. With nothing changed, it is done at once.
 */
export function withDraftReuse(job: Job, reuse: DraftReuse, now: number): Job {
  const claims = mergeClaims(
    [],
    reuse.reused.map((claim) => ({ text: claim.text, result: claim.result })),
  );
  const unchanged = tp('sentencesReused', reuse.reusedSentences);
  if (!reuse.changed.length)
    return {
      ...job,
      state: 'done',
      finishedAt: now,
      cachedAt: now,
      chunks: [],
      claims,
      sourceReason: t('reusedAnd', unchanged, t('nothingElseSent')),
    };
  return {
    ...job,
    chunks: changedChunks(reuse.changed).map((text) => ({ text, state: 'pending' as const })),
    claims,
    textLength: reuse.changed.join('\n').length,
    sourceReason: t('reusedAnd', unchanged, tp('onlyChangedSent', reuse.changed.length)),
  };
}

/**
 * A check that verifies the claims a finished detection found (a "Detect claims" job), without detecting them again:
 * it starts at verification, so the detection's credits are not spent twice. Its result is cached as a check of the
 * same text would be. (Progressive whatever the settings say: one-call mode would detect them again.)
 */
export async function verifyingJob(detected: Job, now: number): Promise<Job> {
  const claims = detected.claims.map(({ id, text }) => ({ id, text, result: null, missing: false }));

  return {
    ...detected,
    id: crypto.randomUUID(),
    mode: 'progressive',
    state: 'verifying',
    // Whatever the detection was answered: verifying is spend of its own, asked about afresh.
    costApproved: false,
    question: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    cacheKey: await cacheKeyFor({
      sourceKind: detected.sourceKind,
      url: detected.url,
      // The chunks give back the text sent, but for the whitespace at their cuts, which the key does not count.
      text: detected.chunks.map((chunk) => chunk.text).join(' '),
      language: detected.language,
      headline: detected.headline,
      mode: 'verify',
    }),
    cachedAt: null,
    // What is sent is the claims' text, whatever the detection read.
    sourceKind: 'text',
    textLength: claims.reduce((length, claim) => length + claim.text.length, 0),
    sourceReason: tp('verifyingFound', claims.length),
    canSwitchSource: false,
    chunks: detected.chunks.map((chunk) => ({ ...chunk, state: 'done' })),
    claims,
    batches: planBatches({ claims, batches: [] }),
    credits: { used: 0, unreported: 0 },
    notice: '',
    error: null,
    anchoring: null,
  };
}

/** A finished job made from a cached result: no call is made. */
export function jobFromCache(job: Job, entry: CacheEntry, now: number): Job {
  return {
    ...job,
    state: 'done',
    finishedAt: now,
    cachedAt: entry.createdAt,
    chunks: job.chunks.map((chunk) => ({ ...chunk, state: 'done' })),
    claims: entry.claims.map((claim, id) => ({ ...claim, id })),
    credits: { used: 0, unreported: 0 },
  };
}

/** What a finished job leaves in the cache. */
export function cacheEntryOf(job: Job): CacheEntry {
  return {
    key: job.cacheKey,
    createdAt: job.finishedAt ?? job.updatedAt,
    claims: job.claims.map(({ text, result, missing, unreadable, earlier }) => ({
      text,
      result,
      missing,
      unreadable,
      earlier,
    })),
    credits: job.credits,
  };
}

/** The record of a check that could not start (nothing selected, no access): the popup shows why. */
export function failedJob(
  request: Pick<CheckRequest, 'tabId' | 'scope' | 'detectOnly'>,
  error: ServiceError,
  snapshot: Pick<PageSnapshot, 'url' | 'title' | 'headline'> | undefined,
  now: number,
): Job {
  return {
    id: crypto.randomUUID(),
    tabId: request.tabId,
    pageUrl: snapshot?.url ?? '',
    frameId: 0,
    frameUrl: '',
    privateWindow: false,
    asYouWrite: false,
    question: null,
    costApproved: false,
    pageTitle: snapshot?.title ?? '',
    scope: request.scope,
    sourceKind: 'text',
    sourceReason: '',
    canSwitchSource: false,
    url: '',
    headline: snapshot?.headline ?? '',
    textLength: 0,
    readableLength: 0,
    language: 'English-US',
    mode: request.detectOnly ? 'detect' : 'progressive',
    state: 'failed',
    createdAt: now,
    updatedAt: now,
    finishedAt: now,
    cacheKey: '',
    cachedAt: null,
    chunks: [],
    batches: [],
    claims: [],
    credits: { used: 0, unreported: 0 },
    notice: '',
    problem: '',
    error: error.toData(),
    draftText: '',
    anchoring: null,
  };
}
