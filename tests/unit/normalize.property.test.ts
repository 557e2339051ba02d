/**
 * Property tests of the verdict normaliser: seeded random mixes of good items (in every form the real service may
 * send) and odd ones. No item is lost, none throws, counts are kept, each good item keeps its own verdict, and an
 * unreadable item never takes another claim's verdict.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnreadable } from '@/utils/contract/results';
import { normalizeDetectVerify, normalizeFactCheck } from '@/utils/background/api/read-answers';
import { pythonLiteral } from '@/service-double/forms';
import type { Verdict } from '@/utils/shared/verdicts';

const WORDS: Record<Verdict, ReadonlyArray<boolean | string>> = {
  supported: [true, 'true', 'True', 'TRUE', 'Correct', 'Verdadero', 'Wahr', 'Prawda'],
  refuted: [false, 'false', 'False', 'Not true', 'Factually incorrect', 'Faux', 'Onwaar', 'Fałsz'],
  mixed: ['Partially true', 'Mostly true', 'Misleading', 'Teilweise wahr', 'Parzialmente vero'],
  unverifiable: ['Need more information', 'Insufficient evidence', 'Mehr Informationen erforderlich', 'Hmm'],
};

interface Good {
  kind: 'good';
  verdict: Verdict;
  fields: Record<string, unknown>;
  copies: 'json' | 'python' | 'object' | 'top';
  links: unknown;
}
interface Odd {
  kind: 'odd';
  item: unknown;
}

const link = fc.webUrl({ validSchemes: ['https'] });
const score = fc.oneof(
  fc.double({ noNaN: true }),
  fc.constant('<Calculated score>'),
  fc.constant('0.5'),
  fc.constant(undefined),
);
const links = fc.oneof(
  fc.array(fc.record({ fact: fc.string(), link, score }, { requiredKeys: ['link'] }), { maxLength: 4 }),
  fc.array(link, { maxLength: 4 }),
  fc.dictionary(fc.nat(5).map(String), fc.record({ url: link, score })),
  fc.constant(undefined),
);
const reasoning = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.nat(6).map((n) => `^${n}`),
      fc.nat(6).map((n) => `[${n}]`),
      fc.nat(6).map((n) => `[^${n}]`),
    ),
  )
  .map((parts) => parts.join(' '));

const good: fc.Arbitrary<Good> = fc
  .record({
    verdict: fc.constantFrom<Verdict>('supported', 'refuted', 'mixed', 'unverifiable'),
    choice: fc.nat(),
    copies: fc.constantFrom<Good['copies']>('json', 'python', 'object', 'top'),
    links,
    error: fc.oneof(fc.string(), fc.constant(null)),
    correction: fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined)),
    reasoning,
  })
  .map(({ verdict, choice, copies, links: relevant, error, correction, reasoning: text }) => ({
    kind: 'good',
    verdict,
    copies,
    links: relevant,
    fields: { factuality: WORDS[verdict][choice % WORDS[verdict].length], error, correction, reasoning: text },
  }));

/** Items that cannot be read: copies neither JSON nor a literal, no verdict, or not an object at all. */
const odd: fc.Arbitrary<Odd> = fc.oneof(
  fc.string().map((text) => ({ kind: 'odd' as const, item: { copies: `{factuality: ${text}` } })),
  fc.constant<Odd>({ kind: 'odd', item: { copies: '{"factuality": null}' } }),
  fc.constant<Odd>({ kind: 'odd', item: { copies: "{'error': 'no verdict'}" } }),
  fc.constant<Odd>({ kind: 'odd', item: { copies: 42 } }),
  fc.constant<Odd>({ kind: 'odd', item: null }),
  fc.string().map((text) => ({ kind: 'odd' as const, item: text })),
  fc.constant<Odd>({ kind: 'odd', item: { factuality: { nested: true } } }),
);

function asFactCheckItem(entry: Good | Odd): unknown {
  if (entry.kind === 'odd') return entry.item;
  const { fields } = entry;
  switch (entry.copies) {
    case 'json':
      return { copies: JSON.stringify(fields), relevant_links: entry.links };
    case 'python':
      return { copies: pythonLiteral(fields), relevant_links: entry.links };
    case 'object':
      return { copies: fields, relevant_links: entry.links };
    case 'top':
      return { ...fields, relevant_links: entry.links };
  }
}

const entries = fc.array(fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: odd }), {
  minLength: 1,
  maxLength: 12,
});

describe('the verdict normaliser, on random mixes of good and odd items', () => {
  it('4.9: keeps every item in its place, each good one with its own verdict', () => {
    fc.assert(
      fc.property(entries, (mix) => {
        const sent = mix.map((_, index) => `Claim number ${index} is about something.`);
        const result = normalizeFactCheck({ fact_check_results: mix.map(asFactCheckItem) }, sent);
        expect(result.claims).toHaveLength(mix.length);
        mix.forEach((entry, index) => {
          const outcome = result.claims[index];
          expect(outcome).not.toBeNull();
          if (!outcome) return;
          expect(outcome.claim).toBe(sent[index]);
          if (entry.kind === 'odd') expect(isUnreadable(outcome)).toBe(true);
          else {
            expect(isUnreadable(outcome)).toBe(false);
            if (isUnreadable(outcome)) return;
            expect(outcome.verdict).toBe(entry.verdict);
            for (const part of outcome.reasoningParts)
              if (part.kind === 'citation') expect(part.sourceIndex).toBeLessThan(outcome.sources.length);
            expect(
              outcome.reasoningParts.map((part) => (part.kind === 'text' ? part.text : part.marker)).join(''),
            ).toBe(outcome.reasoning);
          }
        });
      }),
      { seed: 5050, numRuns: 400 },
    );
  });

  it('4.8: keeps every item, in order, whatever the others are', () => {
    fc.assert(
      fc.property(entries, (mix) => {
        const items = mix.map((entry, index) =>
          entry.kind === 'good'
            ? { claim: `Claim ${index}.`, ...entry.fields, relevant_links: entry.links }
            : isRecordItem(entry.item)
              ? { claim: `Claim ${index}.`, ...entry.item, factuality: null }
              : entry.item,
        );
        const result = normalizeDetectVerify({ fact_check_results: items });
        expect(result.claims).toHaveLength(mix.length);
        mix.forEach((entry, index) => {
          const outcome = result.claims[index]!;
          if (entry.kind === 'good')
            expect(outcome).toMatchObject({ claim: `Claim ${index}.`, verdict: entry.verdict });
          else expect(isUnreadable(outcome)).toBe(true);
        });
      }),
      { seed: 5051, numRuns: 300 },
    );
  });

  it('never throws, whatever arrives in place of the results', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.string({ minLength: 1 }), { maxLength: 5 }), (results, sent) => {
        const result = normalizeFactCheck({ fact_check_results: results }, sent);
        expect(result.claims).toHaveLength(sent.length);
        normalizeDetectVerify({ fact_check_results: results });
      }),
      { seed: 5052, numRuns: 400 },
    );
  });
});

function isRecordItem(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
