/**
 * The boundary: raw service shapes in, domain types out. Every variant the spec and service-notes.md
 * document (status casing, credits as strings, 4.9's JSON-string copies, string scores, boolean or
 * string factuality, null filenames, optional echoes) is resolved here and nowhere else.
 */
import { z } from 'zod';
import { safeHttpUrl } from '../urls';
import type {
  Asset,
  BrandVoice,
  CheckedClaim,
  Citation,
  Credits,
  GeneratedText,
  ReasoningPart,
  Source,
  Verdict,
} from './domain';
import {
  rawVerdictFieldsSchema,
  type RawAsset,
  type RawBrandVoice,
  type RawEnvelope,
  type RawRelevantLink,
  type rawCitationSchema,
  type rawDetectVerifyResponseSchema,
  type rawFactCheckResponseSchema,
  type rawGroundedResponseSchema,
} from './schemas';

/** A response that parsed but cannot be made sense of; the client reports it as a contract error. */
export class ContractViolation extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ContractViolation';
  }
}

export function isSuccessStatus(status: string | undefined | null): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() === 'success';
}

/** The first credits figure present, as a number; strings like "12" or "12.5 credits" are read. */
export function toCredits(...candidates: Array<number | string | null | undefined>): Credits {
  for (const candidate of candidates) {
    if (typeof candidate === 'number' && Number.isFinite(candidate) && candidate >= 0)
      return { used: candidate, reported: true };
    if (typeof candidate === 'string') {
      const parsed = Number.parseFloat(candidate.trim());
      if (Number.isFinite(parsed) && parsed >= 0) return { used: parsed, reported: true };
    }
  }
  return { used: 0, reported: false };
}

const MIXED_WORDS = /\b(partly|partially|mostly|half|mixed|misleading|somewhat|largely)\b/;
const UNVERIFIABLE_WORDS =
  /\b(more information|not enough|insufficient|unverifiable|cannot be verified|can't be verified|unclear|unknown|undetermined|inconclusive)\b/;

/** Maps any `factuality` form onto the four verdicts. */
export function toVerdict(factuality: boolean | string): Verdict {
  if (typeof factuality === 'boolean') return factuality ? 'supported' : 'refuted';
  const text = factuality.trim().toLowerCase();
  if (MIXED_WORDS.test(text)) return 'mixed';
  if (UNVERIFIABLE_WORDS.test(text)) return 'unverifiable';
  if (/^(true|yes|correct|accurate|supported)\b/.test(text)) return 'supported';
  if (/^(false|no|incorrect|inaccurate|refuted|wrong)\b/.test(text)) return 'refuted';
  return 'unverifiable';
}

export { safeHttpUrl };

function toScore(raw: RawRelevantLink['score']): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string') {
    const parsed = Number.parseFloat(raw.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function toSources(links: RawRelevantLink[] | null | undefined): Source[] {
  return (links ?? []).map((link, index) => {
    const url = safeHttpUrl(link.link);
    return {
      index,
      fact: link.fact?.trim() ?? '',
      url,
      linkText: link.link?.trim() ?? '',
      domain: url ? new URL(url).hostname.replace(/^www\./, '') : '',
      score: toScore(link.score),
    };
  });
}

const CITATION_MARKER = /\^\s?\[?(\d{1,3})\]?/g;

/**
 * Splits reasoning at its `^N` markers. Whether N counts from 0 or 1 is not documented: a `^0` anywhere
 * means from 0; otherwise a marker equal to the number of sources can only mean from 1; otherwise we
 * assume 1 (how people number footnotes). Markers out of range are clamped to the last source.
 */
export function parseReasoning(reasoning: string, sourceCount: number): ReasoningPart[] {
  const markers = [...reasoning.matchAll(CITATION_MARKER)].map((match) => Number(match[1]));
  if (sourceCount === 0 || markers.length === 0) return reasoning ? [{ kind: 'text', text: reasoning }] : [];
  const base = markers.includes(0) ? 0 : 1;
  const parts: ReasoningPart[] = [];
  let last = 0;
  for (const match of reasoning.matchAll(CITATION_MARKER)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: reasoning.slice(last, start) });
    const sourceIndex = Math.min(Math.max(Number(match[1]) - base, 0), sourceCount - 1);
    parts.push({ kind: 'citation', marker: match[0], sourceIndex });
    last = start + match[0].length;
  }
  if (last < reasoning.length) parts.push({ kind: 'text', text: reasoning.slice(last) });
  return parts;
}

const LIST_PREFIX = /^\s*(?:\(?\d{1,3}[.):]\)?|[-*•‣–—]|claim\s*\d*\s*[:.-])\s*/i;

/**
 * 4.3's claims: one per `copies` element, or one text holding a numbered, bulleted or line-separated
 * list, or a JSON array in a string. Returns the claims, trimmed, without list markers or duplicates.
 */
export function parseClaimList(contents: string[]): string[] {
  const claims: string[] = [];
  for (const content of contents) {
    const trimmed = content.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) {
          claims.push(...parsed);
          continue;
        }
      } catch {
        // Not JSON after all: read it as a list.
      }
    }
    claims.push(...trimmed.split(/\r?\n+/));
  }
  const seen = new Set<string>();
  const result: string[] = [];
  for (const line of claims) {
    const claim = line
      .replace(LIST_PREFIX, '')
      .trim()
      .replace(/^["“]|["”]$/g, '')
      .trim();
    if (!claim || seen.has(claim)) continue;
    seen.add(claim);
    result.push(claim);
  }
  return result;
}

interface VerdictFields {
  factuality: boolean | string;
  error?: string | null;
  correction?: string | null;
  reasoning?: string | null;
}

function toCheckedClaim(
  claim: string,
  fields: VerdictFields,
  links: RawRelevantLink[] | null | undefined,
): CheckedClaim {
  const sources = toSources(links);
  const reasoning = fields.reasoning?.trim() ?? '';
  return {
    claim: claim.trim(),
    verdict: toVerdict(fields.factuality),
    verdictText: String(fields.factuality),
    error: fields.error?.trim() ?? '',
    correction: fields.correction?.trim() ?? '',
    reasoning,
    reasoningParts: parseReasoning(reasoning, sources.length),
    sources,
  };
}

export function normalizeDetectVerify(raw: z.infer<typeof rawDetectVerifyResponseSchema>) {
  return {
    claims: raw.fact_check_results.map((result) => toCheckedClaim(result.claim, result, result.relevant_links)),
    credits: toCredits(raw.credits_used, raw.credits),
  };
}

const parsedCopiesSchema = rawVerdictFieldsSchema.extend({ claim: z.string().nullish() });

/** 4.9: `copies` is a JSON string per result; results are in the order of the claims sent. */
export function normalizeFactCheck(raw: z.infer<typeof rawFactCheckResponseSchema>, claimsSent: string[]) {
  if (raw.fact_check_results.length > claimsSent.length)
    throw new ContractViolation(
      'fact_check_results',
      `returned ${raw.fact_check_results.length} results for ${claimsSent.length} claims`,
    );
  const claims = raw.fact_check_results.map((result, index) => {
    const field = `fact_check_results.${index}.copies`;
    let copies: unknown = result.copies;
    if (typeof copies === 'string') {
      try {
        copies = JSON.parse(copies);
      } catch {
        throw new ContractViolation(field, 'is not valid JSON');
      }
    }
    const parsed = parsedCopiesSchema.safeParse(copies);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ContractViolation(
        [field, ...(issue?.path ?? [])].join('.'),
        issue?.message ?? 'does not hold a verdict',
      );
    }
    return toCheckedClaim(parsed.data.claim || claimsSent[index] || '', parsed.data, result.relevant_links);
  });
  return { claims, credits: toCredits(raw.credits, raw.credits_used) };
}

export function normalizeEnvelope(raw: RawEnvelope): GeneratedText {
  return {
    texts: raw.copies.map((copy) => copy.content),
    message: raw.message ?? '',
    credits: toCredits(raw.credits_used),
    citations: [],
  };
}

function toCitation(raw: z.infer<typeof rawCitationSchema>): Citation | null {
  const link = typeof raw === 'string' ? raw : (raw.link ?? raw.url);
  const url = safeHttpUrl(link);
  if (!url) return null;
  const title = typeof raw === 'string' ? '' : (raw.title?.trim() ?? '');
  return { url, title: title || new URL(url).hostname.replace(/^www\./, '') };
}

export function normalizeGrounded(raw: z.infer<typeof rawGroundedResponseSchema>): GeneratedText {
  return {
    ...normalizeEnvelope(raw),
    citations: (raw.citations ?? []).map(toCitation).filter((citation) => citation !== null),
  };
}

/** Timestamps are not specified: ISO strings pass through, epoch numbers (s or ms) become ISO strings. */
function toTimestamp(raw: string | number | null | undefined): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'number') {
    const date = new Date(raw < 1e12 ? raw * 1000 : raw);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return raw;
}

export function normalizeBrandVoice(raw: RawBrandVoice): BrandVoice {
  const keywords = raw.extracted_keywords;
  const preferences: BrandVoice['preferences'] = {};
  for (const [key, value] of Object.entries(raw.user_input ?? {})) if (value !== null) preferences[key] = value;
  return {
    id: raw._id,
    name: raw.name,
    createdAt: toTimestamp(raw.created_date),
    updatedAt: toTimestamp(raw.updated_date),
    contentPolicy: raw.content_policy ?? '',
    keywords: Array.isArray(keywords)
      ? keywords
      : (keywords ?? '')
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
    writingGuidelines: raw.writing_guidelines ?? '',
    preferences,
    filename: raw.filename ?? null,
    text: raw.text ?? '',
    deleted: raw.deleted ?? false,
    requireGuideline: raw.require_guideline ?? false,
  };
}

export function normalizeAsset(raw: RawAsset): Asset {
  return {
    id: raw._id,
    filename: raw.filename ?? '(unnamed file)',
    assetType: raw.asset_type ?? 'file',
    tagIds: raw.tag_ids ?? [],
    totalWords: raw.total_words ?? null,
    fileSize: raw.file_size ?? null,
    description: raw.file_description ?? '',
    createdAt: toTimestamp(raw.created_at),
    updatedAt: toTimestamp(raw.updated_at),
    deleted: raw.deleted ?? false,
  };
}
