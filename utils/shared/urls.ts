/** Address helpers shared by the background, the pages and the content script (no zod here). */

/** Returns the address when it is an absolute http(s) URL, else null (javascript:, data:, relative…). */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** How many words a text fragment's start and end each take, for a fact longer than both. */
const FRAGMENT_EDGE_WORDS = 4;

/**
 * A source's address that opens at the fact it was cited for: with a text fragment (`#:~:text=start,end`, from the
 * fact's first and last words, or all of them when it is short), which the browser scrolls to and highlights. A fact
 * too short (under three words) or too odd (no letters, markup) leaves the address as it is, as does one that has a
 * fragment directive already. A fragment the page does not hold is ignored by the browser.
 */
export function linkToFact(url: string, fact: string): string {
  const words = fact
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length < 3 || !/\p{L}/u.test(fact) || /[<>]/.test(fact) || url.includes(':~:')) return url;
  // `-`, `,` and `&` have meanings of their own in a text directive.
  const encode = (part: string[]) => encodeURIComponent(part.join(' ')).replace(/-/g, '%2D');
  const directive =
    words.length <= 2 * FRAGMENT_EDGE_WORDS
      ? encode(words)
      : `${encode(words.slice(0, FRAGMENT_EDGE_WORDS))},${encode(words.slice(-FRAGMENT_EDGE_WORDS))}`;
  return `${url}${url.includes('#') ? '' : '#'}:~:text=${directive}`;
}

/** The address without its fragment: moving to `#section` stays on the same page. */
export function stripHash(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/**
 * What to call a page that gives no title of its own (Chromium's PDF viewer gives its document none): the last part
 * of its path, decoded (`annual report.pdf`), or else its host; the address itself if it is not one.
 */
export function nameFromUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const last = parsed.pathname.split('/').filter(Boolean).at(-1);
  if (!last) return parsed.hostname || url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // A stray % that is no escape.
  }
}

/**
 * A page's title as its own, or '' where it gives none: a blank one, or the browser's stand-in, its address (shown
 * without its scheme, as Chromium titles a PDF with no title of its own: `example.org/docs/paper.pdf`).
 */
export function ownTitle(title: string, url: string): string {
  const trimmed = title.trim();
  return trimmed === url || trimmed === url.replace(/^[a-z][a-z\d+.-]*:\/\//i, '') ? '' : trimmed;
}

/** A host name of two labels or more (letters of any script, digits, hyphens), as a domain list takes it. */
const DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}][\p{L}\p{N}-]*[\p{L}\p{N}]$/u;

/**
 * The domain a user meant by a line of a domain list: the line itself (`nasa.gov`, lower-cased), or the host of an
 * address pasted in its place (`https://www.nasa.gov/missions/` is `www.nasa.gov`); null if it is neither.
 */
export function domainFromInput(line: string): string | null {
  const text = line.trim().toLowerCase();
  const address = /^[a-z][a-z\d+.-]*:\/\//.test(text) ? safeHttpUrl(text) : null;
  const host = address ? new URL(address).hostname : text.replace(/\/+$/, '');
  return DOMAIN.test(host) ? host : null;
}

/** What of a checked claim tells its sources: their links, and which of them its reasoning cites. */
interface CitedSources {
  sources: readonly { url: string | null }[];
  reasoningParts: readonly ({ kind: 'text' } | { kind: 'citation'; sourceIndex: number })[];
}

/**
 * The address of a claim's first supporting source, for "Apply with source": the first http(s) source its reasoning
 * cites, or else its first http(s) source; null if it has none.
 */
export function supportingSource({ sources, reasoningParts }: CitedSources): string | null {
  const linked = (source: { url: string | null } | undefined) => safeHttpUrl(source?.url);
  for (const part of reasoningParts) {
    if (part.kind !== 'citation') continue;
    const url = linked(sources[part.sourceIndex]);
    if (url) return url;
  }
  for (const source of sources) {
    const url = linked(source);
    if (url) return url;
  }
  return null;
}
