/** Every form the real service may send (docs/service-contract.md), read at the boundary without losing a verdict. */
import { describe, expect, it } from 'vitest';
import { isUnreadable, type ClaimOutcome } from '@/utils/contract/results';
import { readLiteral, readPythonLiteral } from '@/utils/background/api/lenient-values';
import {
  normalizeAsset,
  normalizeBrandVoice,
  normalizeDetectVerify,
  normalizeFactCheck,
  normalizeGrounded,
  normalizeEnvelope,
  normalizePage,
  parseClaimList,
  parseReasoning,
  toSources,
  toTimestamp,
  toVerdict,
} from '@/utils/background/api/read-answers';
import { pythonLiteral } from '@/service-double/forms';

describe('4.3 claims: one per element, and only list markers stripped', () => {
  it('keeps a claim that starts with a number whole', () => {
    const claims = [
      '3.5 million people visited the museum in 2023.',
      '10:30 is when the first train leaves.',
      '-40 degrees is the same in Celsius and Fahrenheit.',
      '-40 °C was measured at the station in January.',
      '1.2 km separates the two bridges.',
      '2024: the year the bridge opened to traffic.',
      '1. FC Köln won the Bundesliga in 1964.',
    ];
    expect(parseClaimList(claims.map((content) => ({ content })))).toEqual(claims);
  });

  it.each([
    ['numbered lines', ['1. A is B.\n2. C is D.\n3. 3.5 million is E.']],
    ['numbered elements', ['1. A is B.', '2) C is D.', '(3) 3.5 million is E.']],
    ['bullets', ['- A is B.\n• C is D.\n* 3.5 million is E.']],
    ['an HTML list', ['<ul><li>A is B.</li><li>C is D.</li><li>3.5 million is E.</li></ul>']],
    ['paragraphs', ['<p>A is B.</p>', '<p>C is D.</p>', '<p>3.5 million is E.</p>']],
    ['a JSON array', ['["A is B.", "C is D.", "3.5 million is E."]']],
    ['lines that are sentences', ['A is B.\nC is D.\n3.5 million is E.']],
  ])('splits and strips %s', (_name, contents) => {
    expect(parseClaimList(contents)).toEqual(['A is B.', 'C is D.', '3.5 million is E.']);
  });

  it('does not split one claim broken over lines without markers, nor strip a lone number', () => {
    expect(parseClaimList(['The bridge, built in\n1932, is 503 m long'])).toEqual([
      'The bridge, built in 1932, is 503 m long',
    ]);
    expect(parseClaimList(['10. Downing Street is not an address.'])).toEqual([
      '10. Downing Street is not an address.',
    ]);
  });

  it('takes off quotation marks around a whole claim, and keeps those that belong to it', () => {
    expect(parseClaimList(['"The Moon is round."', 'Many say that “the Wall is visible.”'])).toEqual([
      'The Moon is round.',
      'Many say that “the Wall is visible.”',
    ]);
  });

  it('reads entries that are odd without dropping the others', () => {
    expect(parseClaimList([{ content: 'A is B.' }, null, 42, { claim: 'C is D.' }, { content: '' }])).toEqual([
      'A is B.',
      '42',
      'C is D.',
    ]);
  });
});

describe('verdict words', () => {
  it.each([
    [true, 'supported'],
    [false, 'refuted'],
    ['TRUE', 'supported'],
    ['false', 'refuted'],
    ['Not true', 'refuted'],
    ['Factually incorrect', 'refuted'],
    ['Partially true', 'mixed'],
    ['Mostly true', 'mixed'],
    ['Misleading', 'mixed'],
    ['Need more information', 'unverifiable'],
    ['Insufficient evidence', 'unverifiable'],
    ['Falso', 'refuted'],
    ['Verdadero', 'supported'],
    ['Parcialmente verdadero', 'mixed'],
    ['Se necesita más información', 'unverifiable'],
    ['Vrai', 'supported'],
    ['Faux', 'refuted'],
    ['Partiellement vrai', 'mixed'],
    ["Besoin de plus d'informations", 'unverifiable'],
    ['Vero', 'supported'],
    ['Falso', 'refuted'],
    ['Parzialmente vero', 'mixed'],
    ['Servono più informazioni', 'unverifiable'],
    ['Waar', 'supported'],
    ['Onwaar', 'refuted'],
    ['Niet waar', 'refuted'],
    ['Gedeeltelijk waar', 'mixed'],
    ['Meer informatie nodig', 'unverifiable'],
    ['Verdadeiro', 'supported'],
    ['Parcialmente verdadeiro', 'mixed'],
    ['Precisa de mais informações', 'unverifiable'],
    ['Wahr', 'supported'],
    ['Falsch', 'refuted'],
    ['Nicht wahr', 'refuted'],
    ['Teilweise wahr', 'mixed'],
    ['Irreführend', 'mixed'],
    ['Mehr Informationen erforderlich', 'unverifiable'],
    ['Prawda', 'supported'],
    ['Fałsz', 'refuted'],
    ['Nieprawda', 'refuted'],
    ['Częściowo prawdziwe', 'mixed'],
    ['Potrzeba więcej informacji', 'unverifiable'],
    ['Something else entirely', 'unverifiable'],
  ] as const)('%j → %s', (words, verdict) => {
    expect(toVerdict(words)).toBe(verdict);
  });
});

describe('citation markers', () => {
  const cited = (reasoning: string, sources: number) =>
    parseReasoning(reasoning, sources).flatMap((part) => (part.kind === 'citation' ? [part.sourceIndex] : []));

  it('reads ^N as an index from 0, as the public caller does', () => {
    expect(cited('A^1 and B^2.', 3)).toEqual([1, 2]);
  });

  it('reads every marker form', () => {
    expect(cited('A[^0] B^[1] C[2] D^ 0', 3)).toEqual([0, 1, 2, 0]);
  });

  it('counts from 1 only when the answer proves it', () => {
    expect(cited('A^1 B^3', 3)).toEqual([0, 2]);
    expect(cited('A^0 B^3', 3)).toEqual([0]);
  });

  it('leaves a marker out of range as text, never a link to another source', () => {
    const parts = parseReasoning('See ^7, and ^1.', 2);
    expect(parts).toEqual([
      { kind: 'text', text: 'See ^7, and ' },
      { kind: 'citation', marker: '^1', sourceIndex: 1 },
      { kind: 'text', text: '.' },
    ]);
  });
});

describe('relevant_links and scores', () => {
  it.each([
    ['objects', [{ fact: 'f', link: 'https://a.org/x', score: 0.5 }]],
    ['URL strings', ['https://a.org/x']],
    ['a keyed object', { '0': { fact: 'f', url: 'https://a.org/x', score: '0.5' } }],
    ['an object keyed by URL', { 'https://a.org/x': 'f' }],
  ])('reads %s', (_name, links) => {
    const [source] = toSources(links);
    expect(source).toMatchObject({ index: 0, url: 'https://a.org/x', domain: 'a.org' });
  });

  it('reads a score as a number, a numeric string, a placeholder or nothing', () => {
    const scores = toSources([
      { link: 'https://a.org', score: 0.1234 },
      { link: 'https://a.org', score: ' 0.82 ' },
      { link: 'https://a.org', score: '<Calculated score>' },
      { link: 'https://a.org' },
    ]).map((source) => source.score);
    expect(scores).toEqual([0.1234, 0.82, null, null]);
  });

  it('reads no links from a missing or odd value', () => {
    expect(toSources(undefined)).toEqual([]);
    expect(toSources('nothing')).toEqual([]);
  });
});

describe('4.9 items, each on its own', () => {
  const sent = ['The Moon is round.', 'Water boils at 90 °C at sea level.', 'Paris is in France.'];

  it('reads copies as JSON, as a Python literal and as an object', () => {
    const result = normalizeFactCheck(
      {
        fact_check_results: [
          { copies: JSON.stringify({ factuality: 'true', reasoning: 'Yes^0.' }), relevant_links: ['https://a.org'] },
          { copies: pythonLiteral({ factuality: false, error: "It's 100 °C", correction: null }) },
          { copies: { factuality: 'Need more information' } },
        ],
      },
      sent,
    );
    expect(verdicts(result.claims)).toEqual(['supported', 'refuted', 'unverifiable']);
    expect(result.claims[1]).toMatchObject({ claim: sent[1], error: "It's 100 °C", correction: '' });
  });

  it('keeps every other verdict when one item cannot be read', () => {
    const result = normalizeFactCheck(
      {
        fact_check_results: [
          { copies: '{"factuality": "true"}' },
          { copies: '{factuality: maybe, error: cut off' },
          { copies: '{"factuality": null}' },
        ],
      },
      sent,
    );
    expect(result.claims[0]).toMatchObject({ verdict: 'supported' });
    expect(result.claims[1]).toEqual({
      claim: sent[1],
      unreadable: {
        problem: 'its “copies” is neither JSON nor a Python literal',
        raw: '{factuality: maybe, error: cut off',
      },
    });
    expect(result.claims[2]).toMatchObject({ claim: sent[2], unreadable: { problem: 'it has no factuality' } });
  });

  it('says so when fact_check_results is missing, and returns no verdict rather than failing', () => {
    const result = normalizeFactCheck({ status: 'Success' } as never, sent);
    expect(result.claims).toEqual([null, null, null]);
    expect(result.problem).toMatch(/held no fact-check results/);
  });

  it('puts items on their claims by name when the counts differ', () => {
    const result = normalizeFactCheck(
      { fact_check_results: [{ copies: JSON.stringify({ claim: sent[2], factuality: 'True' }) }] },
      sent,
    );
    expect(result.claims.map((claim) => (claim && !isUnreadable(claim) ? claim.verdict : null))).toEqual([
      null,
      null,
      'supported',
    ]);
  });
});

describe('4.8 items', () => {
  it('reads each item, keeps an unreadable one, and takes no credits field as unreported', () => {
    const result = normalizeDetectVerify({
      status: 'Success',
      fact_check_results: [
        {
          claim: 'A is B.',
          factuality: 'Need more information',
          relevant_links: [{ link: 'https://a.org', score: 0.1234 }],
        },
        { claim: 'C is D.', factuality: null },
        'not an object',
      ],
    } as never);
    expect(result.claims[0]).toMatchObject({ verdict: 'unverifiable', verdictText: 'Need more information' });
    expect(result.claims[1]).toMatchObject({ claim: 'C is D.', unreadable: { problem: 'it has no factuality' } });
    expect(result.claims[2]).toMatchObject({ claim: '', unreadable: { problem: 'it is not an object' } });
    expect(result.credits).toEqual({ used: 0, reported: false });
  });
});

describe('generated text', () => {
  it('shows HTML as text: paragraphs as lines, items as bullets, entities decoded, no tags', () => {
    const text = normalizeEnvelope({
      status: 'success',
      copies: [
        {
          content:
            '<p>In other words, <strong>it&#39;s</strong> fine.</p><ul><li>One</li><li>Two &amp; three</li></ul>',
        },
      ],
      message: 'Generated successfully',
      credits_used: '<credits used>',
    }).texts[0];
    expect(text).toBe("In other words, it's fine.\n• One\n• Two & three");
  });

  it('keeps plain text as it is, line breaks and less-than signs included', () => {
    expect(normalizeEnvelope({ status: 'success', copies: [{ content: 'a < b\nc > d' }] }).texts).toEqual([
      'a < b\nc > d',
    ]);
  });

  it('reads 4.10 citations as strings or objects', () => {
    const { citations } = normalizeGrounded({
      status: 'success',
      copies: [{ content: 'x' }],
      citations: [
        'https://a.org/1',
        { content: 'B page', reference_link: 'https://b.org/2' },
        { href: 'https://c.org/3', title: 'C' },
        { link: 'javascript:alert(1)' },
        { url: 'https://d.org/' },
      ],
    });
    expect(citations).toEqual([
      { url: 'https://a.org/1', title: 'a.org' },
      { url: 'https://b.org/2', title: 'B page' },
      { url: 'https://c.org/3', title: 'C' },
      { url: 'https://d.org/', title: 'd.org' },
    ]);
  });
});

describe('lists (4.1, 4.2)', () => {
  it('gives an entry without a name a fallback name, reads numbers as strings, and shows odd timestamps as unknown', () => {
    const voice = normalizeBrandVoice(
      { _id: 7, created_date: '<timestamp>', user_input: { tone: 'witty', length: { min: 1 }, emoji: null, n: 3 } },
      2,
    );
    expect(voice).toMatchObject({
      id: '7',
      name: 'Untitled brand voice 3',
      createdAt: null,
      preferences: { tone: 'witty', length: '{"min":1}', n: 3 },
    });
    const asset = normalizeAsset({
      _id: 'a',
      total_words: '100',
      file_size: '10000',
      created_at: '2025-02-28T10:00:00.123456+00:00',
    });
    expect(asset).toMatchObject({
      filename: 'Unnamed file 1',
      totalWords: 100,
      fileSize: 10000,
      createdAt: '2025-02-28T10:00:00.123Z',
    });
    expect(toTimestamp(1_700_000_000)).toBe('2023-11-14T22:13:20.000Z');
  });

  it('counts what arrived when the total is missing, and never drops an odd entry', () => {
    const page = normalizePage([{ name: 'A' }, 'odd', null], undefined, normalizeBrandVoice, 10);
    expect(page.items.map((voice) => voice.name)).toEqual(['A', 'Untitled brand voice 12', 'Untitled brand voice 13']);
    expect(page).toMatchObject({ total: 13, totalKnown: false });
    expect(normalizePage([], '25', normalizeAsset, 0)).toMatchObject({ total: 25, totalKnown: true });
  });
});

describe('literals', () => {
  it('reads JSON, JSON inside a string, and Python literals', () => {
    expect(readLiteral('{"a": 1}')).toEqual({ a: 1 });
    expect(readLiteral(JSON.stringify(JSON.stringify({ a: 1 })))).toEqual({ a: 1 });
    expect(readPythonLiteral("{'a': True, 'b': None, 'c': [1, 2.5, 'x\\'y'], 'd': (False,)}")).toEqual({
      a: true,
      b: null,
      c: [1, 2.5, "x'y"],
      d: [false],
    });
    expect(readPythonLiteral("{'a': True")).toBeUndefined();
    expect(readPythonLiteral('['.repeat(10_000))).toBeUndefined();
  });
});

function verdicts(claims: Array<ClaimOutcome | null>): Array<string | null> {
  return claims.map((claim) => (claim && !isUnreadable(claim) ? claim.verdict : null));
}
