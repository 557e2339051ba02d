import { describe, expect, it } from 'vitest';
import { messageFromBody } from '@/utils/background/api/errors';
import {
  parseClaimList,
  parseReasoning,
  safeHttpUrl,
  toCredits,
  toSources,
  toVerdict,
} from '@/utils/background/api/read-answers';
import { parseRetryAfter } from '@/utils/background/api/http-response';
import { checkServiceBaseUrl } from '@/utils/shared/base-url';

describe('toVerdict', () => {
  it.each([
    [true, 'supported'],
    [false, 'refuted'],
    ['true', 'supported'],
    ['True', 'supported'],
    ['false', 'refuted'],
    ['FALSE.', 'refuted'],
    ['Partially true', 'mixed'],
    ['Mostly false', 'mixed'],
    ['Misleading', 'mixed'],
    ['Need more information', 'unverifiable'],
    ['There is not enough information to verify this claim.', 'unverifiable'],
    ['', 'unverifiable'],
    ['banana', 'unverifiable'],
  ] as const)('%j → %s', (input, verdict) => {
    expect(toVerdict(input)).toBe(verdict);
  });
});

describe('parseReasoning', () => {
  it('counts from 0 when a ^0 appears', () => {
    expect(parseReasoning('A^0 and B^1.', 2)).toEqual([
      { kind: 'text', text: 'A' },
      { kind: 'citation', marker: '^0', sourceIndex: 0 },
      { kind: 'text', text: ' and B' },
      { kind: 'citation', marker: '^1', sourceIndex: 1 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('counts from 1 only when a marker equals the number of sources, and leaves markers out of range as text', () => {
    const parts = parseReasoning('A^1 B^2 C^9', 2);
    expect(parts.filter((part) => part.kind === 'citation').map((part) => part.sourceIndex)).toEqual([0, 1]);
    expect(parts.at(-1)).toEqual({ kind: 'text', text: ' C^9' });
  });

  it('keeps the text whole when there are no sources', () => {
    expect(parseReasoning('See ^1.', 0)).toEqual([{ kind: 'text', text: 'See ^1.' }]);
  });
});

describe('parseClaimList', () => {
  const claims = ['The Moon is round.', 'Water boils at 100 °C.'];
  it.each([
    ['one per element', claims],
    ['numbered', ['1. The Moon is round.\n2. Water boils at 100 °C.']],
    ['numbered with parentheses', ['1) The Moon is round.\n(2) Water boils at 100 °C.']],
    ['bulleted', ['- The Moon is round.\n• Water boils at 100 °C.']],
    ['line-separated', ['The Moon is round.\n\nWater boils at 100 °C.\n']],
    ['a JSON array', ['["The Moon is round.", "Water boils at 100 °C."]']],
    ['quoted, with duplicates', ['"The Moon is round."', 'The Moon is round.', 'Water boils at 100 °C.']],
  ])('reads %s', (_name, contents) => {
    expect(parseClaimList(contents)).toEqual(claims);
  });
});

describe('sources, credits, links', () => {
  it('keeps only http(s) links, and reads string scores', () => {
    const sources = toSources([
      { fact: 'f', link: 'https://www.example.org/a', score: '0.82' },
      { fact: 'g', link: 'javascript:alert(1)', score: '<Calculated score>' },
      { link: null, score: null },
    ]);
    expect(sources.map((source) => [source.url, source.domain, source.score])).toEqual([
      ['https://www.example.org/a', 'example.org', 0.82],
      [null, '', null],
      [null, '', null],
    ]);
    expect(sources[1]!.linkText).toBe('javascript:alert(1)');
  });

  it('reads credits from numbers and strings, and says when none were reported', () => {
    expect(toCredits(3)).toEqual({ used: 3, reported: true });
    expect(toCredits(undefined, '12')).toEqual({ used: 12, reported: true });
    expect(toCredits('n/a', null)).toEqual({ used: 0, reported: false });
  });

  it('refuses non-http links', () => {
    expect(safeHttpUrl('data:text/html,x')).toBeNull();
    expect(safeHttpUrl(' https://a.b/c ')).toBe('https://a.b/c');
  });
});

describe('error bodies', () => {
  it('reads message, and FastAPI detail in both forms', () => {
    expect(messageFromBody({ status: 'failed', message: 'No credits' })).toBe('No credits');
    expect(messageFromBody({ detail: 'Not authenticated' })).toBe('Not authenticated');
    expect(messageFromBody({ detail: [{ loc: ['body', 'claims'], msg: 'field required', type: 'value_error' }] })).toBe(
      'claims: field required',
    );
    expect(messageFromBody('x')).toBeUndefined();
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:10 GMT', Date.parse('Sat, 21 Nov 2026 10:00:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('base URLs', () => {
  it.each([
    ['https://api-az.longshot.ai/', true],
    ['http://127.0.0.1:4010', true],
    ['http://localhost:8080/base/', true],
    ['http://api.example.com', false],
    ['ftp://api.example.com', false],
    ['https://user:pw@api.example.com', false],
    ['not a url', false],
    ['notaurl', false],
  ])('%s → usable: %s', (url, ok) => {
    expect(checkServiceBaseUrl(url).ok).toBe(ok);
  });

  it('takes a host name alone, as it is often copied, as https', () => {
    expect(checkServiceBaseUrl(' api-az.longshot.ai ')).toEqual({ ok: true, url: 'https://api-az.longshot.ai' });
    expect(checkServiceBaseUrl('api-v2.longshot.ai/')).toEqual({ ok: true, url: 'https://api-v2.longshot.ai' });
    expect(checkServiceBaseUrl('proxy.example.com/longshot')).toEqual({
      ok: true,
      url: 'https://proxy.example.com/longshot',
    });
  });

  it('refuses an endpoint’s address, saying where the base URL stops', () => {
    expect(checkServiceBaseUrl('https://api-az.longshot.ai/custom/api/v2/blog/fact/check')).toEqual({
      ok: false,
      reason:
        'it must stop before “/custom/api”, which the extension adds for each call: use https://api-az.longshot.ai',
    });
    expect(checkServiceBaseUrl('https://proxy.example.com/longshot/custom/api/')).toMatchObject({
      reason: expect.stringMatching(/: use https:\/\/proxy\.example\.com\/longshot$/),
    });
    // A path that merely starts alike is the proxy's own.
    expect(checkServiceBaseUrl('https://proxy.example.com/custom/apis').ok).toBe(true);
  });
});

describe('regressions found by the property tests', () => {
  it('counts what arrived when the total is negative or fractional (seed 2144391800)', async () => {
    const { ServiceClient } = await import('@/utils/background/api/client');
    const client = new ServiceClient({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:1',
      fetch: async () => new Response(JSON.stringify({ results: [], total_count: -5e-324 })),
    });
    await expect(client.listAssets()).resolves.toEqual({ items: [], total: 0, totalKnown: false });
  });
});
