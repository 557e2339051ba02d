/**
 * Deterministic content for the service double: claims picked from the text it is given, verdicts with
 * reasoning and sources, and visible transformations for the generation endpoints. Same input, same output.
 */

/** FNV-1a: a small stable hash, so that verdicts and wording depend only on the input. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/**
 * Splits prose into sentences at ., ! or ? followed by a capital, a digit or an opening quote; and at a Chinese or
 * Japanese full stop (。！？), which has no space after it, with what closes after it.
 */
export function splitSentences(text: string): string[] {
  // Line breaks end a sentence too: a heading has no full stop.
  return text
    .split(/\n+/)
    .flatMap((line) =>
      collapseWhitespace(line).split(/(?<=[.!?][”"’)]?)\s+(?=[A-Z0-9“"‘(À-Ý])|(?<=[。！？][」』）]*)(?![」』）])/),
    )
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
}

export function countWords(text: string): number {
  return wordsOf(text).length;
}

/** A sentence reads as a checkable claim when it states something concrete: a number, a name, a date. */
function looksLikeClaim(sentence: string): boolean {
  if (sentence.length > 400 || /[?？]$/.test(sentence)) return false;
  // Chinese, Japanese and Thai set no spaces between words: a dozen of their characters say as much as six words.
  if (/[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff]/.test(sentence)) return sentence.length >= 12 && /\d/.test(sentence);
  if (sentence.length < 30) return false;
  const words = wordsOf(sentence);
  if (words.length < 6) return false;
  const hasNumber = /\d/.test(sentence);
  const hasName = words.slice(1).some((word) => /^\p{Lu}/u.test(word));
  const hasFactVerb =
    /\b(is|are|was|were|has|have|had|causes?|produces?|became|founded|built|invented|discovered)\b/i.test(sentence);
  return hasNumber || hasName || hasFactVerb;
}

/** At most this many claims come back from one text, like a real detector that picks the salient ones. */
export const MAX_DETECTED_CLAIMS = 15;

/** A name that opens a sentence: two capitalised words or more, the first not a sentence's usual opening word. */
const LEADING_NAME =
  /^(?!(?:The|A|An|This|That|These|Those|In|On|At|But|And|When|After|Before|If)\s)\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)+(?=\s)/u;

/**
 * Makes a claim stand alone, as a language model's detector does: a sentence that opens with he, she, it or they, after
 * one that opens with a name, gets the name in the pronoun's place ("Marie Curie moved to Paris in 1891. She won…"
 * gives "Marie Curie won…"), so the claim no longer quotes the page word for word.
 */
function standAlone(sentence: string, before: string | undefined): string {
  const name = before?.match(LEADING_NAME)?.[0];
  return name ? sentence.replace(/^(?:He|She|It|They)(?=\s)/, name) : sentence;
}

/** An aside in parentheses, of four words or more, with the space before it. */
const ASIDE = /\s\((?:[^()\s]+\s+){3,}[^()\s]+\)(?=[\s,;:])/g;

/** An aside in parentheses of one to three words ("(118 miles)", "(AP)"), with the space before it. */
const SHORT_ASIDE = /\s\((?:[^()\s]+\s+){0,2}[^()\s]+\)(?=[\s,;:.!?])/g;

/**
 * Quotes a claim shorter, as a language model's detector may: an aside in parentheses left out, marked "…" ("The Great
 * Wall of China (built over many centuries) is visible…" gives "The Great Wall of China … is visible…"), or, a short
 * one, with nothing to say so ("…is 21,196 km (13,171 mi) long." gives "…is 21,196 km long.").
 */
function withoutAsides(sentence: string): string {
  return sentence.replace(ASIDE, ' …').replace(SHORT_ASIDE, '');
}

/** A sentence that opens with its source: "According to NASA, the far side…". */
const SOURCE_FIRST = /^According to ([^,]{2,60}), (\p{L})(.*?)([.!?])$/su;

/**
 * Puts a claim's source after it, as a language model's detector may ("According to NASA, the far side of the Moon…"
 * gives "The far side of the Moon…, according to NASA."): the claim's clauses in another order than the page's.
 */
function sourceLast(sentence: string): string {
  const match = SOURCE_FIRST.exec(sentence);
  if (!match) return sentence;
  const [, source, first, rest, stop] = match;
  return `${first!.toUpperCase()}${rest}, according to ${source}${stop}`;
}

export function detectClaims(text: string): string[] {
  const seen = new Set<string>();
  const claims: string[] = [];
  let before: string | undefined;
  for (const sentence of splitSentences(text)) {
    const claim = sourceLast(withoutAsides(standAlone(sentence, before)));
    before = sentence;
    if (!looksLikeClaim(claim) || seen.has(claim)) continue;
    seen.add(claim);
    claims.push(claim);
    if (claims.length === MAX_DETECTED_CLAIMS) break;
  }
  return claims;
}

export type DoubleVerdict = 'supported' | 'refuted' | 'mixed' | 'unverifiable';

interface KnownFact {
  /** A distinctive phrase (lower case) that identifies the claim. */
  match: string;
  verdict: DoubleVerdict;
  error?: string;
  correction?: string;
  topic: string;
}

/** Verdicts for the claims on the double's demo pages, so the demo reads like real fact checking. */
const KNOWN_FACTS: KnownFact[] = [
  { match: '384,400 kilometres', verdict: 'supported', topic: 'Lunar distance' },
  { match: '4.5 billion years ago', verdict: 'supported', topic: 'Giant-impact hypothesis' },
  { match: '3,474 kilometres', verdict: 'supported', topic: 'Moon' },
  { match: '20 july 1969', verdict: 'supported', topic: 'Apollo 11' },
  { match: 'twelve astronauts', verdict: 'supported', topic: 'Apollo program' },
  {
    match: 'great wall of china',
    verdict: 'refuted',
    error: 'No human-made structure, the Great Wall included, can be seen with the naked eye from the Moon.',
    correction: 'The Great Wall of China cannot be seen from the Moon with the naked eye.',
    topic: 'Great Wall of China',
  },
  {
    match: 'surface temperature',
    verdict: 'mixed',
    error: 'The daytime figure is right, but night-time temperatures fall to about −173 °C, not −130 °C.',
    correction:
      'Because the Moon has no atmosphere, its surface temperature swings from about 120 °C in sunlight to about −173 °C at night.',
    topic: 'Geology of the Moon',
  },
  { match: '3.8 centimetres', verdict: 'supported', topic: 'Tidal acceleration' },
  {
    match: 'hospital admissions',
    verdict: 'unverifiable',
    error: 'Studies disagree, and none establishes a measurable effect.',
    topic: 'Lunar effect',
  },
  {
    match: 'never receives sunlight',
    verdict: 'refuted',
    error: 'The far side gets as much sunlight as the near side; it is only hidden from Earth.',
    correction:
      'The far side of the Moon is never visible from Earth, but it receives as much sunlight as the near side.',
    topic: 'Far side of the Moon',
  },
  { match: "chang'e 4", verdict: 'supported', topic: "Chang'e 4" },
  { match: 'one sixth', verdict: 'supported', topic: 'Gravitation of the Moon' },
  { match: 'cultivated in yemen', verdict: 'supported', topic: 'History of coffee' },
  {
    match: 'brazil produces',
    verdict: 'mixed',
    error: 'Brazil is the largest producer, but its share is closer to 35–40 % in recent years.',
    correction: 'Brazil produces well over a third of the world’s coffee.',
    topic: 'Coffee production in Brazil',
  },
  {
    match: 'more caffeine per serving',
    verdict: 'refuted',
    error: 'A typical cup of drip coffee holds more caffeine than a single espresso shot.',
    correction: 'A typical cup of drip coffee has more caffeine per serving than a single shot of espresso.',
    topic: 'Caffeine',
  },
  {
    match: 'finland',
    verdict: 'supported',
    topic: 'Coffee consumption',
  },
  // The web-components demo page (components-article.html).
  { match: 'fourth planet from the sun', verdict: 'supported', topic: 'Mars' },
  { match: 'iron oxide dust', verdict: 'supported', topic: 'Martian soil' },
  {
    match: 'olympus mons on mars',
    verdict: 'mixed',
    error: 'Olympus Mons rises about 22 km, but that is about two and a half times the height of Everest, not three.',
    correction: 'Olympus Mons on Mars is about 22 kilometres high, about two and a half times the height of Everest.',
    topic: 'Olympus Mons',
  },
  { match: '24 hours and 37 minutes', verdict: 'supported', topic: 'Timekeeping on Mars' },
  { match: 'jezero crater', verdict: 'supported', topic: 'Perseverance (rover)' },
  {
    match: 'liquid water flows freely',
    verdict: 'refuted',
    error: 'Liquid water cannot last on the surface of Mars today: the air is too thin and cold. Its water is ice.',
    correction: 'Water on the surface of Mars today is frozen; liquid water cannot persist there.',
    topic: 'Water on Mars',
  },
  { match: 'largest dust storms', verdict: 'supported', topic: 'Climate of Mars' },
  {
    match: 'nobel prize in physics in 1904',
    verdict: 'refuted',
    error: 'Marie Curie won the Nobel Prize in Physics in 1903, not 1904.',
    correction: 'Marie Curie won the Nobel Prize in Physics in 1903.',
    topic: 'Marie Curie',
  },
];

const VERDICT_ORDER: DoubleVerdict[] = ['supported', 'refuted', 'mixed', 'unverifiable'];

const SOURCE_SITES = [
  { host: 'en.wikipedia.org', path: (topic: string) => `/wiki/${encodeURIComponent(topic.replace(/ /g, '_'))}` },
  { host: 'www.britannica.com', path: (topic: string) => `/topic/${slug(topic)}` },
  { host: 'www.nasa.gov', path: (topic: string) => `/search/${slug(topic)}` },
  { host: 'www.reuters.com', path: (topic: string) => `/science/${slug(topic)}` },
  { host: 'www.nature.com', path: (topic: string) => `/subjects/${slug(topic)}` },
];

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/** The claim's subject, for source titles: its longest capitalised word run, or its longest word. */
function topicOf(claim: string): string {
  const names = claim.match(/(?:\p{Lu}[\p{L}'’-]+)(?:\s+\p{Lu}[\p{L}'’-]+)*/gu) ?? [];
  const withoutFirst = names.filter((name, index) => index > 0 || !claim.startsWith(name) || name.includes(' '));
  const best = (withoutFirst.length ? withoutFirst : names).sort((a, b) => b.length - a.length)[0];
  if (best) return best;
  return wordsOf(claim).sort((a, b) => b.length - a.length)[0] ?? 'Claim';
}

export interface DoubleSource {
  fact: string;
  link: string;
  score: number;
}

export interface DoubleVerdictRecord {
  claim: string;
  verdict: DoubleVerdict;
  error: string;
  correction: string;
  /** Reasoning with `^N` markers; `base` says whether N counts sources from 0 or 1. */
  reasoning: (base: 0 | 1) => string;
  sources: DoubleSource[];
}

/** A fixed verdict, error, correction, reasoning and sources for a claim. */
export function verifyClaim(claim: string): DoubleVerdictRecord {
  const lower = claim.toLowerCase();
  const known = KNOWN_FACTS.find((fact) => lower.includes(fact.match));
  const seed = hash(collapseWhitespace(lower));
  const verdict = known?.verdict ?? VERDICT_ORDER[seed % VERDICT_ORDER.length]!;
  const topic = known?.topic ?? topicOf(claim);
  const sourceCount = 2 + (seed % 3);
  const sources: DoubleSource[] = Array.from({ length: sourceCount }, (_, index) => {
    const site = SOURCE_SITES[(seed + index) % SOURCE_SITES.length]!;
    return {
      fact: `${site.host.replace(/^www\./, '')} on ${topic}: ${factSentence(verdict, index)}`,
      link: `https://${site.host}${site.path(topic)}`,
      score: Math.round((0.95 - index * 0.11 - (seed % 7) / 100) * 100) / 100,
    };
  });
  const error = known?.error ?? defaultError(verdict, claim);
  const correction = known?.correction ?? defaultCorrection(verdict, claim);
  const reasoning = (base: 0 | 1) => {
    const marker = (index: number) => `^${index + base}`;
    const second = sources.length > 1 ? ` A second source${marker(1)} agrees on the details.` : '';
    switch (verdict) {
      case 'supported':
        return `The statement matches the record on ${topic}${marker(0)}.${second}`;
      case 'refuted':
        return `Sources on ${topic} contradict the statement${marker(0)}. ${error}${second}`;
      case 'mixed':
        return `Part of the statement is accurate${marker(0)}, but not all of it. ${error}${second}`;
      case 'unverifiable':
        return `The available sources on ${topic}${marker(0)} do not settle the question. ${error}`;
    }
  };
  return { claim, verdict, error, correction, reasoning, sources };
}

function factSentence(verdict: DoubleVerdict, index: number): string {
  if (index > 0) return 'background and related figures.';
  switch (verdict) {
    case 'supported':
      return 'the figures given agree with this reference.';
    case 'refuted':
      return 'this reference states the opposite.';
    case 'mixed':
      return 'this reference agrees in part.';
    case 'unverifiable':
      return 'this reference does not address the exact statement.';
  }
}

function defaultError(verdict: DoubleVerdict, claim: string): string {
  switch (verdict) {
    case 'supported':
      return '';
    case 'refuted':
      return /\d/.test(claim) ? 'The figure given does not match the sources.' : 'The sources say otherwise.';
    case 'mixed':
      return 'The statement overstates what the sources say.';
    case 'unverifiable':
      return 'No reliable source confirms or refutes this statement.';
  }
}

/** A correction that visibly differs from the claim: numbers are adjusted, otherwise the claim is qualified. */
function defaultCorrection(verdict: DoubleVerdict, claim: string): string {
  if (verdict === 'supported' || verdict === 'unverifiable') return '';
  const adjusted = claim.replace(/\d[\d,]*(\.\d+)?/, (number) => {
    const value = Number(number.replace(/,/g, ''));
    const corrected = Number.isInteger(value) ? Math.round(value * 1.2) + 1 : Math.round(value * 120) / 100;
    return corrected.toLocaleString('en-US');
  });
  if (adjusted !== claim) return adjusted;
  return verdict === 'mixed'
    ? `In some respects, ${lowerFirst(claim)}`
    : `It is not the case that ${lowerFirst(claim)}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------------------
// Generation

const SYNONYMS: Record<string, string> = {
  big: 'large',
  large: 'sizeable',
  small: 'modest',
  shows: 'indicates',
  show: 'indicate',
  use: 'employ',
  uses: 'employs',
  many: 'numerous',
  important: 'significant',
  help: 'assist',
  helps: 'assists',
  however: 'nevertheless',
  also: 'additionally',
  very: 'highly',
  good: 'favourable',
  bad: 'unfavourable',
  about: 'roughly',
  start: 'begin',
  begins: 'commences',
  make: 'create',
  makes: 'creates',
  get: 'obtain',
  buy: 'purchase',
  need: 'require',
  needs: 'requires',
  often: 'frequently',
  quickly: 'rapidly',
  fast: 'swift',
  people: 'individuals',
  because: 'since',
  but: 'yet',
  first: 'initially',
};

function matchCase(replacement: string, original: string): string {
  return /^\p{Lu}/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

/** Rephrase: swaps common words for synonyms and rotates the clause order, so the change is visible. */
export function rephrase(text: string): string {
  let swapped = 0;
  const replaced = collapseWhitespace(text).replace(/\p{L}+/gu, (word) => {
    const synonym = SYNONYMS[word.toLowerCase()];
    if (!synonym) return word;
    swapped++;
    return matchCase(synonym, word);
  });
  const sentences = splitSentences(replaced);
  if (sentences.length > 1) {
    const [first, ...rest] = sentences;
    return [...rest, first].join(' ');
  }
  return swapped > 0 ? replaced : `Put another way: ${lowerFirst(replaced)}`;
}

function keywordsOf(text: string, count: number): string[] {
  const stop = new Set([
    'the',
    'and',
    'that',
    'with',
    'from',
    'this',
    'have',
    'were',
    'which',
    'their',
    'about',
    'into',
  ]);
  const tally = new Map<string, number>();
  for (const word of wordsOf(text.toLowerCase())) {
    if (word.length < 5 || stop.has(word)) continue;
    tally.set(word, (tally.get(word) ?? 0) + 1);
  }
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([word]) => word);
}

/** Extend: the text, then two sentences that build on its main words. */
export function extend(text: string): string {
  const [first = 'this subject', second = 'its details'] = keywordsOf(text, 2);
  return `${collapseWhitespace(text)} Beyond this, ${first} continues to draw attention from researchers and readers alike. A closer look at ${second} helps put these points in context and shows why they matter.`;
}

export function paragraphFromBulletPoints(points: string[]): string {
  const clean = points.map((point) => collapseWhitespace(point).replace(/[.;,]+$/, ''));
  const connectors = ['To begin with,', 'In addition,', 'Moreover,', 'Beyond that,', 'Finally,'];
  return clean
    .map((point, index) => {
      const connector = index === clean.length - 1 && index > 0 ? 'Finally,' : connectors[Math.min(index, 3)];
      return `${connector} ${lowerFirst(point)}.`;
    })
    .join(' ');
}

export function paragraphFromKeywords(keywords: string): string {
  const list = keywords
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const [head = 'The topic', ...rest] = list;
  const restText = rest.length
    ? `, along with ${rest.slice(0, -1).join(', ')}${rest.length > 1 ? ' and ' : ''}${rest.at(-1)},`
    : '';
  return `${matchCase(head, 'X')}${restText} shapes how people think about the subject today. Each of these ideas brings its own questions, and together they give a fuller picture of where things stand.`;
}

export interface VoiceStyle {
  name: string;
  tone: string;
  emoji: boolean;
}

export interface GroundedInput {
  instruction: string;
  topic: string;
  mode: string;
  sources: string[];
  fileName?: string;
  voice?: VoiceStyle;
}

/** Fact-grounded generation: names what it drew on, so a test can see the mode, file and voice were used. */
export function groundedText(input: GroundedInput): string {
  const subject = input.topic || input.instruction;
  const basis =
    input.mode === 'file'
      ? `the uploaded file “${input.fileName}”`
      : input.mode === 'serp'
        ? 'current web search results'
        : `${input.sources.length} selected ${input.mode === 'domain' ? 'domain' : 'page'}${input.sources.length === 1 ? '' : 's'} (${input.sources.join(', ')})`;
  const voice = input.voice ? ` Written in the ${input.voice.name} voice, with a ${input.voice.tone} tone.` : '';
  const emoji = input.voice?.emoji ? ' ✅' : '';
  return `${matchCase(collapseWhitespace(subject), 'X')}: drawing on ${basis}, here is what stands out. The most recent reporting points to steady developments, and the sources agree on the main facts.${voice}${emoji}`;
}

const PRODUCT_OPENERS: Record<string, { description: string; review: string }> = {
  en: { description: 'Introducing', review: 'Our verdict on' },
  de: { description: 'Wir präsentieren', review: 'Unser Urteil über' },
  fr: { description: 'Découvrez', review: 'Notre avis sur' },
  es: { description: 'Presentamos', review: 'Nuestra opinión sobre' },
  it: { description: 'Presentiamo', review: 'Il nostro giudizio su' },
  nl: { description: 'Maak kennis met', review: 'Ons oordeel over' },
  pt: { description: 'Apresentamos', review: 'A nossa opinião sobre' },
  pl: { description: 'Przedstawiamy', review: 'Nasza opinia o' },
};

/** The short code of each documented language name ("German" is "de", not its first letters). */
const CODE_OF_LANGUAGE_NAME: Record<string, string> = {
  'English-US': 'en',
  'English-UK': 'en',
  Spanish: 'es',
  French: 'fr',
  Italian: 'it',
  Dutch: 'nl',
  Portuguese: 'pt',
  German: 'de',
  Polish: 'pl',
};

/** Product copy as HTML (the real service returns HTML), with the excluded phrases left out. */
export function productCopy(input: {
  product: string;
  description: string;
  featureType: string;
  language: string;
  serp: boolean;
  exclude: string[];
}): string {
  const code = CODE_OF_LANGUAGE_NAME[input.language] ?? input.language.toLowerCase().slice(0, 2);
  const openers = PRODUCT_OPENERS[code] ?? PRODUCT_OPENERS.en!;
  const isReview = input.featureType === 'product_review';
  const opener = isReview ? openers.review : openers.description;
  const web = input.serp ? '<p>Details gathered from current listings and reviews on the web.</p>' : '';
  let html = `<h3>${opener} ${escapeHtml(input.product)}</h3><p>${escapeHtml(input.description || input.product)}. Step into a better everyday routine with a design that puts comfort first.</p><ul><li>Built to last</li><li>Easy to use</li></ul>${web}${isReview ? '<p>Rating: 4.5 out of 5.</p>' : ''}`;
  for (const phrase of input.exclude.filter((phrase) => phrase.trim())) {
    html = html.split(phrase).join('');
  }
  return html.replace(/<h3>\s+/g, '<h3>').replace(/<p>\s+/g, '<p>');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The readable text of an HTML page: the article or main element if there is one, without tags. */
export function readableText(html: string): { text: string; title: string } {
  const title = collapseWhitespace(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '');
  const main = /<article[\s\S]*?<\/article>/i.exec(html)?.[0] ?? /<main[\s\S]*?<\/main>/i.exec(html)?.[0] ?? html;
  const text = main
    .replace(/<(script|style|noscript|template|nav|footer|aside)[\s\S]*?<\/\1>/gi, ' ')
    // Source line breaks are layout, not structure: only block ends separate sentences.
    .replace(/\s+/g, ' ')
    .replace(/<\/(p|h[1-6]|li|div|section|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&[a-z]+;/g, ' ');
  return { text: text.split('\n').map(collapseWhitespace).filter(Boolean).join('\n'), title };
}
