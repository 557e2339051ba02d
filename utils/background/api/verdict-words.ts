/**
 * The service's words for a verdict (`factuality`), in any of its nine output languages, mapped onto the four
 * verdicts. What maps to nothing is "needs more information", and the service's own words are kept beside it.
 */
import type { Verdict } from '../../shared/verdicts';

/** Phrases per verdict, lower case and without accents (see fold). Checked in this order: the first hit wins. */
const PHRASES: ReadonlyArray<readonly [Verdict, readonly string[]]> = [
  [
    'unverifiable',
    [
      // English
      'need more information',
      'needs more information',
      'more information',
      'more info',
      'not enough',
      'insufficient',
      'unverifiable',
      'unverified',
      'cannot be verified',
      "can't be verified",
      'could not be verified',
      'unable to verify',
      'no evidence',
      'unclear',
      'unknown',
      'undetermined',
      'inconclusive',
      'unproven',
      // Spanish, Portuguese
      'mas informacion',
      'informacion insuficiente',
      'no verificable',
      'no se puede verificar',
      'mais informacoes',
      'mais informacao',
      'informacao insuficiente',
      'nao verificavel',
      'inconclusivo',
      'insuficiente',
      // French
      "plus d'informations",
      "plus d'information",
      'insuffisant',
      'inverifiable',
      'non verifiable',
      'indetermine',
      // Italian
      'piu informazioni',
      'informazioni insufficienti',
      'non verificabile',
      'insufficiente',
      // Dutch
      'meer informatie',
      'onvoldoende',
      'niet verifieerbaar',
      'onbekend',
      // German
      'mehr informationen',
      'unzureichend',
      'nicht uberprufbar',
      'nicht verifizierbar',
      'unklar',
      'unbekannt',
      // Polish
      'wiecej informacji',
      'niewystarczajace',
      'nie mozna zweryfikowac',
      'nieweryfikowalne',
      'niejasne',
    ],
  ],
  [
    'mixed',
    [
      'partly',
      'partially',
      'mostly',
      'half true',
      'half-true',
      'mixed',
      'misleading',
      'somewhat',
      'largely',
      'mixture',
      'en parte',
      'parcialmente',
      'mayormente',
      'enganoso',
      'em parte',
      'partiellement',
      'en partie',
      'trompeur',
      'plutot',
      'parzialmente',
      'in parte',
      'fuorviante',
      'gedeeltelijk',
      'deels',
      'misleidend',
      'grotendeels',
      'teilweise',
      'irrefuhrend',
      'grosstenteils',
      'uberwiegend',
      'czesciowo',
      'wprowadzajace w blad',
      'mylace',
      'w wiekszosci',
    ],
  ],
  [
    'refuted',
    [
      'not true',
      'untrue',
      'not correct',
      'not accurate',
      'false',
      'incorrect',
      'inaccurate',
      'wrong',
      'refuted',
      'fake',
      'falso',
      'incorrecto',
      'incorreto',
      'no es cierto',
      'nao e verdade',
      'faux',
      'inexact',
      'errato',
      'non vero',
      'onwaar',
      'niet waar',
      'onjuist',
      'falsch',
      'unwahr',
      'nicht wahr',
      'nicht korrekt',
      'unrichtig',
      'nieprawda',
      'nieprawdziwe',
      'nieprawdziwy',
      'falsz',
      'falszywe',
      'falszywy',
      'bledne',
    ],
  ],
  [
    'supported',
    [
      'true',
      'correct',
      'accurate',
      'supported',
      'verified',
      'verdadero',
      'verdadeiro',
      'cierto',
      'correcto',
      'correto',
      'vrai',
      'exact',
      'vero',
      'corretto',
      'waar',
      'juist',
      'klopt',
      'wahr',
      'richtig',
      'zutreffend',
      'korrekt',
      'prawda',
      'prawdziwe',
      'prawdziwy',
      'poprawne',
    ],
  ],
];

/** One-word answers, matched only as the whole answer ("no" inside a sentence says nothing). */
const YES = new Set(['yes', 'si', 'oui', 'sim', 'ja', 'tak']);
const NO = new Set(['no', 'non', 'nao', 'nee', 'nein', 'nie']);

/** Lower case, accents dropped (ł and ß too), apostrophes and spaces made one kind. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/[‘’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const MATCHERS = PHRASES.map(
  ([verdict, phrases]) =>
    [
      verdict,
      new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${[...new Set(phrases.map(fold))].map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
        'u',
      ),
    ] as const,
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Maps any `factuality` form onto the four verdicts; null when it holds no verdict at all (empty, or no text). */
export function verdictOf(factuality: unknown): Verdict | null {
  if (typeof factuality === 'boolean') return factuality ? 'supported' : 'refuted';
  if (typeof factuality !== 'string') return null;
  const text = fold(factuality);
  if (!text) return null;
  const word = text.replace(/[.!]+$/, '');
  if (YES.has(word)) return 'supported';
  if (NO.has(word)) return 'refuted';
  for (const [verdict, matcher] of MATCHERS) if (matcher.test(text)) return verdict;
  return 'unverifiable';
}
