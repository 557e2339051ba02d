/** The Markdown and JSON exports of a check. */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@/utils/contract/history-entries';
import { parseReasoning } from '@/utils/background/api/read-answers';
import { escapeMarkdown, exportName, toJson, toMarkdown } from '@/utils/ui/report';

const ENTRY: HistoryEntry = {
  id: 'job-1',
  pageUrl: 'https://news.example/moon',
  pageTitle: 'The Moon [live]',
  headline: 'The Moon',
  scope: 'page',
  sourceKind: 'url',
  language: 'English-US',
  finishedAt: Date.UTC(2026, 10, 21, 9, 30),
  credits: { used: 5, unreported: 0 },
  claims: [
    {
      text: 'The far side never gets *sunlight*.',
      result: {
        claim: 'The far side never gets *sunlight*.',
        verdict: 'refuted',
        verdictText: 'false',
        error: 'It gets as much as the near side.',
        correction: 'The far side gets sunlight; it is hidden from Earth.',
        reasoning: 'NASA says so ^1.',
        reasoningParts: [
          { kind: 'text', text: 'NASA says so ' },
          { kind: 'citation', marker: '^1', sourceIndex: 0 },
          { kind: 'text', text: '.' },
        ],
        sources: [
          {
            index: 0,
            fact: 'Both sides get sunlight.',
            url: 'https://nasa.gov/moon',
            linkText: 'https://nasa.gov/moon',
            domain: 'nasa.gov',
            score: 0.9,
          },
          {
            index: 1,
            fact: '[click](javascript:alert(1))',
            url: null,
            linkText: 'javascript:alert(1)',
            domain: '',
            score: null,
          },
        ],
      },
    },
    { text: 'Unchecked claim.', result: null },
  ],
};

const WHEN = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
  ENTRY.finishedAt,
);

describe('toMarkdown', () => {
  it('writes a readable report: title, page, date, each claim with verdict, correction, reasoning and sources', () => {
    expect(WHEN).toMatch(/^Nov 21, 2026, 9:30\sAM$/);
    expect(toMarkdown(ENTRY)).toBe(
      [
        '# Fact check: The Moon \\[live\\]',
        '',
        // In the interface's language (here English), and in UTC: "Nov 21, 2026, 9:30 AM" (ICU's space before AM).
        `<https://news.example/moon> · checked ${WHEN} UTC · 2 claims · 5 credits`,
        '',
        '## 1. ✗ False',
        '',
        '> The far side never gets \\*sunlight\\*.',
        '',
        '**What is wrong:** It gets as much as the near side.',
        '',
        '**Correction:** The far side gets sunlight; it is hidden from Earth.',
        '',
        '**Reasoning:** NASA says so \\[1\\].',
        '',
        '**Sources:**',
        '',
        '1. [nasa.gov](<https://nasa.gov/moon>) (score 0.9): Both sides get sunlight.',
        '2. javascript:alert\\(1\\): \\[click\\]\\(javascript:alert\\(1\\)\\)',
        '',
        '## 2. No verdict',
        '',
        '> Unchecked claim.',
        '',
      ].join('\n'),
    );
  });

  it('puts a reasoning’s source markers where the service did, as footnote marks, with its own spaces', () => {
    const reasoningOf = (reasoning: string) => {
      const claim = ENTRY.claims[0]!;
      const result = { ...claim.result!, reasoning, reasoningParts: parseReasoning(reasoning, 2) };
      const markdown = toMarkdown({ ...ENTRY, claims: [{ ...claim, result }] });
      return /\*\*Reasoning:\*\* (.*)/.exec(markdown)?.[1];
    };
    expect(reasoningOf('Sources contradict the statement^1. A second source^2 agrees.')).toBe(
      'Sources contradict the statement\\[1\\]. A second source\\[2\\] agrees.',
    );
    expect(reasoningOf('NASA ^1 and ESA ^2  agree.')).toBe('NASA \\[1\\] and ESA \\[2\\] agree.');
  });

  it('escapes what Markdown would read as structure', () => {
    expect(escapeMarkdown('<img src=x> [a](b) `c` #d')).toBe('\\<img src=x\\> \\[a\\]\\(b\\) \\`c\\` \\#d');
  });
});

describe('toJson and exportName', () => {
  it('exports the whole entry, with a format marker', () => {
    expect(JSON.parse(toJson(ENTRY))).toMatchObject({
      format: 'factlens-check',
      version: 1,
      id: 'job-1',
      claims: ENTRY.claims,
    });
  });
  it('names the file after the page and the date', () => {
    expect(exportName(ENTRY, 'md')).toBe('factlens-the-moon-live-2026-11-21.md');
  });
});
