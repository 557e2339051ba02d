/**
 * The service double: a real HTTP server implementing every call of docs/service-contract.md, with the
 * quirks the evidence shows, switchable faults, a request log and a credit ledger.
 *
 *   const double = await startServiceDouble({ port: 0 });
 *   double.faults.add({ kind: 'rate-limit', endpoint: 'factCheckClaims', count: 1, retryAfterSeconds: 1 });
 *   … drive the extension at double.url …
 *   expect(double.log.at(-1)?.path).toBe('/custom/api/v2/blog/fact/check');
 *   await double.close();
 *
 * The same controls are served over HTTP under /__double/ for a double started by `npm run service-double`.
 * It sends no CORS headers: like a server-to-server API, it can be called only by an extension that holds
 * host permission for it, which keeps the tests honest about permissions.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FaultBook, faultSpecSchema, type FaultSpec } from './faults';
import { doubleFormsSchema, EVIDENCE_FORMS, type ClaimListFormat, type DoubleForms } from './forms';
import { handle, requestItems, type DoubleState, type VerdictPatch } from './handlers';
import { REQUEST_CHECKS, ROUTE_OF_PATH, ROUTES, type Route, type RouteName } from './routes';
import { seedAssets, seedBrandVoices } from './seed';
import { BAD_KEY_ANSWER, QUOTA_ANSWER, searchAnswer } from './fact-check-search';

/** Where Fact Check Tools answers a search (its address is the double's, in the e2e tests and the demo). */
const SEARCH_PATH = '/v1alpha1/claims:search';

export interface ServiceDoubleOptions {
  /** 0 picks any free port. */
  port?: number;
  host?: string;
  /** Bearer keys the double accepts. */
  keys?: string[];
  /** The forms of its answers (forms.ts); the evidence's where not given. */
  forms?: Partial<DoubleForms>;
  /** Faults in force from the start, e.g. realistic latency for the demo. */
  faults?: FaultSpec[];
  /** Serves HTTPS with this certificate (PEM), as the real service does: for a browser that resolves its host here. */
  tls?: { key: string; cert: string };
  /** The keys its Fact Check Tools search (fact-check-search.ts) accepts. */
  factCheckKeys?: string[];
}

/** How the Fact Check Tools search fails, for the next `count` searches (all, if not given). */
const searchFaultSchema = z.object({
  kind: z.enum(['rate-limit', 'server-error', 'slow', 'malformed']),
  /** slow: how long it waits before it answers. */
  delayMs: z.int().nonnegative().max(600_000).optional(),
  count: z.int().positive().optional(),
});
export type SearchFault = z.infer<typeof searchFaultSchema>;

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  endpoint: RouteName | null;
  /** Request headers, with Authorization redacted. */
  headers: Record<string, string>;
  /** sha256 of the bearer key, first 16 hex digits (see fingerprintKey); null when none was sent. */
  keyFingerprint: string | null;
  authorized: boolean;
  /** The JSON body, or for an upload the file's name, size and type. */
  body: unknown;
  /** The HTTP status answered, or what the connection did instead. */
  outcome: number | 'hang' | 'drop' | 'truncated' | 'aborted';
  credits: number;
}

export interface CreditLedger {
  total: number;
  byEndpoint: Partial<Record<RouteName, number>>;
}

export interface ServiceDouble {
  readonly url: string;
  readonly port: number;
  readonly faults: FaultBook;
  readonly log: readonly RequestLogEntry[];
  readonly credits: CreditLedger;
  /** Requests that reached an endpoint (not the demo pages or controls, nor a probe of an address by OPTIONS). */
  endpointCalls(name?: RouteName): RequestLogEntry[];
  setClaimListFormat(format: ClaimListFormat): void;
  /** Sets some of the forms of its answers from now on (until reset). */
  setForms(forms: Partial<DoubleForms>): void;
  /** Replaces parts of every verdict from now on (until reset); null restores the normal ones. */
  setVerdictPatch(patch: VerdictPatch | null): void;
  /** The Fact Check Tools searches it was asked (see fact-check-search.ts), in the log's form. */
  searches(): RequestLogEntry[];
  /** Makes the Fact Check Tools search fail (null: answer again). */
  setSearchFault(fault: SearchFault | null): void;
  /** Clears the log, the ledger and the faults, and restores the seed library. */
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_DOUBLE_KEYS = ['demo-key'];
export const DEFAULT_FACT_CHECK_KEYS = ['fc-demo-key'];
const JSON_BODY_LIMIT = 5 * 1024 * 1024;
const UPLOAD_BODY_LIMIT = 30 * 1024 * 1024;

/** How a key shows in the request log: enough to tell keys apart, useless to anyone reading the log. */
export function fingerprintKey(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));

function loadPages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const name of readdirSync(PAGES_DIR))
    if (name.endsWith('.html')) pages.set(name, readFileSync(PAGES_DIR + name, 'utf8'));
  return pages;
}

export async function startServiceDouble(options: ServiceDoubleOptions = {}): Promise<ServiceDouble> {
  const keys = new Set(options.keys ?? DEFAULT_DOUBLE_KEYS);
  const pages = loadPages();
  const faults = new FaultBook();
  let log: RequestLogEntry[] = [];
  let ledger: CreditLedger = { total: 0, byEndpoint: {} };
  let origin = '';
  const openResponses = new Set<http.ServerResponse>();

  const freshState = (): DoubleState => ({
    brandVoices: seedBrandVoices(),
    assets: seedAssets(),
    forms: { ...EVIDENCE_FORMS, ...options.forms },
    answered: 0,
    ownPage: (url) => pages.get(url.pathname.replace(/^\/demo\//, '')),
    origin: () => origin,
    nextUploadIndex: 0,
    verdictPatch: null,
  });
  let state = freshState();
  const factCheckKeys = new Set(options.factCheckKeys ?? DEFAULT_FACT_CHECK_KEYS);
  let searchFault: (SearchFault & { used: number }) | null = null;
  const addInitialFaults = () => options.faults?.forEach((spec) => faults.add(spec));
  addInitialFaults();

  const handler: http.RequestListener = (req, res) => {
    openResponses.add(res);
    res.on('close', () => openResponses.delete(res));
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: `double: ${String(error)}` });
      else res.destroy();
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);

  /** Whether the endpoint answers on this path, of its documented path and aliases (see DoubleForms.factCheckPaths). */
  function answersOnPath(endpoint: RouteName, path: string): boolean {
    if (endpoint !== 'factCheckClaims' || state.forms.factCheckPaths === 'both') return true;
    return (path === ROUTES.factCheckClaims.path) === (state.forms.factCheckPaths === 'v2-only');
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/__double/')) return control(method, url, req, res);
    if (method === 'GET' && (url.pathname === '/' || url.pathname.startsWith('/demo/'))) return servePage(url, res);

    const endpoint = ROUTE_OF_PATH.get(url.pathname) ?? null;
    const entry: RequestLogEntry = {
      time: new Date().toISOString(),
      method,
      path: url.pathname,
      // A Fact Check Tools key travels in the query: logged as a fingerprint, like a bearer.
      query: Object.fromEntries(
        [...url.searchParams].map(([name, value]) => [name, name === 'key' ? fingerprintKey(value) : value]),
      ),
      endpoint,
      headers: redactHeaders(req.headers),
      keyFingerprint: null,
      authorized: false,
      body: null,
      outcome: 0,
      credits: 0,
    };
    log.push(entry);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.outcome = status;
      sendJson(res, status, body, headers);
    };

    if (url.pathname === SEARCH_PATH) return search(url, req, res, answer);
    if (!endpoint || !answersOnPath(endpoint, url.pathname)) return answer(404, { detail: 'Not Found' });
    // A proxy's redirect, to another origin (the double at localhost, which does not redirect again), before the key
    // is looked at and whatever the method: a probe (OPTIONS) sees it as the request would.
    const redirect = req.headers.host?.startsWith('localhost') ? undefined : faults.takeRedirect(endpoint);
    if (redirect) {
      entry.outcome = 307;
      req.resume();
      res.writeHead(307, {
        Location: redirect.location ?? `${origin.replace('127.0.0.1', 'localhost')}${url.pathname}${url.search}`,
      });
      res.end();
      return;
    }
    const info: Route = ROUTES[endpoint];
    if (method !== info.method) return answer(405, { detail: 'Method Not Allowed' }, { Allow: info.method });

    // Authentication comes first, as on a real gateway.
    const authorization = req.headers.authorization;
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    entry.keyFingerprint = bearer ? fingerprintKey(bearer) : null;
    if (!authorization) {
      await drain(req);
      return answer(401, { detail: 'Not authenticated', message: 'The Authorization header is missing.' });
    }
    if (!bearer || !keys.has(bearer)) {
      await drain(req);
      return answer(401, { status: 'failed', message: 'Invalid API key. Please check your API key and try again.' });
    }
    entry.authorized = true;

    // Body: JSON, or multipart for the upload.
    const contentType = req.headers['content-type'] ?? '';
    let body: unknown = Object.fromEntries(url.searchParams);
    let upload: Parameters<typeof handle>[3];
    if (method === 'POST') {
      const isUpload = info.upload === true;
      const expected = isUpload ? 'multipart/form-data' : 'application/json';
      if (!contentType.toLowerCase().startsWith(expected)) {
        await drain(req);
        return answer(415, { detail: `Content-Type must be ${expected}` });
      }
      const raw = await readBody(req, isUpload ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT);
      if (raw === null) return answer(413, { detail: 'Request body too large' });
      if (isUpload) {
        const form = await new Request('http://double/upload', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: new Uint8Array(raw),
        })
          .formData()
          .catch(() => null);
        const file = form?.get('file');
        if (!form || !(file instanceof File))
          return answer(422, {
            detail: [{ loc: ['body', 'file'], msg: 'field required', type: 'value_error.missing' }],
          });
        const isText = /^text\/|json|xml/.test(file.type) || /\.(txt|md|csv|html?)$/i.test(file.name);
        upload = { name: file.name, size: file.size, type: file.type, text: isText ? await file.text() : '' };
        body = { file: { name: file.name, size: file.size, type: file.type } };
      } else {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          entry.body = raw.toString('utf8').slice(0, 2000);
          return answer(422, { detail: [{ loc: ['body'], msg: 'Invalid JSON body', type: 'value_error.jsondecode' }] });
        }
      }
    }
    entry.body = body;

    const validated = REQUEST_CHECKS[endpoint].safeParse(body);
    if (!validated.success)
      return answer(422, { detail: fastApiDetail(validated.error, method === 'GET' ? 'query' : 'body') });

    const { delayMs, fault } = faults.take(endpoint, requestItems(endpoint, body, state));
    if (delayMs > 0 && !(await waitUnlessClosed(res, delayMs))) {
      entry.outcome = 'aborted';
      return;
    }

    if (fault) {
      switch (fault.kind) {
        case 'unauthorized':
          return answer(401, {
            status: 'failed',
            message: 'Invalid API key. Please check your API key and try again.',
          });
        case 'rate-limit':
          return answer(
            429,
            { detail: 'Rate limit exceeded. Slow down.' },
            { 'Retry-After': String(fault.retryAfterSeconds ?? 1) },
          );
        case 'server-error': {
          const status = fault.httpStatus ?? 500;
          if (status === 502) {
            entry.outcome = status;
            res.writeHead(502, { 'Content-Type': 'text/html' });
            res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>');
            return;
          }
          return answer(
            status,
            status === 503 ? { detail: 'Service temporarily unavailable' } : { message: 'Internal Server Error' },
            status === 503 ? { 'Retry-After': '1' } : {},
          );
        }
        case 'hang':
          entry.outcome = 'hang';
          return; // The response stays open until the client gives up or the double closes.
        case 'drop':
          entry.outcome = 'drop';
          req.socket.destroy();
          return;
        case 'malformed-json':
          entry.outcome = 200;
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end('{"status": "success", "copies": [{"content": "unterminated');
          return;
        case 'wrong-content-type':
          entry.outcome = 200;
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(
            '<!doctype html><html><head><title>Sign in</title></head><body><form>Please sign in</form></body></html>',
          );
          return;
        case 'status-failure':
          return answer(200, {
            status: 'failed',
            message: fault.message ?? 'Insufficient credits. Please upgrade your plan.',
          });
        case 'truncated':
        case 'wrong-shape':
        case 'latency':
          break; // Answered below, from the real result.
      }
    }

    const result = handle(endpoint, validated.data, state, upload);
    state.answered++;
    if (result.status === 200) {
      entry.credits = result.credits;
      ledger.total += result.credits;
      ledger.byEndpoint[endpoint] = (ledger.byEndpoint[endpoint] ?? 0) + result.credits;
    }
    if (fault?.kind === 'truncated') {
      // Headers promise the whole body; the connection closes halfway through it.
      const text = JSON.stringify(result.body);
      entry.outcome = 'truncated';
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
      res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
      return;
    }
    answer(result.status, fault?.kind === 'wrong-shape' ? wrongShape(result.body) : result.body);
  }

  function servePage(url: URL, res: http.ServerResponse): void {
    if (url.pathname === '/') {
      const links = [...pages.keys()].map((name) => `<li><a href="/demo/${name}">${name}</a></li>`).join('');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Service double</title><h1>Service double</h1><ul>${links}</ul>`);
      return;
    }
    const page = pages.get(url.pathname.slice('/demo/'.length));
    if (page === undefined) return sendJson(res, 404, { detail: 'Not Found' });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  }

  /** Fact Check Tools' claims:search (fact-check-search.ts): its key, its faults, and CORS for the extension. */
  async function search(
    url: URL,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    answer: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ): Promise<void> {
    await drain(req);
    const cors = { 'Access-Control-Allow-Origin': req.headers.origin ?? '*', Vary: 'Origin' };
    if (req.method !== 'GET') return answer(405, { error: { code: 405, status: 'METHOD_NOT_ALLOWED' } }, cors);
    if (!factCheckKeys.has(url.searchParams.get('key') ?? '')) return answer(400, BAD_KEY_ANSWER, cors);
    const fault =
      searchFault && (searchFault.count === undefined || searchFault.used < searchFault.count) ? searchFault : null;
    if (fault) fault.used += 1;
    if (fault?.kind === 'slow' && !(await waitUnlessClosed(res, fault.delayMs ?? 20_000))) return;
    if (fault?.kind === 'rate-limit') return answer(429, QUOTA_ANSWER, cors);
    if (fault?.kind === 'server-error') return answer(503, { error: { code: 503, status: 'UNAVAILABLE' } }, cors);
    if (fault?.kind === 'malformed') {
      res.writeHead(200, { 'Content-Type': 'application/json', ...cors });
      return void res.end('{"claims": [');
    }
    const pageSize = Math.min(Math.max(Number(url.searchParams.get('pageSize')) || 10, 1), 100);
    answer(
      200,
      searchAnswer(
        url.searchParams.get('query') ?? '',
        url.searchParams.get('languageCode') ?? '',
        pageSize,
        url.searchParams.get('pageToken') ?? '',
      ),
      cors,
    );
  }

  async function control(method: string, url: URL, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = url.pathname.slice('/__double/'.length);
    const body = method === 'GET' || method === 'DELETE' ? undefined : await readBody(req, JSON_BODY_LIMIT);
    const json = body ? (JSON.parse(body.toString('utf8') || '{}') as unknown) : undefined;
    if (path === 'log' && method === 'GET') return sendJson(res, 200, log);
    if (path === 'log' && method === 'DELETE') return ((log = []), sendJson(res, 204, null));
    if (path === 'credits' && method === 'GET') return sendJson(res, 200, ledger);
    if (path === 'faults' && method === 'GET') return sendJson(res, 200, faults.list());
    if (path === 'faults' && method === 'POST') {
      const parsed = faultSpecSchema.safeParse(json);
      if (!parsed.success) return sendJson(res, 422, { detail: z.prettifyError(parsed.error) });
      return sendJson(res, 201, { id: faults.add(parsed.data) });
    }
    if (path === 'faults' && method === 'DELETE') return (faults.clear(), sendJson(res, 204, null));
    if (path === 'reset' && method === 'POST') return (double.reset(), sendJson(res, 204, null));
    if (path === 'search-fault' && method === 'PUT') {
      const parsed = searchFaultSchema.nullable().safeParse(json ?? null);
      if (!parsed.success) return sendJson(res, 422, { detail: z.prettifyError(parsed.error) });
      double.setSearchFault(parsed.data);
      return sendJson(res, 204, null);
    }
    if (path === 'settings' && method === 'PUT') {
      const parsed = doubleFormsSchema.partial().safeParse(json);
      if (!parsed.success) return sendJson(res, 422, { detail: z.prettifyError(parsed.error) });
      double.setForms(parsed.data);
      return sendJson(res, 204, null);
    }
    sendJson(res, 404, { detail: 'Unknown control' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `${options.tls ? 'https' : 'http'}://${options.host ?? '127.0.0.1'}:${address.port}`;

  const double: ServiceDouble = {
    url: origin,
    port: address.port,
    faults,
    get log() {
      return log;
    },
    get credits() {
      return ledger;
    },
    // A client's probe of an address (OPTIONS, see utils/shared/upload.ts) is in the log, but is no call.
    endpointCalls: (name) =>
      log.filter(
        (entry) =>
          entry.endpoint !== null && entry.method !== 'OPTIONS' && (name === undefined || entry.endpoint === name),
      ),
    setClaimListFormat: (format) => {
      state.forms = { ...state.forms, claimList: format };
    },
    setForms: (forms) => {
      state.forms = { ...state.forms, ...forms };
    },
    setVerdictPatch: (patch) => {
      state.verdictPatch = patch;
    },
    searches: () => log.filter((entry) => entry.path === SEARCH_PATH),
    setSearchFault: (fault) => {
      searchFault = fault && { ...fault, used: 0 };
    },
    reset: () => {
      searchFault = null;
      log = [];
      ledger = { total: 0, byEndpoint: {} };
      faults.clear();
      addInitialFaults();
      state = freshState();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of openResponses) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function redactHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name] = name === 'authorization' ? String(value).replace(/^(\S+\s+).*$/, '$1[redacted]') : String(value);
  }
  return result;
}

/** Reads the whole body, or returns null (and stops reading) when it passes the limit. */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function drain(req: http.IncomingMessage): Promise<void> {
  await readBody(req, JSON_BODY_LIMIT).catch(() => null);
}

/** Waits, unless the client goes away first; returns whether the wait completed. */
function waitUnlessClosed(res: http.ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

function fastApiDetail(error: z.ZodError, location: 'body' | 'query') {
  return error.issues.map((issue) => ({
    loc: [location, ...issue.path.map(String)],
    msg: issue.message,
    type: `value_error.${issue.code}`,
  }));
}

/** A well-formed body of the wrong shape: the first list becomes an object, or the file id a number. */
function wrongShape(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return { unexpected: body };
  const result: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const listKey = Object.keys(result).find((key) => Array.isArray(result[key]));
  if (listKey) result[listKey] = { items: result[listKey] };
  else if ('file_id' in result) result.file_id = 12345;
  return result;
}
