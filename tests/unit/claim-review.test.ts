/** A check exported as ClaimReview JSON-LD: validated against a schema of what the export promises. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HistoryEntry } from '@/utils/contract/history-entries';
import { RATING_SCALE, toClaimReview } from '@/utils/ui/claim-review';

/** schema.org ClaimReview, as far as the export writes it (schema.org/ClaimReview, Google's markup guide). */
const claimReviewSchema = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('ClaimReview'),
    url: z.url({ protocol: /^https?$/ }),
    claimReviewed: z.string().min(1),
    datePublished: z.iso.date(),
    author: z.object({ '@type': z.literal('Organization'), name: z.string().min(1) }).strict(),
    reviewRating: z
      .object({
        '@type': z.literal('Rating'),
        ratingValue: z.int(),
        bestRating: z.int(),
        worstRating: z.int(),
        alternateName: z.string().min(1),
      })
      .strict()
      .refine((rating) => rating.worstRating <= rating.ratingValue && rating.ratingValue <= rating.bestRating),
    itemReviewed: z
      .object({
        '@type': z.literal('Claim'),
        appearance: z
          .object({
            '@type': z.literal('CreativeWork'),
            url: z.url({ protocol: /^https?$/ }),
            headline: z.string().optional(),
          })
          .strict()
          .optional(),
        firstAppearance: z.object({ '@type': z.literal('CreativeWork'), url: z.url() }).optional(),
        author: z
          .object({ '@type': z.enum(['Person', 'Organization']), name: z.string().min(1) })
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict();

const verdict = (verdict: 'supported' | 'refuted' | 'mixed' | 'unverifiable', claim: string) => ({
  claim,
  verdict,
  verdictText: verdict,
  error: '',
  correction: '',
  reasoning: '',
  reasoningParts: [],
  sources: [],
});

const EXAMPLE_ENTRY: HistoryEntry = {
  id: 'job-example',
  pageUrl: 'https://news.example/moon',
  pageTitle: 'What we know about the Moon',
  headline: 'What we know about the Moon',
  scope: 'page',
  sourceKind: 'url',
  language: 'English-US',
  finishedAt: Date.UTC(2026, 10, 21, 9, 30),
  credits: { used: 5, unreported: 0 },
  claims: [
    {
      text: 'The Great Wall of China is clearly visible from the Moon with the naked eye.',
      result: verdict('refuted', 'The Great Wall of China is clearly visible from the Moon with the naked eye.'),
      earlier: [
        {
          publisher: 'Demo Fact Desk',
          site: 'factdesk.example',
          rating: 'False',
          reviewDate: '2021-06-14T00:00:00Z',
          title: 'No, you cannot see the Great Wall of China from the Moon',
          url: 'https://factdesk.example/fact-check/great-wall-moon',
          claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
          claimant: 'Viral posts',
          languageCode: 'en',
        },
      ],
    },
    {
      text: 'The Moon is about 384,400 kilometres from Earth on average.',
      result: verdict('supported', 'The Moon is about 384,400 kilometres from Earth on average.'),
    },
    {
      text: 'A full Moon causes a measurable rise in hospital admissions.',
      result: verdict('mixed', 'A full Moon causes a measurable rise in hospital admissions.'),
    },
    {
      text: 'Some say the Moon smells of gunpowder.',
      result: verdict('unverifiable', 'Some say the Moon smells of gunpowder.'),
    },
    { text: 'The Moon has a thin exosphere.', result: null },
  ],
};

const OPTIONS = {
  url: 'https://newsroom.example/checks/moon',
  publisherName: 'Newsroom Example',
  datePublished: '2026-11-29',
};

describe('ClaimReview export', () => {
  it('writes one valid ClaimReview per claim with a verdict on the scale, and counts the others left out', () => {
    const exported = toClaimReview(EXAMPLE_ENTRY, OPTIONS);
    const reviews = z.array(claimReviewSchema).parse(JSON.parse(exported.json));
    expect(reviews.map((review) => [review.reviewRating.ratingValue, review.reviewRating.alternateName])).toEqual([
      [1, 'False'],
      [5, 'True'],
      [3, 'Partly true'],
    ]);
    expect(reviews[0]?.reviewRating).toMatchObject(RATING_SCALE);
    expect(exported.leftOut).toBe(2);
    expect(reviews[0]?.itemReviewed).toEqual({
      '@type': 'Claim',
      appearance: {
        '@type': 'CreativeWork',
        url: 'https://news.example/moon',
        headline: 'What we know about the Moon',
      },
      author: { '@type': 'Person', name: 'Viral posts' },
    });
    expect(reviews.every((review) => review.author.name === 'Newsroom Example' && review.url === OPTIONS.url)).toBe(
      true,
    );
  });

  it('names no appearance for a page whose address is not a web address', () => {
    const exported = toClaimReview({ ...EXAMPLE_ENTRY, pageUrl: 'file:///home/me/draft.txt' }, OPTIONS);
    const reviews = z.array(claimReviewSchema).parse(JSON.parse(exported.json));
    expect(reviews[0]?.itemReviewed.appearance).toBeUndefined();
  });

  it('matches the example in docs/', () => {
    expect(readFileSync('docs/examples/claimreview-example.jsonld', 'utf8')).toBe(
      toClaimReview(EXAMPLE_ENTRY, OPTIONS).json,
    );
  });
});
