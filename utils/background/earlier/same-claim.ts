/**
 * Whether a published fact-check's claim says the same thing as one of ours, and the query that finds it: word overlap
 * of the two claims' content words (stop words of their language dropped, words cut to a common stem), with their
 * numbers, their names and their negation required to agree. Precision first: a near topic, a claim with another
 * number or about another person is not the same claim.
 */

/** Stop words, per language (the primary subtag): the words that say little about what a claim is about. */
const STOP_WORDS: Record<string, string> = {
  en: 'a an the and or but of to in on at by for from with as is are was were be been being has have had do does did this that these those it its their his her our your my they we you he she i not no never than then there here which who whom whose what when where why how about into over under after before during more most less least very also only just all any each some such so said says say claim claims claimed according will would can could may might must should shall per',
  de: 'der die das den dem des ein eine einen einem einer eines und oder aber von zu im in am an auf bei für mit als ist sind war waren sein hat haben hatte wird werden wurde wurden dies diese dieser dieses es sie er wir ihr ich nicht kein keine nie als dann dort hier welche welcher wer was wann wo warum wie über unter nach vor mehr sehr auch nur alle jede jeder einige so sagt sagte laut zum zur vom beim dass',
  es: 'el la los las un una unos unas y o pero de del a al en por para con como es son era eran ser sido ha han había este esta estos estas ese esa eso ello su sus lo le les se que quien cual cuando donde porque como más menos muy también solo todos todas cada algunos así dice dijo según no nunca ni',
  fr: 'le la les un une des et ou mais de du au aux en dans par pour avec comme est sont était étaient être été a ont avait ce cet cette ces il elle ils elles on nous vous je son sa ses leur leurs que qui quoi quand où pourquoi comment plus moins très aussi seulement tous toutes chaque quelques ainsi dit selon ne pas jamais ni sur sous après avant',
  it: 'il lo la i gli le un uno una e o ma di del della dei delle a al alla ai in nel nella per con come è sono era erano essere stato ha hanno aveva questo questa questi queste quello quella esso suo sua suoi loro che chi cui quando dove perché più meno molto anche solo tutti tutte ogni alcuni così dice detto secondo non mai né su sotto dopo prima',
  nl: 'de het een en of maar van te in op aan bij voor met als is zijn was waren geweest heeft hebben had dit dat deze die het hij zij wij jullie ik haar hun ons niet geen nooit dan daar hier welke wie wat wanneer waar waarom hoe over onder na meer zeer ook alleen alle elke sommige zo zegt zei volgens',
  pl: 'i oraz lub albo ale z ze w we na do od po przez dla jak jest są był była było byli być ma mają miał ten ta to te tego tej tych jego jej ich że który która które kto co kiedy gdzie dlaczego jak bardziej mniej bardzo także też tylko wszyscy każdy niektóre tak mówi powiedział według nie nigdy ani o',
  pt: 'o a os as um uma uns umas e ou mas de do da dos das ao aos em no na nos nas por para com como é são era eram ser sido tem têm tinha este esta estes estas esse essa isso seu sua seus suas que quem qual quando onde porque mais menos muito também só todos todas cada alguns assim diz disse segundo não nunca nem sobre sob após antes',
};

/** Words that deny what a claim says: a claim and its denial are not the same claim. */
const NEGATIONS: Record<string, string> = {
  en: 'not no never none nobody nothing neither nor without',
  de: 'nicht kein keine keinen keinem keiner nie niemals niemand nichts ohne',
  es: 'no nunca ninguno ninguna nadie nada ni sin',
  fr: 'ne pas jamais aucun aucune personne rien ni sans',
  it: 'non mai nessuno nessuna niente nulla né senza',
  nl: 'niet geen nooit niemand niets noch zonder',
  pl: 'nie nigdy żaden żadna nikt nic ani bez',
  pt: 'não nunca nenhum nenhuma ninguém nada nem sem',
};

const wordSet = (table: Record<string, string>, language: string) =>
  new Set((table[language] ?? table.en ?? '').split(' ').map(fold));

/** Lower case, without accents, so that "São" and "Sao" meet. */
function fold(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The primary subtag of a language tag ("pt-BR" → "pt"), English when unknown. */
export function primaryLanguage(tag: string): string {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return primary in STOP_WORDS ? primary : 'en';
}

/** Words cut to this many letters at most: a stem common to "vaccinated" and "vaccines", "Impfung" and "Impfungen". */
const STEM_LENGTH = 6;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.,-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

interface Reading {
  /** Content words, stemmed. */
  stems: Set<string>;
  numbers: Set<string>;
  /** Names: each a run of capitalised words, folded; kept by its last word (a surname, a place's main word). */
  names: Set<string>;
  negated: boolean;
}

/** The value of a number as written in `language` ("1,5" in German is 1.5, "1,500" in English is 1500). */
export function numberValue(written: string, language: string): string | null {
  let text = written.replace(/[\s\u00a0\u202f']/g, '');
  const decimalComma = language !== 'en';
  const groups = decimalComma ? '.' : ',';
  const decimal = decimalComma ? ',' : '.';
  // A separator followed by exactly three digits, more than once or after a leading group, groups thousands.
  if (new RegExp(`^\\d{1,3}(\\${groups}\\d{3})+(\\${decimal}\\d+)?$`).test(text)) text = text.split(groups).join('');
  text = text.replace(decimal, '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? String(value) : null;
}

/** An elided article or pronoun before a word ("l’autisme", "dell’anno", "d’environ"). */
const ELISION = /^(?:[ldjmnstc]|qu|dell|all|dall|nell|sull|un)['’]/iu;

const YEAR = /^(1[89]\d\d|20\d\d)$/;

/** "%" and each language's words for it, as one word: "10%" and "10 per cent" say the same. */
const PERCENT = /\s?%|\b(?:per cent|pour cent|por ciento|por cento|per cento|percent|prozent|procent)\b/giu;

/** A word's stem: without a plural's final "s" (most of these languages make plurals so), cut to STEM_LENGTH. */
function stemOf(word: string): string {
  const singular = word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  return singular.slice(0, STEM_LENGTH);
}

function read(written: string, language: string): Reading {
  const claim = written.replace(PERCENT, ' percent');
  const stop = wordSet(STOP_WORDS, language);
  const negations = wordSet(NEGATIONS, language);
  const stems = new Set<string>();
  const numbers = new Set<string>();
  const names = new Set<string>();
  let negated = false;
  let sentenceStart = true;
  let name: string[] = [];
  const endName = () => {
    if (name.length) names.add(name[name.length - 1] ?? '');
    name = [];
  };
  // German writes every noun with a capital: only runs of two or more capitalised words, or letters in capitals
  // (an acronym), are taken for names there.
  const capitalNouns = language === 'de';
  const runs: string[][] = [];
  for (const match of claim.matchAll(WORD)) {
    const raw = match[0].replace(/[.,]+$/, '');
    const before = claim.slice(0, match.index).trimEnd();
    if (/[.!?:;"“”«»]$/.test(before) || before === '') sentenceStart = true;
    for (const written of raw.match(/\d[\d.,]*/g) ?? []) {
      const value = numberValue(written.replace(/[.,]+$/, ''), language);
      if (value !== null) numbers.add(value);
    }
    if (/^[\d.,]+$/.test(raw)) {
      endName();
      sentenceStart = false;
      continue;
    }
    const folded = fold(raw.replace(/['’]s$/, '').replace(ELISION, ''));
    if (negations.has(folded)) negated = true;
    const capitalised = /^\p{Lu}/u.test(raw);
    const acronym = raw.length > 1 && raw === raw.toUpperCase() && /\p{Lu}/u.test(raw);
    if ((capitalised && !sentenceStart && !stop.has(folded)) || acronym) name.push(folded);
    else {
      if (name.length) runs.push(name);
      endName();
    }
    for (const part of folded.split('-'))
      if (!stop.has(part) && !negations.has(part) && part.length > 1 && !/^\d/.test(part)) stems.add(stemOf(part));
    sentenceStart = false;
  }
  if (name.length) runs.push([...name]);
  endName();
  if (capitalNouns) {
    names.clear();
    for (const run of runs) {
      const last = run[run.length - 1] ?? '';
      if (run.length > 1 || /^[\p{Lu}\d]+$/u.test(last)) names.add(last);
    }
  }
  return { stems, numbers, names, negated };
}

/** The Dice coefficient of two sets: twice what they share over their sizes together. */
function dice(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/** Each of `from`'s numbers is in `to` (a year one side names and the other does not aside). */
function numbersAgree(from: Set<string>, to: Set<string>): boolean {
  for (const value of from)
    if (!to.has(value) && !(YEAR.test(value) && ![...to].some((other) => YEAR.test(other)))) return false;
  return true;
}

/** Each of `from`'s names is among `to`'s names or words (a name in lower case on the other side still counts). */
function namesAgree(from: Reading, to: Reading, toText: string): boolean {
  const words = new Set([...toText.matchAll(WORD)].map((match) => fold(match[0].replace(/['’]s$/, ''))));
  for (const name of from.names) if (!to.names.has(name) && !words.has(name)) return false;
  return true;
}

/** How alike two claims' content words are (0 to 1), before their numbers, names and negation are compared. */
export function claimSimilarity(ours: string, theirs: string, language: string): number {
  const lang = primaryLanguage(language);
  return dice(read(ours, lang).stems, read(theirs, lang).stems);
}

/** The least similarity at which two claims whose numbers, names and negation agree are taken for the same claim. */
export const SAME_CLAIM_SIMILARITY = 0.7;

/**
 * Whether a published claim (`theirs`, by `claimant`) is the same claim as `ours`, in `language` (a tag): similar
 * content words, the same numbers, the same names (the claimant's own name may be on one side only), and both stated or
 * both denied.
 */
export function isSameClaim(ours: string, theirs: string, language: string, claimant = ''): boolean {
  const lang = primaryLanguage(language);
  const a = read(ours, lang);
  const b = read(theirs, lang);
  if (a.negated !== b.negated) return false;
  if (!numbersAgree(a.numbers, b.numbers) || !numbersAgree(b.numbers, a.numbers)) return false;
  const claimantNames = read(claimant, lang);
  const withoutClaimant = (reading: Reading): Reading => ({
    ...reading,
    names: new Set(
      [...reading.names].filter(
        (name) => !claimantNames.names.has(name) && !fold(claimant).split(/\s+/).includes(name),
      ),
    ),
  });
  if (!namesAgree(withoutClaimant(a), b, theirs) || !namesAgree(withoutClaimant(b), a, ours)) return false;
  return dice(a.stems, b.stems) >= SAME_CLAIM_SIMILARITY;
}

/** Words a search query keeps at most: the search matches most of them, and a whole sentence finds less. */
export const QUERY_WORDS = 10;

/**
 * The query for a claim: its names and numbers first, then its other content words in order, stop words dropped, at
 * most QUERY_WORDS words (see docs/earlier-fact-checks.md for why).
 */
export function searchQuery(claim: string, language: string): string {
  const lang = primaryLanguage(language);
  const stop = wordSet(STOP_WORDS, lang);
  const negations = wordSet(NEGATIONS, lang);
  const words = [...claim.matchAll(WORD)].map((match) => match[0].replace(/[.,]+$/, ''));
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const word of words) {
    const folded = fold(word);
    // A denial stays: without it, the search finds the claim it denies first.
    if ((stop.has(folded) && !negations.has(folded)) || seen.has(folded)) continue;
    seen.add(folded);
    kept.push(word);
  }
  const important = (word: string) => /\d/.test(word) || /^\p{Lu}/u.test(word);
  const ranked = [...kept.filter(important), ...kept.filter((word) => !important(word))].slice(0, QUERY_WORDS);
  // In the claim's order: a search engine weighs words near each other.
  return kept.filter((word) => ranked.includes(word)).join(' ');
}
