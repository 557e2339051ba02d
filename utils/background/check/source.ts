/**
 * What gets sent for a check: the page's address, or its text. And how text too long for one request is
 * split, and how a check is named in the cache.
 */
import { ServiceError } from '../../shared/service-error';
import { isLoopbackHost } from '../../shared/base-url';
import type { PageSnapshot } from '../../contract/page-actions';
import type { CheckScope, SourceKind } from '../../contract/jobs';
import { hasWords } from '../../shared/check-input';
import { t, type MessageKey } from '../../shared/i18n';

/**
 * The largest text sent in one request. The service documents no limit; 4.3 and 4.8 are language-model
 * calls, and 12,000 characters (about 2,000 words, a long article) keeps each call well inside what such
 * services take. Longer text is split at paragraph or sentence ends.
 */
const MAX_CHUNK_CHARS = 12_000;
/** Beyond this many chunks (96,000 characters, a short book) the check is refused with the size stated. */
const MAX_CHUNKS = 8;
export const MAX_CHECK_CHARS = MAX_CHUNK_CHARS * MAX_CHUNKS;

/** What the page told us about itself (see extract.ts). */
export interface PageFacts {
  url: string;
  /** The readable main content. */
  mainText: string;
  headline: string;
  /** The page shows signs of a signed-in session (a sign-out control, a password field). */
  signedIn: boolean;
  /** The page is a PDF in the browser's viewer, whose text cannot be read (see PageSnapshot.pdf). */
  pdf?: boolean;
  /** The page is a Google Doc (see PageSnapshot.googleDoc). */
  googleDoc?: unknown;
}

export interface SourceChoice {
  kind: SourceKind;
  /** In words, for the popup: why this kind was used. */
  reason: string;
  /** Whether the user may switch to the other kind. */
  canSwitch: boolean;
}

const PRIVATE_SUFFIXES = ['.local', '.localhost', '.internal', '.lan', '.home.arpa', '.corp', '.intranet'];

/** True for addresses on this machine or a private network, which a remote service cannot fetch. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (isLoopbackHost(host) || !host.includes('.')) return true;
  if (PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    return (
      a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  // IPv6 unique-local (fc00::/7) and link-local (fe80::/10).
  return /^\[(f[cd]|fe[89ab])/i.test(host);
}

/**
 * Parts of a parameter's name that say it carries a secret, wherever they stand in it, case and separators aside:
 * `access_token`, `accesstoken`, `X-Amz-Signature`, `PHPSESSID`, `jsessionid`, `resourcekey`, `X-Goog-Credential`.
 */
const SECRET_PARTS = [
  'token',
  'secret',
  'passw',
  'passwd',
  'pwd',
  'apikey',
  'accesskey',
  'privatekey',
  'resourcekey',
  'sharekey',
  'signature',
  'credential',
  'session',
  'sessid',
  'jwt',
  'nonce',
  'ticket',
  'assertion',
  'samlresponse',
  'hmac',
];

/** Short words that name a secret only as a word of their own in the name (`sig`, `Key-Pair-Id`, `code`, `sid`). */
const SECRET_WORDS = new Set(['key', 'sig', 'sid', 'code', 'auth', 'otp', 'pin', 'hash', 'pass', 'pw', 'st']);

/** Whether a parameter's name says it carries a secret (see SECRET_PARTS and SECRET_WORDS). */
export function namesSecret(name: string): boolean {
  const joined = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  if (SECRET_PARTS.some((part) => joined.includes(part))) return true;
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => SECRET_WORDS.has(word));
}

/** A JSON Web Token, whatever its name: a signed sign-in, usable by whoever holds the address. */
const JWT = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/;

/**
 * What in an address looks like a secret, named for the popup (never its value), or undefined: credentials in its
 * authority, a path parameter (`;jsessionid=…`), a query parameter whose name says so, or a token in the path or a
 * value. Such a page goes as text: the service, and its logs, never see the address.
 */
export function secretInAddress(url: URL): string | undefined {
  if (url.username || url.password) return 'user:password@';
  const pathParameter = /;([^/;=]*)/.exec(url.pathname);
  if (pathParameter) return `;${decodeSafely(pathParameter[1] ?? '')}`;
  for (const [name, value] of url.searchParams) if (namesSecret(name) || JWT.test(value)) return name;
  if (JWT.test(url.pathname)) return 'eyJ…';
  return undefined;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The address sent for a page: without its fragment, which only the browser reads and may hold a token. */
export function addressToSend(address: string): string {
  try {
    const url = new URL(address);
    url.hash = '';
    return url.href;
  } catch {
    return address;
  }
}

/**
 * Picks how a page is sent. A selection is always text. A page is sent by URL when the service can fetch
 * it itself: a public http(s) address with no sign of a signed-in session. A page on the service's own
 * host is reachable too (that is how a self-hosted service, or the service double, sees its pages).
 * `sendPageAddresses` false (the organization's policy): always as text.
 */
export function chooseSource(
  scope: CheckScope,
  facts: PageFacts,
  serviceBaseUrl: string,
  sendPageAddresses = true,
): SourceChoice {
  if (scope === 'selection') return { kind: 'text', reason: t('sendsSelection'), canSwitch: false };
  if (scope === 'draft') return { kind: 'text', reason: t('sendsDraft'), canSwitch: false };
  // A Doc's address is a secret (whoever has it may read it), and the service could not open a private one anyway.
  if (facts.googleDoc) return { kind: 'text', reason: t('googleDocAsText'), canSwitch: false };
  if (!sendPageAddresses) return { kind: 'text', reason: t('textSentByOrganization'), canSwitch: false };
  let url: URL | null = null;
  try {
    url = new URL(facts.url);
  } catch {
    url = null;
  }
  const hasText = facts.mainText.trim().length > 0;
  const notReachable = (why: string): SourceChoice => ({
    kind: 'text',
    reason: t(facts.pdf ? 'pdfUnreachable' : 'pageTextSentBecause', why),
    canSwitch: false,
  });
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return notReachable(url ? t('cannotOpenScheme', url.protocol.replace(':', '')) : t('cannotOpenThisPage'));
  const serviceHost = new URL(serviceBaseUrl).hostname;
  if (isPrivateHost(url.hostname) && url.hostname !== serviceHost) return notReachable(t('privateHost', url.hostname));
  const secret = secretInAddress(url);
  if (secret)
    return {
      ...notReachable(t('secretInAddress', secret)),
      // The text can always go; the address with a secret, never.
      canSwitch: false,
    };
  if (facts.pdf)
    return {
      kind: 'url',
      reason: t('pdfByAddress'),
      canSwitch: false,
    };
  if (facts.signedIn)
    return {
      kind: 'text',
      reason: t('signedInTextSent'),
      canSwitch: true,
    };
  return { kind: 'url', reason: t('addressSent'), canSwitch: hasText };
}

/**
 * Whether the user is writing in an editor that draws its text on a canvas (Google Docs does): the focus is in a
 * text box that holds no words, over a view mostly of canvases. What they see is not in the page to be read.
 */
export function drawnOnCanvas(snapshot: PageSnapshot): boolean {
  return !!snapshot.canvasView && !!snapshot.editing && !hasWords(snapshot.draft) && !hasWords(snapshot.selection);
}

export const drawnOnCanvasMessage = (): string => t('canvasNothingSent');

/** What is checked, by scope, in the messages that refuse it. */
const EMPTY: Record<CheckScope, MessageKey> = {
  page: 'emptyPage',
  selection: 'emptySelection',
  draft: 'emptyDraft',
};
const TOO_LONG: Record<CheckScope, MessageKey> = {
  page: 'tooLongPage',
  selection: 'tooLongSelection',
  draft: 'tooLongDraft',
};

/**
 * Refuses text that is empty or too long to check, with a message that says what to do: `tooLongAdvice` for text too
 * long (a page's or a draft's part can be selected and checked; a selection can only be made shorter).
 */
export function assertCheckableText(
  text: string,
  scope: CheckScope,
  tooLongAdvice = t('selectPartToCheck', t('checkSelection')),
): void {
  if (!hasWords(text)) throw new ServiceError({ kind: 'invalid-input', message: t(EMPTY[scope]) });
  if (text.length > MAX_CHECK_CHARS)
    throw new ServiceError({
      kind: 'invalid-input',
      message: `${t(TOO_LONG[scope], text.length, MAX_CHECK_CHARS)} ${tooLongAdvice}`,
    });
}

/**
 * Splits text into chunks of at most `max` characters, at a paragraph end when there is one in the second
 * half of the window, else at a sentence end, else at a space. Nothing is dropped: joining the chunks
 * gives back the text, less the whitespace at the cuts.
 */
export function splitIntoChunks(text: string, max = MAX_CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const floor = Math.floor(max / 2);
    const cut =
      lastBreak(window, /\n\s*\n/g, floor) ??
      lastBreak(window, /[.!?…]["”’)]?\s|[。！？｡][」』”’）)]*/g, floor) ??
      lastBreak(window, /\s/g, floor) ??
      max;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

function lastBreak(window: string, pattern: RegExp, floor: number): number | null {
  let best: number | null = null;
  for (const match of window.matchAll(pattern)) {
    const end = match.index + match[0].length;
    if (end >= floor) best = end;
  }
  return best;
}

/** Whitespace collapsed, so that re-rendering the same content gives the same cache key. */
export function canonicalText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** SHA-256 of a string, hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The cache key of a check: what was sent (the URL, or the text's hash), the language, the headline, the mode. */
export async function cacheKeyFor(parts: {
  sourceKind: SourceKind;
  url: string;
  text: string;
  language: string;
  headline: string;
  mode: string;
}): Promise<string> {
  const content =
    parts.sourceKind === 'url' ? `url:${parts.url}` : `text:${await sha256Hex(canonicalText(parts.text))}`;
  return sha256Hex(JSON.stringify([content, parts.language, canonicalText(parts.headline), parts.mode]));
}
