/**
 * Google's Fact Check Tools `claims:search` as the double answers it (docs/earlier-fact-checks.md cites the
 * reference): `GET /v1alpha1/claims:search?query&languageCode&pageSize&pageToken&key`, answering `{claims:
 * [{text, claimant, claimDate, claimReview: [{publisher: {name, site}, url, title, reviewDate, textualRating,
 * languageCode}]}], nextPageToken}`, and `{}` when nothing is found (as Google does). Published claims about the demo
 * pages' claims: the same claim (some reviewed by several publishers), and near misses (the same topic and another
 * claim; the same claim with another number), found by the words they share with the query, as a search finds them.
 */

export interface PublishedReview {
  publisher: { name: string; site: string };
  url: string;
  title: string;
  reviewDate: string;
  textualRating: string;
  languageCode: string;
}

export interface PublishedClaim {
  text: string;
  claimant?: string;
  claimDate?: string;
  claimReview: PublishedReview[];
}

const review = (
  publisher: string,
  site: string,
  slug: string,
  title: string,
  reviewDate: string,
  textualRating: string,
  languageCode = 'en',
): PublishedReview => ({
  publisher: { name: publisher, site },
  url: `https://${site}/fact-check/${slug}`,
  title,
  reviewDate,
  textualRating,
  languageCode,
});

/** What fact-checkers "published": of article.html's and numbers.html's claims, and beside them. */
export const PUBLISHED_CLAIMS: readonly PublishedClaim[] = [
  {
    text: 'The Great Wall of China is visible from the Moon with the naked eye.',
    claimant: 'Viral posts',
    claimDate: '2019-03-02T00:00:00Z',
    claimReview: [
      review(
        'Demo Fact Desk',
        'factdesk.example',
        'great-wall-moon',
        'No, you cannot see the Great Wall of China from the Moon',
        '2021-06-14T00:00:00Z',
        'False',
      ),
      review(
        'Check Weekly',
        'checkweekly.example',
        'great-wall-visible-moon',
        'The Great Wall is not visible from the Moon',
        '2023-02-01T00:00:00Z',
        'Pants on Fire',
      ),
    ],
  },
  {
    text: 'The dark side of the Moon never receives any sunlight.',
    claimDate: '2020-01-10T00:00:00Z',
    claimReview: [
      review(
        'Demo Fact Desk',
        'factdesk.example',
        'far-side-sunlight',
        'The far side of the Moon gets as much sunlight as the near side',
        '2020-01-20T00:00:00Z',
        'False',
      ),
    ],
  },
  {
    text: 'A full Moon causes a measurable rise in hospital admissions.',
    claimant: 'Hospital staff',
    claimReview: [
      review(
        'Science Checks',
        'sciencechecks.example',
        'full-moon-hospital',
        'Studies find no rise in admissions at full Moon',
        '2022-09-30T00:00:00Z',
        'Mostly false',
      ),
    ],
  },
  // Near misses: the same claim with another number, and the same topic with another claim.
  {
    text: 'The Moon is about 238,900 kilometres from Earth on average.',
    claimReview: [
      review(
        'Check Weekly',
        'checkweekly.example',
        'moon-distance',
        'The Moon’s distance is given in miles, not kilometres',
        '2021-04-01T00:00:00Z',
        'Misleading',
      ),
    ],
  },
  {
    text: 'The Moon moves about 10 centimetres farther from Earth every year.',
    claimReview: [
      review(
        'Science Checks',
        'sciencechecks.example',
        'moon-recession',
        'The Moon recedes by 3.8 cm a year, not 10',
        '2020-11-11T00:00:00Z',
        'False',
      ),
    ],
  },
  {
    text: 'The Apollo 11 Moon landing in 1969 was staged in a studio.',
    claimant: 'Conspiracy websites',
    claimReview: [
      review(
        'Demo Fact Desk',
        'factdesk.example',
        'apollo-staged',
        'The Moon landings were not faked',
        '2019-07-19T00:00:00Z',
        'False',
      ),
    ],
  },
  {
    text: 'China’s Chang’e 4 was the first spacecraft to land on the near side of the Moon.',
    claimReview: [
      review(
        'Science Checks',
        'sciencechecks.example',
        'change-4-near-side',
        'Chang’e 4 landed on the far side',
        '2019-01-05T00:00:00Z',
        'False',
      ),
    ],
  },
  {
    text: 'Die Chinesische Mauer ist vom Mond aus mit bloßem Auge sichtbar.',
    claimReview: [
      review(
        'Faktencheck Demo',
        'faktencheck.example',
        'mauer-mond',
        'Die Chinesische Mauer ist vom Mond aus nicht zu sehen',
        '2022-05-05T00:00:00Z',
        'Falsch',
        'de',
      ),
    ],
  },
];

const STOP = new Set(
  'a an the and or of to in on at by for from with as is are was were be been it its this that about than which'.split(
    ' ',
  ),
);

const wordsOf = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOP.has(word) && word.length > 1));

/** The published claims a query finds: those sharing two or more of its words, the most shared first. */
export function searchPublished(query: string, languageCode: string): PublishedClaim[] {
  const wanted = wordsOf(query);
  return PUBLISHED_CLAIMS.map((claim) => {
    const reviews = languageCode
      ? claim.claimReview.filter((entry) => entry.languageCode === languageCode)
      : claim.claimReview;
    let shared = 0;
    for (const word of wordsOf(claim.text)) if (wanted.has(word)) shared += 1;
    return { claim: { ...claim, claimReview: reviews }, shared };
  })
    .filter(({ claim, shared }) => shared >= 2 && claim.claimReview.length > 0)
    .sort((a, b) => b.shared - a.shared)
    .map(({ claim }) => claim);
}

/** One page of a search's answer, in Google's shape; the page token is the offset, as an opaque string. */
export function searchAnswer(
  query: string,
  languageCode: string,
  pageSize: number,
  pageToken: string,
): Record<string, unknown> {
  const found = searchPublished(query, languageCode);
  const offset = Number.parseInt(Buffer.from(pageToken, 'base64url').toString() || '0', 10) || 0;
  const page = found.slice(offset, offset + pageSize);
  if (!page.length) return {};
  const next = offset + pageSize < found.length ? Buffer.from(String(offset + pageSize)).toString('base64url') : '';
  return { claims: page, ...(next ? { nextPageToken: next } : {}) };
}

/** Google's error bodies for a bad key and a spent quota. */
export const BAD_KEY_ANSWER = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
    ],
  },
};
export const QUOTA_ANSWER = {
  error: {
    code: 429,
    message:
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'factchecktools.googleapis.com'.",
    status: 'RESOURCE_EXHAUSTED',
  },
};
