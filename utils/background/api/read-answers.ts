/**
 * The boundary: raw service answers in, domain types out. Every form the documentation and the evidence of
 * the real service show is read here and nowhere else, item by item: one item that cannot be read becomes that
 * item's own state (an unreadable claim, a fallback name) and never takes its neighbours with it.
 */
import { htmlToText } from './html-text';
import { safeHttpUrl } from '../../shared/urls';
import type {
  Asset,
  BrandVoice,
  CheckResult,
  CheckedClaim,
  Citation,
  ClaimOutcome,
  Credits,
  GeneratedText,
  ReasoningPart,
  Source,
  Verdict,
} from '../../contract/results';
import { isRecord, looseBoolean, looseCount, looseNumber, looseText, readLiteral } from './lenient-values';
import type { RawEnvelope } from './schemas';
import { verdictOf } from './verdict-words';
import { t } from '../../shared/i18n';

export { safeHttpUrl };

export function isSuccessStatus(status: string | undefined | null): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() === 'success';
}

/** The first credits figure present, as a number; strings like "12" or "12.5 credits" are read. */
export function toCredits(...candidates: unknown[]): Credits {
  for (const candidate of candidates) {
    const used = typeof candidate === 'string' ? Number.parseFloat(candidate.trim()) : looseNumber(candidate);
    if (used !== null && Number.isFinite(used) && used >= 0) return { used, reported: true };
  }
  return { used: 0, reported: false };
}

/** Maps any `factuality` form onto the four verdicts; a form with no verdict at all counts as "needs more information". */
export function toVerdict(factuality: unknown): Verdict {
  return verdictOf(factuality) ?? 'unverifiable';
}

// ---------------------------------------------------------------------------------------------------------
// Sources and citation markers

/**
 * `relevant_links` in any of its forms: an array of objects (`link`, `url` or `href`; `fact`, `title` or `content`;
 * `score`), an array of URL strings, an object keyed by position or by URL, or missing.
 */
export function toSources(links: unknown): Source[] {
  const entries: unknown[] = Array.isArray(links)
    ? links
    : isRecord(links)
      ? Object.entries(links)
          .sort(([a], [b]) => keyOrder(a) - keyOrder(b))
          .map(([key, value]) => (safeHttpUrl(key) && !isRecord(value) ? { link: key, fact: value } : value))
      : [];
  return entries.map((entry, index) => {
    const record = isRecord(entry) ? entry : { link: entry };
    const linkText = looseText(record.link ?? record.url ?? record.href ?? record.reference_link);
    const url = safeHttpUrl(linkText);
    return {
      index,
      fact: looseText(record.fact ?? record.content ?? record.snippet ?? record.title),
      url,
      linkText,
      domain: url ? new URL(url).hostname.replace(/^www\./, '') : '',
      score: looseNumber(record.score),
    };
  });
}

/** Keys "0", "1"… in their numeric order; other keys after them, as they came. */
function keyOrder(key: string): number {
  return /^\d+$/.test(key) ? Number(key) : Number.MAX_SAFE_INTEGER;
}

/** `^N`, `[^N]`, `^[N]` and `[N]`. */
const CITATION_MARKER = /\[\^\s?(\d{1,3})\]|\^\s?\[(\d{1,3})\]|\^\s?(\d{1,3})|\[(\d{1,3})\]/g;

/**
 * Splits reasoning at its citation markers. N is an index from 0 into the sources, as the public caller reads it; from
 * 1 only when the answer proves it (a marker equal to the number of sources, and no 0). A marker that points at no
 * source stays plain text: it never links another source.
 */
export function parseReasoning(reasoning: string, sourceCount: number): ReasoningPart[] {
  const matches = [...reasoning.matchAll(CITATION_MARKER)];
  const numbers = matches.map((match) => Number(match[1] ?? match[2] ?? match[3] ?? match[4]));
  if (sourceCount === 0 || matches.length === 0) return reasoning ? [{ kind: 'text', text: reasoning }] : [];
  const base = !numbers.includes(0) && numbers.includes(sourceCount) ? 1 : 0;
  const parts: ReasoningPart[] = [];
  let text = '';
  let last = 0;
  matches.forEach((match, at) => {
    const sourceIndex = (numbers[at] ?? -1) - base;
    text += reasoning.slice(last, match.index);
    last = match.index + match[0].length;
    if (sourceIndex < 0 || sourceIndex >= sourceCount) {
      text += match[0];
      return;
    }
    if (text) parts.push({ kind: 'text', text });
    text = '';
    parts.push({ kind: 'citation', marker: match[0], sourceIndex });
  });
  text += reasoning.slice(last);
  if (text) parts.push({ kind: 'text', text });
  return parts;
}

// ---------------------------------------------------------------------------------------------------------
// Claims (4.3)

/** A list marker and the space after it: "1. ", "2) ", "(3) ", "- ", "• ", "Claim 4: ". Never "3.5", "10:30", "-40". */
const NUMBER_MARKER = /^\s*\(?\d{1,3}[.)]\)?[ \t\u00a0]+(?=\S)/;
const BULLET_MARKER = /^\s*[-*•‣–—▪◦][ \t\u00a0]+(?=\S)/;
const CLAIM_LABEL = /^\s*claim\s*#?\d{0,3}\s*[:.)-][ \t\u00a0]+(?=\S)/i;

function markerOf(line: string): RegExpExecArray | null {
  return NUMBER_MARKER.exec(line) ?? BULLET_MARKER.exec(line) ?? CLAIM_LABEL.exec(line);
}

/** A line's text without its list marker, when it has one. */
function withoutMarker(line: string): string {
  const marker = markerOf(line);
  return marker ? line.slice(marker[0].length) : line;
}

/** Several lines that are clearly a list: each line has a list marker, or each ends as a sentence does. */
function listLines(text: string): string[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length < 2) return null;
  if (lines.every((line) => markerOf(line))) return lines.map(withoutMarker);
  if (lines.every((line) => /[.!?…]["”’»)]?$/.test(line))) return lines;
  return null;
}

/**
 * 4.3's claims: one per `copies` element (the evidence's form). An element is split only when it is clearly a list,
 * or a JSON array of strings; HTML around it (`<li>`, `<p>`) is removed. Markers go only when they are list markers:
 * bullets always, numbers when every element is numbered. Returns the claims, trimmed, without duplicates.
 */
export function parseClaimList(contents: unknown[]): string[] {
  const elements: string[] = [];
  for (const content of contents) {
    const raw = looseText(isRecord(content) ? (content.content ?? content.claim ?? content.text) : content);
    if (!raw) continue;
    if (raw.startsWith('[')) {
      const parsed = readLiteral(raw);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) {
        elements.push(...parsed);
        continue;
      }
    }
    const text = htmlToText(raw);
    const lines = listLines(text);
    if (lines) elements.push(...lines);
    else elements.push(text);
  }
  const numbered = elements.length > 1 && elements.every((element) => NUMBER_MARKER.test(element));
  const seen = new Set<string>();
  const claims: string[] = [];
  for (const element of elements) {
    let claim = element.trim();
    if (numbered || BULLET_MARKER.test(claim) || CLAIM_LABEL.test(claim)) claim = withoutMarker(claim).trim();
    claim = unquoted(claim.replace(/\s*\n\s*/g, ' '));
    if (!claim || seen.has(claim)) continue;
    seen.add(claim);
    claims.push(claim);
  }
  return claims;
}

/** A claim the service wrapped in quotation marks, without them; quotes inside a claim stay. */
function unquoted(text: string): string {
  const match = /^["“„«]([^"“”„«»]*)["”»]$/.exec(text);
  return (match?.[1] ?? text).trim();
}

// ---------------------------------------------------------------------------------------------------------
// Verdicts (4.8, 4.9)

const RAW_ITEM_LIMIT = 4000;

function rawText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > RAW_ITEM_LIMIT ? `${text.slice(0, RAW_ITEM_LIMIT)}…` : text;
}

function unreadable(claim: string, problem: string, raw: unknown): ClaimOutcome {
  return { claim: claim.trim(), unreadable: { problem, raw: rawText(raw) } };
}

/** The verdict fields of one item: its `copies` (JSON, a Python literal, or an object), else the item itself. */
function verdictFields(item: Record<string, unknown>): Record<string, unknown> | string {
  if (!('copies' in item)) return item;
  let copies = item.copies;
  if (typeof copies === 'string') {
    copies = readLiteral(copies.trim());
    if (copies === undefined) return t('copiesNotReadable');
  }
  if (Array.isArray(copies) && copies.length === 1) copies = copies[0];
  if (!isRecord(copies)) return t('copiesNoVerdict');
  return { ...copies, relevant_links: item.relevant_links ?? copies.relevant_links };
}

/** One item of `fact_check_results`, read on its own; `sent` is the claim it answers, when known. */
function readVerdictItem(item: unknown, sent: string | undefined): ClaimOutcome {
  if (!isRecord(item)) return unreadable(sent ?? '', t('itemNotObject'), item);
  const fields = verdictFields(item);
  const claim = sent ?? looseText(isRecord(fields) ? (fields.claim ?? item.claim) : item.claim);
  if (typeof fields === 'string') return unreadable(claim, fields, item.copies ?? item);
  const verdict = verdictOf(fields.factuality);
  if (verdict === null)
    return unreadable(
      claim,
      fields.factuality === undefined || fields.factuality === null
        ? t('itemNoFactuality')
        : t('itemFactualityNotVerdict'),
      'copies' in item ? item.copies : item,
    );
  const sources = toSources(fields.relevant_links);
  const reasoning = looseText(fields.reasoning);
  const result: CheckedClaim = {
    claim,
    verdict,
    verdictText: looseText(fields.factuality),
    error: looseText(fields.error),
    correction: looseText(fields.correction),
    reasoning,
    reasoningParts: parseReasoning(reasoning, sources.length),
    sources,
  };
  return result;
}

const noResults = (): string => t('noFactCheckResults');

function resultItems(raw: { fact_check_results?: unknown }): { items: unknown[]; problem: string } {
  const results = raw.fact_check_results;
  if (Array.isArray(results)) return { items: results, problem: '' };
  if (results === undefined || results === null) return { items: [], problem: noResults() };
  if (isRecord(results)) return { items: Object.values(results), problem: '' };
  return { items: [results], problem: '' };
}

/** 4.8: each item names its claim. */
export function normalizeDetectVerify(raw: {
  fact_check_results?: unknown;
  credits_used?: unknown;
  credits?: unknown;
}): CheckResult {
  const { items, problem } = resultItems(raw);
  return {
    claims: items.map((item) => readVerdictItem(item, undefined)),
    credits: toCredits(raw.credits_used, raw.credits),
    problem,
  };
}

/** The claim an item says it answers, for matching when the counts differ. */
function itemClaim(item: unknown): string {
  if (!isRecord(item)) return '';
  const fields = verdictFields(item);
  return comparable(looseText(isRecord(fields) ? (fields.claim ?? item.claim) : item.claim));
}

function comparable(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * 4.9: results in the order of the claims sent. When the counts differ, an item that names its claim is put on it,
 * and the rest take the claims left in order. A claim with no item is null: no verdict was returned for it.
 */
export function normalizeFactCheck(
  raw: { fact_check_results?: unknown; credits?: unknown; credits_used?: unknown },
  claimsSent: string[],
): CheckResult {
  const { items, problem } = resultItems(raw);
  const placed: Array<unknown> = new Array(claimsSent.length).fill(undefined);
  if (items.length === claimsSent.length) items.forEach((item, index) => (placed[index] = item));
  else {
    const wanted = claimsSent.map(comparable);
    const rest: unknown[] = [];
    for (const item of items) {
      const at = wanted.findIndex((claim, index) => claim && claim === itemClaim(item) && placed[index] === undefined);
      if (at >= 0) placed[at] = item;
      else rest.push(item);
    }
    for (let index = 0; index < placed.length && rest.length; index++)
      if (placed[index] === undefined) placed[index] = rest.shift();
  }
  return {
    claims: placed.map((item, index) => (item === undefined ? null : readVerdictItem(item, claimsSent[index] ?? ''))),
    credits: toCredits(raw.credits, raw.credits_used),
    problem,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Generated text (4.4–4.7, 4.10, 4.11)

/** Every generated text may be HTML: it becomes plain text here, its paragraphs as lines and its list items marked. */
export function normalizeEnvelope(raw: RawEnvelope): GeneratedText {
  return {
    texts: raw.copies.map((copy) => htmlToText(looseText(isRecord(copy) ? copy.content : copy))).filter(Boolean),
    message: looseText(raw.message),
    credits: toCredits(raw.credits_used, raw.credits),
    citations: [],
  };
}

/** 4.10's citations: strings, or objects with `link`, `url`, `reference_link` or `href`, and `title` or `content`. */
function toCitation(raw: unknown): Citation | null {
  const record = isRecord(raw) ? raw : { link: raw };
  const url = safeHttpUrl(looseText(record.link ?? record.url ?? record.reference_link ?? record.href));
  if (!url) return null;
  const title = htmlToText(looseText(record.title ?? record.content)).replace(/\s+/g, ' ');
  return {
    url,
    title: (title.length > 160 ? `${title.slice(0, 159)}…` : title) || new URL(url).hostname.replace(/^www\./, ''),
  };
}

export function normalizeGrounded(raw: RawEnvelope & { citations?: unknown }): GeneratedText {
  const citations = Array.isArray(raw.citations) ? raw.citations : isRecord(raw.citations) ? [raw.citations] : [];
  return {
    ...normalizeEnvelope(raw),
    citations: citations.map(toCitation).filter((citation) => citation !== null),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Lists (4.1, 4.2)

/** A timestamp: a date string the browser reads, or epoch seconds or ms; null (shown as unknown) for any other form. */
export function toTimestamp(raw: unknown): string | null {
  const number = typeof raw === 'number' ? raw : null;
  if (number !== null) {
    const date = new Date(number < 1e12 ? number * 1000 : number);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  if (typeof raw !== 'string' || !raw.trim()) return null;
  // Python's isoformat writes microseconds, which not every Date parser takes.
  const text = raw.trim().replace(/(\.\d{3})\d+/, '$1');
  const time = Date.parse(/^\d{4}-\d\d-\d\d \d/.test(text) ? text.replace(' ', 'T') : text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function idOf(record: Record<string, unknown>): string {
  const id = record._id ?? record.id;
  return isRecord(id) ? looseText(id.$oid) : looseText(id);
}

function textList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(looseText).filter(Boolean);
  return looseText(value)
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
}

function preferenceOf(value: unknown): BrandVoice['preferences'][string] | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  return JSON.stringify(value);
}

export function normalizeBrandVoice(raw: unknown, position = 0): BrandVoice {
  const record = isRecord(raw) ? raw : {};
  const preferences: BrandVoice['preferences'] = {};
  if (isRecord(record.user_input))
    for (const [key, value] of Object.entries(record.user_input)) {
      const preference = preferenceOf(value);
      if (preference !== null) preferences[key] = preference;
    }
  const filename = looseText(record.filename);
  return {
    id: idOf(record),
    name: looseText(record.name) || t('untitledVoice', position + 1),
    createdAt: toTimestamp(record.created_date ?? record.created_at),
    updatedAt: toTimestamp(record.updated_date ?? record.updated_at),
    contentPolicy: looseText(record.content_policy),
    keywords: textList(record.extracted_keywords),
    writingGuidelines: looseText(record.writing_guidelines),
    preferences,
    filename: filename || null,
    text: looseText(record.text),
    deleted: looseBoolean(record.deleted) ?? false,
    requireGuideline: looseBoolean(record.require_guideline) ?? false,
  };
}

export function normalizeAsset(raw: unknown, position = 0): Asset {
  const record = isRecord(raw) ? raw : {};
  return {
    id: idOf(record),
    filename: looseText(record.filename ?? record.file_name ?? record.name) || t('unnamedFile', position + 1),
    assetType: looseText(record.asset_type) || 'file',
    tagIds: Array.isArray(record.tag_ids) ? record.tag_ids.map(looseText).filter(Boolean) : [],
    totalWords: looseCount(record.total_words),
    fileSize: looseCount(record.file_size),
    description: looseText(record.file_description ?? record.description),
    createdAt: toTimestamp(record.created_at ?? record.created_date),
    updatedAt: toTimestamp(record.updated_at ?? record.updated_date),
    deleted: looseBoolean(record.deleted) ?? false,
  };
}

/** A list page: its items read one by one, and its total, or the count seen when the total is missing or odd. */
export function normalizePage<T>(
  items: unknown[],
  total: unknown,
  read: (item: unknown, position: number) => T,
  firstPosition: number,
): { items: T[]; total: number; totalKnown: boolean } {
  const reported = looseCount(total);
  return {
    items: items.map((item, index) => read(item, firstPosition + index)),
    total: reported ?? firstPosition + items.length,
    totalKnown: reported !== null,
  };
}
