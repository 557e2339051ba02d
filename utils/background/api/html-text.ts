/**
 * The plain text of a text from the service that may be HTML (every generated text may be: docs/service-contract.md): line
 * breaks where its blocks end, its list items marked (`• `, or `1. ` in an ordered list), entities decoded, and no
 * markup. A string reader, not a DOM parser, so that it runs in the service worker; nothing it is given is run or
 * loaded. A text with no tags keeps its own line breaks.
 */

const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const LOOKS_LIKE_HTML = /<\/?[a-zA-Z][\w:-]*(?:\s(?:[^<>"']|"[^"]*"|'[^']*')*)?\/?>/;
const DROPPED_WITH_CONTENT = /<(script|style|head|template|noscript|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  sbquo: '‚',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
  szlig: 'ß',
  iexcl: '¡',
  iquest: '¿',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
};

/** Accented letters by their entity's form (`&eacute;`): the letter and a combining mark, composed. */
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  tilde: '\u0303',
  cedil: '\u0327',
  ring: '\u030a',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    const named = NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()];
    if (named !== undefined) return named;
    const accent = /^([a-zA-Z])(acute|grave|circ|uml|tilde|cedil|ring)$/.exec(name);
    if (accent?.[1] && accent[2]) return (accent[1] + ACCENTS[accent[2]]).normalize('NFC');
    if (name === 'oslash' || name === 'Oslash') return name[0] === 'O' ? 'Ø' : 'ø';
    return whole;
  });
}

/** Whether a text holds HTML markup (a tag), as opposed to plain text that may use `<` or `&`. */
function looksLikeHtml(text: string): boolean {
  return LOOKS_LIKE_HTML.test(text) || /<!--/.test(text);
}

export function htmlToText(html: string): string {
  if (!looksLikeHtml(html)) return decodeEntities(html).trim();
  const source = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(DROPPED_WITH_CONTENT, '');
  let out = '';
  /** Open lists, innermost last: the next number of an ordered one, or null for a bulleted one. */
  const lists: Array<number | null> = [];
  let preDepth = 0;
  const lineBreak = () => {
    out = out.replace(/[ \t]+$/, '');
    if (out && !out.endsWith('\n')) out += '\n';
  };
  const addText = (raw: string) => {
    let text = decodeEntities(raw);
    if (!preDepth) {
      text = text.replace(/[ \t\r\n\f]+/g, ' ');
      // A space at the start of a line is not shown, as a browser would not show it.
      if (!out || out.endsWith('\n') || out.endsWith(' ')) text = text.replace(/^ /, '');
    }
    out += text;
  };
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    addText(source.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    if (name === 'br') {
      out = out.replace(/[ \t]+$/, '') + '\n';
      continue;
    }
    if (name === 'pre') preDepth = Math.max(0, preDepth + (closing ? -1 : 1));
    if (!BLOCKS.has(name)) {
      // Cells of a row are kept apart.
      if ((name === 'td' || name === 'th') && closing) out += ' ';
      continue;
    }
    lineBreak();
    if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else if (name === 'ul') lists.push(null);
      else {
        const start = /\bstart\s*=\s*["']?(-?\d+)/i.exec(match[3] ?? '')?.[1];
        lists.push(start === undefined ? 1 : Number(start));
      }
    } else if (name === 'li' && !closing) {
      const depth = lists.length;
      const next = lists[depth - 1];
      const indent = '  '.repeat(Math.max(0, depth - 1));
      if (typeof next === 'number') {
        out += `${indent}${next}. `;
        lists[depth - 1] = next + 1;
      } else out += `${indent}• `;
    }
  }
  addText(source.slice(last));
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
