/**
 * The forms the double answers in. By default each follows the evidence about the real service (docs/service-contract.md,
 * "Evidence"); the older forms stay switchable, and `mixed` draws each item's form at random from a seed, so that
 * tests meet every form the client accepts. docs/service-double.md tables each form and where it comes from.
 */
import { z } from 'zod';
import type { DoubleSource, DoubleVerdict, DoubleVerdictRecord } from './content';

export const CLAIM_LIST_FORMATS = ['per-copy', 'numbered', 'bulleted', 'lines', 'html-list', 'json-array'] as const;
export type ClaimListFormat = (typeof CLAIM_LIST_FORMATS)[number];

/** 4.8 and 4.9 items: `evidence` as the evidence shows, `legacy` as the double first answered, `mixed` at random. */
export const VERDICT_FORMS = ['evidence', 'legacy', 'python', 'mixed'] as const;
export type VerdictForm = (typeof VERDICT_FORMS)[number];

export const doubleFormsSchema = z.object({
  claimList: z.enum(CLAIM_LIST_FORMATS),
  verdicts: z.enum(VERDICT_FORMS),
  /** 4.6 and 4.7 answer with HTML (the evidence), or with plain text. */
  generatedHtml: z.boolean(),
  /** 4.10's citations as objects `{content, reference_link}` (the evidence), or as URL strings. */
  citations: z.enum(['objects', 'strings']),
  /** Which of 4.9's paths answer: both, only the documented v2 path, or only the docs example's path without v2. */
  factCheckPaths: z.enum(['both', 'v2-only', 'plain-only']),
  /** 4.11 takes a language's name or code, or refuses names with a 422 (as a service that wants the code may). */
  productLanguage: z.enum(['name-or-code', 'code-only']),
  /** Claims that hold any of these words get an item the client cannot read (its `copies` is not JSON). */
  unreadableClaims: z.array(z.string()),
  /** The seed of `mixed`. */
  seed: z.int(),
});
export type DoubleForms = z.infer<typeof doubleFormsSchema>;

export const EVIDENCE_FORMS: DoubleForms = {
  claimList: 'per-copy',
  verdicts: 'evidence',
  generatedHtml: true,
  citations: 'objects',
  factCheckPaths: 'both',
  productLanguage: 'name-or-code',
  unreadableClaims: [],
  seed: 1,
};

/** The forms the double first answered in, before the evidence: numbered claim lists, ^N from 1 in 4.8, plain text. */
export const LEGACY_FORMS: DoubleForms = {
  ...EVIDENCE_FORMS,
  claimList: 'numbered',
  verdicts: 'legacy',
  generatedHtml: false,
  citations: 'strings',
};

/** mulberry32: a small seeded generator, so that a `mixed` answer is the same for the same seed and request. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, options: readonly T[]): T {
  return options[Math.floor(random() * options.length)]!;
}

/**
 * 4.3's claims in the form asked for; under `mixed` verdicts, in a form drawn at random among those that mark each claim
 * (not `lines`, whose claims the client can tell apart only when each ends as a sentence does).
 */
export function claimListFor(claims: string[], forms: DoubleForms, random: () => number): string[] {
  const format =
    forms.verdicts === 'mixed'
      ? pick(random, ['per-copy', 'numbered', 'bulleted', 'html-list', 'json-array'] as const)
      : forms.claimList;
  return formatClaimList(claims, format);
}

export function formatClaimList(claims: string[], format: ClaimListFormat): string[] {
  switch (format) {
    case 'per-copy':
      return claims;
    case 'numbered':
      return [claims.map((claim, index) => `${index + 1}. ${claim}`).join('\n')];
    case 'bulleted':
      return [claims.map((claim) => `- ${claim}`).join('\n')];
    case 'lines':
      return [claims.join('\n')];
    case 'html-list':
      return [`<ul>${claims.map((claim) => `<li>${escapeText(claim)}</li>`).join('')}</ul>`];
    case 'json-array':
      return [JSON.stringify(claims)];
  }
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The words of each verdict: [4.8 as the evidence shows, 4.9 as the evidence shows, then the other forms seen]. */
const FACTUALITY: Record<DoubleVerdict, ReadonlyArray<boolean | string>> = {
  supported: [true, 'true', 'True', 'TRUE', 'Correct'],
  refuted: [false, false, 'false', 'Not true', 'Factually incorrect'],
  mixed: ['Partially true', 'Partially true', 'Mostly true', 'Misleading', 'Half true'],
  unverifiable: [
    'Need more information',
    'Need more information',
    'Insufficient evidence',
    'Need more information to verify this claim',
  ],
};

/** The double's first forms: 4.8 booleans where it could, 4.9 strings, capitalised or not. */
const LEGACY_FACTUALITY: Record<DoubleVerdict, readonly [boolean | string, boolean | string]> = {
  supported: [true, 'True'],
  refuted: [false, 'false'],
  mixed: ['Partially true', 'Partially true'],
  unverifiable: ['Need more information to verify this claim', 'Need more information'],
};

/** How one item is written: where its fields go, and the form of each. */
interface ItemForm {
  copies: 'json' | 'python' | 'object';
  /** An index into FACTUALITY, or -1 for the legacy words. */
  factuality: number;
  links: 'objects' | 'strings' | 'keyed';
  score: 'number' | 'string' | 'placeholder' | 'missing';
  marker: (index: number) => string;
  base: 0 | 1;
}

const MARKERS: ReadonlyArray<(n: number) => string> = [
  (n) => `^${n}`,
  (n) => `[^${n}]`,
  (n) => `^[${n}]`,
  (n) => `[${n}]`,
];

function itemForm(forms: DoubleForms, endpoint: '4.8' | '4.9', random: () => number): ItemForm {
  if (forms.verdicts === 'mixed')
    return {
      copies: pick(random, ['json', 'python', 'object'] as const),
      factuality: Math.floor(random() * 5),
      links: pick(random, ['objects', 'strings', 'keyed'] as const),
      score: pick(random, ['number', 'string', 'placeholder', 'missing'] as const),
      marker: pick(random, MARKERS),
      base: 0,
    };
  const legacy = forms.verdicts === 'legacy';
  return {
    copies: forms.verdicts === 'python' ? 'python' : 'json',
    // The evidence: "Need more information" sentences, "true"/false as the public caller compares them.
    factuality: legacy ? -1 : endpoint === '4.8' ? 0 : 1,
    links: 'objects',
    score: endpoint === '4.9' && legacy ? 'string' : 'number',
    marker: MARKERS[0]!,
    // The public caller reads ^N from 0; the double first wrote 4.8's from 1.
    base: legacy && endpoint === '4.8' ? 1 : 0,
  };
}

function factualityOf(verdict: DoubleVerdict, choice: number, endpoint: '4.8' | '4.9'): boolean | string {
  if (choice < 0) return LEGACY_FACTUALITY[verdict][endpoint === '4.8' ? 0 : 1];
  const options = FACTUALITY[verdict];
  return options[choice % options.length]!;
}

function linksOf(sources: DoubleSource[], form: ItemForm): unknown {
  const score = (value: number) =>
    form.score === 'number'
      ? { score: value }
      : form.score === 'string'
        ? { score: value.toFixed(2) }
        : form.score === 'placeholder'
          ? { score: '<Calculated score>' }
          : {};
  const objects = sources.map((source) => ({ fact: source.fact, link: source.link, ...score(source.score) }));
  if (form.links === 'strings') return sources.map((source) => source.link);
  if (form.links === 'keyed') return Object.fromEntries(objects.map((object, index) => [String(index), object]));
  return objects;
}

/** A Python literal, as `repr()` of a dict writes it. */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, entry]) => `${pythonLiteral(key)}: ${pythonLiteral(entry)}`)
    .join(', ')}}`;
}

function unreadableFor(forms: DoubleForms, claim: string): boolean {
  const lower = claim.toLowerCase();
  return forms.unreadableClaims.some((word) => word && lower.includes(word.toLowerCase()));
}

/** 4.9's item for one claim: `copies` a string (JSON or Python) or an object, and `relevant_links` beside it. */
export function factCheckItem(record: DoubleVerdictRecord, forms: DoubleForms, random: () => number): unknown {
  const form = itemForm(forms, '4.9', random);
  const fields = {
    factuality: factualityOf(record.verdict, form.factuality, '4.9'),
    error: record.error,
    correction: record.correction,
    reasoning: withMarkers(record, form),
  };
  if (unreadableFor(forms, record.claim))
    return { copies: `{factuality: ${String(fields.factuality)}, error: ${record.error}`, relevant_links: [] };
  const copies =
    form.copies === 'json' ? JSON.stringify(fields) : form.copies === 'python' ? pythonLiteral(fields) : fields;
  return { copies, relevant_links: linksOf(record.sources, form) };
}

/** 4.8's item for one claim: the verdict fields at the top level, beside the claim. */
export function detectVerifyItem(record: DoubleVerdictRecord, forms: DoubleForms, random: () => number): unknown {
  const form = itemForm(forms, '4.8', random);
  if (unreadableFor(forms, record.claim)) return { claim: record.claim, factuality: null, relevant_links: [] };
  return {
    claim: record.claim,
    factuality: factualityOf(record.verdict, form.factuality, '4.8'),
    error: record.error,
    correction: record.correction,
    reasoning: withMarkers(record, form),
    relevant_links: linksOf(record.sources, form),
  };
}

function withMarkers(record: DoubleVerdictRecord, form: ItemForm): string {
  return record.reasoning(form.base).replace(/\^(\d+)/g, (_, number: string) => form.marker(Number(number)));
}

/**
 * Generated text as HTML, as the evidence shows 4.6 and 4.7 answer: one paragraph, its first sentence in bold, so that
 * its text is the same as the plain form's.
 */
export function asHtml(text: string): string {
  const [first = '', ...rest] = text.split(/(?<=[.!?])\s+(?=\S)/);
  return `<p><strong>${escapeText(first)}</strong>${rest.length ? ' ' : ''}${escapeText(rest.join(' '))}</p>`;
}
