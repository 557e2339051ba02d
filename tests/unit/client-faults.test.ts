/** The client against every fault the double can produce, and the checks it makes before sending. */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/utils/background/api/client';
import { ServiceError, type ServiceErrorKind } from '@/utils/background/api/errors';
import type { FaultSpec } from '@/service-double/faults';
import { clientFor, failureOf, TEST_KEY, useServiceDouble } from './helpers/double';

const ctx = useServiceDouble();

async function serviceErrorOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const rephrase = (client: ServiceClient, signal?: AbortSignal) =>
  client.rephraseText({ text: 'Many people use it.' }, { signal });

describe('each fault gives its own error kind and an actionable message', () => {
  const cases: Array<{ fault: FaultSpec; kind: ServiceErrorKind; message: RegExp; field?: string }> = [
    {
      fault: { kind: 'unauthorized' },
      kind: 'auth',
      // The service's words end their own sentence: no second full stop after them.
      message:
        /^The API key was rejected \(HTTP 401\)\. The service said: “Invalid API key\. Please check your API key and try again\.” Check the key in Settings\.$/,
    },
    {
      fault: { kind: 'rate-limit', retryAfterSeconds: 300 },
      kind: 'rate-limit',
      message: /limiting.*Try again in 5 min/,
    },
    {
      fault: { kind: 'server-error', httpStatus: 500 },
      kind: 'service',
      message:
        /failed while handling “Rephrase text” \(HTTP 500\)\. The service said: “Internal Server Error”\. Try again/,
    },
    { fault: { kind: 'server-error', httpStatus: 502 }, kind: 'service', message: /HTTP 502/ },
    { fault: { kind: 'drop' }, kind: 'network', message: /Could not reach the service at 127\.0\.0\.1/ },
    { fault: { kind: 'malformed-json' }, kind: 'contract', message: /not valid JSON.*cut off/, field: '(body)' },
    { fault: { kind: 'truncated' }, kind: 'network', message: /connection closed before the whole answer arrived/ },
    {
      fault: { kind: 'wrong-content-type' },
      kind: 'contract',
      message: /a web page \(text\/html; charset=utf-8\) instead of data/,
      field: '(body)',
    },
    { fault: { kind: 'wrong-shape' }, kind: 'contract', message: /field “copies” /, field: 'copies' },
    {
      fault: { kind: 'status-failure', message: 'Insufficient credits' },
      kind: 'invalid-input',
      message:
        /refused “Rephrase text” because of your plan or its credits\. The service said: “Insufficient credits”\./,
    },
    {
      fault: { kind: 'status-failure', message: 'Your plan has run out of credits. Upgrade to continue!' },
      kind: 'invalid-input',
      message: /The service said: “Your plan has run out of credits\. Upgrade to continue!” Check your plan/,
    },
    {
      fault: { kind: 'status-failure', message: 'The text could not be processed' },
      kind: 'service',
      message: /could not complete “Rephrase text”: The text could not be processed\.$/,
    },
  ];

  it.each(cases)('$fault.kind $fault.httpStatus → $kind', async ({ fault, kind, message, field }) => {
    ctx.double.faults.add({ ...fault, endpoint: 'rephraseText' });
    const error = await serviceErrorOf(rephrase(clientFor(ctx.double)));
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(TEST_KEY);
    if (field) expect(error.field).toBe(field);
    // A POST that may have reached the service is never repeated.
    expect(ctx.double.endpointCalls('rephraseText')).toHaveLength(1);
  });

  // The popup shows these words as they are (e2e faults.spec.ts drives four of them through the popup).
  const detectionCases: Array<{ fault: FaultSpec; message: RegExp }> = [
    { fault: { kind: 'server-error', httpStatus: 500 }, message: /failed while handling “Detect claims” \(HTTP 500\)/ },
    { fault: { kind: 'server-error', httpStatus: 502 }, message: /failed while handling “Detect claims” \(HTTP 502\)/ },
    { fault: { kind: 'drop' }, message: /Could not reach the service at 127\.0\.0\.1:\d+/ },
    { fault: { kind: 'malformed-json' }, message: /The service sent an answer that is not valid JSON/ },
    { fault: { kind: 'truncated' }, message: /connection closed before the whole answer arrived for “Detect claims”/ },
    { fault: { kind: 'wrong-content-type' }, message: /The service sent .* for “Detect claims”/ },
    {
      fault: { kind: 'status-failure', message: 'Insufficient credits' },
      message:
        /^The service refused “Detect claims” because of your plan or its credits\. The service said: “Insufficient credits”\./,
    },
  ];

  it.each(detectionCases)('$fault.kind $fault.httpStatus on detection names it', async ({ fault, message }) => {
    ctx.double.faults.add({ ...fault, endpoint: 'detectClaims' });
    const error = await serviceErrorOf(clientFor(ctx.double).detectClaims({ blog: 'Paris is the capital of France.' }));
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/undefined|\[object/);
    expect(error.message).not.toContain(TEST_KEY);
  });

  it('keeps the raw body for the details view, without the key', async () => {
    ctx.double.faults.add({ kind: 'status-failure', endpoint: 'rephraseText', message: `bad key ${TEST_KEY}` });
    const error = await serviceErrorOf(rephrase(clientFor(ctx.double)));
    expect(error.rawBody).toBe('{"status":"failed","message":"bad key [redacted]"}');
    expect(error.message).not.toContain(TEST_KEY);
  });

  it('reports a wrong key', async () => {
    const error = await serviceErrorOf(rephrase(clientFor(ctx.double, { apiKey: 'wrong-key' })));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('Invalid API key');
  });

  it('says a gateway refused the person’s token, as the gateway’s refusal, not the service’s key', async () => {
    const error = await serviceErrorOf(rephrase(clientFor(ctx.double, { apiKey: 'revoked-token', gateway: true })));
    expect(error).toMatchObject({ kind: 'auth', httpStatus: 401, fixInSettings: true });
    expect(error.message).toMatch(
      /^Your organization's gateway refused this token \(HTTP 401\)\..*Ask your administrator/,
    );
    expect(error.message).not.toContain('API key was rejected');
  });

  it('sends the user to Settings for an address that is not the service’s (404), and names the setting to check', async () => {
    const error = await serviceErrorOf(rephrase(clientFor(ctx.double, { baseUrl: `${ctx.double.url}/proxy` })));
    expect(error).toMatchObject({ kind: 'invalid-input', httpStatus: 404, fixInSettings: true });
    expect(error.message).toMatch(
      new RegExp(
        `^There is no “Rephrase text” at ${ctx.double.url}/proxy \\(HTTP 404\\)\\..* Check the API base URL in Settings: the service’s own is https://api-az\\.longshot\\.ai\\.$`,
      ),
    );
    const upload = await serviceErrorOf(
      clientFor(ctx.double, { uploadBaseUrl: `${ctx.double.url}/files` }).uploadFile(
        new Blob(['The Moon.'], { type: 'text/plain' }),
        'moon.txt',
      ),
    );
    expect(upload.message).toContain('Check the upload base URL in Settings');
  });

  it('offers Settings for a missing or rejected key and an unreachable host, not for a service failure', async () => {
    const unreachable = await serviceErrorOf(rephrase(clientFor(ctx.double, { baseUrl: 'http://127.0.0.1:9' })));
    expect(unreachable).toMatchObject({ kind: 'network', fixInSettings: true });
    const rejected = await serviceErrorOf(rephrase(clientFor(ctx.double, { apiKey: 'wrong-key' })));
    expect(rejected.fixInSettings).toBe(true);
    expect(() => clientFor(ctx.double, { apiKey: ' ' })).toThrow(
      expect.objectContaining({ kind: 'auth', fixInSettings: true }),
    );
    ctx.double.faults.add({ kind: 'server-error', httpStatus: 500, endpoint: 'rephraseText' });
    expect((await serviceErrorOf(rephrase(clientFor(ctx.double)))).fixInSettings).toBeUndefined();
    // It crosses the message protocol with the rest.
    expect(rejected.toData()).toMatchObject({ fixInSettings: true });
  });

  it('times out a hang, and says how long it waited', async () => {
    ctx.double.faults.add({ kind: 'hang', endpoint: 'rephraseText' });
    const error = await serviceErrorOf(rephrase(clientFor(ctx.double, { timeouts: { rephraseText: 200 } })));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/no answer within 1 s/);
  });

  it('delays an answer by the latency asked for, per item too, and then answers', async () => {
    ctx.double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 100, perItemMs: 100, count: 1 });
    const started = Date.now();
    const result = await clientFor(ctx.double).factCheckClaims({
      claims: ['A is B.', 'C is D.'],
      headline: '',
      language: 'English-US',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(result.claims).toHaveLength(2);
    expect(ctx.double.faults.list()).toHaveLength(0);
  });

  it('cancels a slow call through its AbortSignal', async () => {
    ctx.double.faults.add({ kind: 'latency', endpoint: 'rephraseText', delayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await serviceErrorOf(rephrase(clientFor(ctx.double), controller.signal));
    expect(error.kind).toBe('cancelled');
  });

  it('reads FastAPI-style detail lists', async () => {
    // The client refuses start_count 0 itself, so the request is rewritten on the way out.
    const client = clientFor(ctx.double, {
      fetch: (input, init) => fetch(String(input).replace('start_count=1', 'start_count=0'), init),
    });
    const error = await serviceErrorOf(client.listBrandVoices({ start_count: 1 }));
    expect(error.kind).toBe('invalid-input');
    expect(error.httpStatus).toBe(422);
    expect(error.message).toContain('query.start_count: ensure this value is greater than or equal to 1');
  });

  it('tells a refusal for want of credits (402, or a 403 in words about credits) from a rejected key', async () => {
    const refusing = (status: number, message: string) =>
      clientFor(ctx.double, {
        fetch: async () =>
          new Response(JSON.stringify({ status: 'error', message }), {
            status,
            headers: { 'Content-Type': 'application/json' },
          }),
      });
    for (const [status, said] of [
      [402, 'Payment required'],
      [403, 'Not enough credits to run this request'],
      [400, 'Monthly quota exceeded'],
    ] as const) {
      const error = await serviceErrorOf(rephrase(refusing(status, said)));
      expect(error.kind).toBe('invalid-input');
      expect(error.fixInSettings).toBeFalsy();
      expect(error.message).toBe(
        `The service refused “Rephrase text” because of your plan or its credits (HTTP ${status}). The service said: “${said}”. Check your plan and the credits left on your account with the service, then try again.`,
      );
    }
    const rejected = await serviceErrorOf(rephrase(refusing(403, 'Forbidden')));
    expect(rejected.kind).toBe('auth');
    expect(rejected.message).toMatch(/^The API key was rejected \(HTTP 403\)/);
  });

  it('reports an unknown file id in the service’s words', async () => {
    const error = await serviceErrorOf(
      clientFor(ctx.double).generateGrounded({ instruction: 'x', mode: 'file', file_id: 'nope' }),
    );
    expect(error.kind).toBe('invalid-input');
    expect(error.message).toContain('File nope not found');
  });
});

describe('retries', () => {
  it('retries a GET after a server error', async () => {
    ctx.double.faults.add({ kind: 'server-error', endpoint: 'listAssets', count: 2 });
    const page = await clientFor(ctx.double).listAssets();
    expect(page.items).toHaveLength(10);
    expect(ctx.double.endpointCalls('listAssets').map((call) => call.outcome)).toEqual([500, 500, 200]);
  });

  it('retries a POST after 429, honouring Retry-After', async () => {
    ctx.double.faults.add({ kind: 'rate-limit', endpoint: 'factCheckClaims', count: 1, retryAfterSeconds: 0.3 });
    const started = Date.now();
    const result = await clientFor(ctx.double).factCheckClaims({
      claims: ['The Moon is round.'],
      headline: '',
      language: 'English-US',
    });
    expect(result.claims).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(ctx.double.endpointCalls('factCheckClaims').map((call) => call.outcome)).toEqual([429, 200]);
    // Billed once.
    expect(ctx.double.credits.total).toBe(2);
  });

  it('retries a POST after 503, which says nothing was processed', async () => {
    ctx.double.faults.add({ kind: 'server-error', httpStatus: 503, endpoint: 'rephraseText', count: 1 });
    await rephrase(clientFor(ctx.double));
    expect(ctx.double.endpointCalls('rephraseText').map((call) => call.outcome)).toEqual([503, 200]);
  });

  it('gives up after the attempt limit', async () => {
    ctx.double.faults.add({ kind: 'rate-limit', endpoint: 'listAssets', retryAfterSeconds: 0 });
    const error = await serviceErrorOf(clientFor(ctx.double).listAssets());
    expect(error.kind).toBe('rate-limit');
    expect(ctx.double.endpointCalls('listAssets')).toHaveLength(3);
  });

  it('does not wait for a Retry-After beyond its limit', async () => {
    ctx.double.faults.add({ kind: 'rate-limit', endpoint: 'listAssets', retryAfterSeconds: 600 });
    const error = await serviceErrorOf(clientFor(ctx.double).listAssets());
    expect(error.retryAfterMs).toBe(600_000);
    expect(ctx.double.endpointCalls('listAssets')).toHaveLength(1);
  });
});

describe('input is checked before anything is sent', () => {
  const invalid: Array<[string, (client: ServiceClient) => Promise<unknown>, RegExp]> = [
    [
      'an empty claim list',
      (c) => c.factCheckClaims({ claims: [], headline: '', language: 'English-US' }),
      /at least one claim/,
    ],
    [
      'a blank claim',
      (c) => c.factCheckClaims({ claims: ['  '], headline: '', language: 'English-US' }),
      /A claim is empty/,
    ],
    [
      'domain mode without domains',
      (c) => c.generateGrounded({ instruction: 'x', mode: 'domain' }),
      /Domain mode needs at least one domain/,
    ],
    [
      'url mode without URLs',
      (c) => c.generateGrounded({ instruction: 'x', mode: 'url', url_list: [] }),
      /URL mode needs at least one URL/,
    ],
    [
      'file mode without a file',
      (c) => c.generateGrounded({ instruction: 'x', mode: 'file' }),
      /File mode needs an uploaded file/,
    ],
    ['start_count below 1', (c) => c.listBrandVoices({ start_count: 0 }), /start at 1/],
    ['a backwards range', (c) => c.listAssets({ start_count: 5, end_count: 2 }), /end_count is before start_count/],
    ['both text and URL', (c) => c.detectClaims({ blog: 'x', url: 'https://example.org' }), /either the text/],
    ['a javascript: URL', (c) => c.detectAndVerifyClaims({ url: 'javascript:alert(1)' }), /http\(s\) address/],
    ['blank text to rephrase', (c) => c.rephraseText({ text: ' \n ' }), /text to rephrase is empty/],
    ['an empty file', (c) => c.uploadFile(new Blob([]), 'empty.txt'), /“empty.txt” is empty/],
    [
      'a file over the limit, in the units the upload box states it in',
      (c) => c.uploadFile(new Blob([new Uint8Array(26_500_000)]), 'big.pdf'),
      /^“big\.pdf” is 26\.5 MB; files up to 26\.2 MB can be uploaded\.$/,
    ],
  ];

  it.each(invalid)('refuses %s', async (_name, call, message) => {
    const error = await serviceErrorOf(call(clientFor(ctx.double)));
    expect(error.kind).toBe('invalid-input');
    expect(error.message).toMatch(message);
    expect(ctx.double.log).toHaveLength(0);
  });

  it('refuses plain http to a remote host, so the key is never sent in the clear', () => {
    expect(() => new ServiceClient({ apiKey: 'k', baseUrl: 'http://api.example.com' })).toThrow(/must use https/);
    expect(() => new ServiceClient({ apiKey: ' ', baseUrl: 'https://api.example.com' })).toThrow(/No API key/);
  });
});
