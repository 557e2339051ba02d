/** What a check sends: address or text, the limits on text, how long text is split, and the cache key. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '@/utils/background/api/errors';
import {
  addressToSend,
  drawnOnCanvasMessage,
  MAX_CHECK_CHARS,
  assertCheckableText,
  drawnOnCanvas,
  cacheKeyFor,
  chooseSource,
  isPrivateHost,
  splitIntoChunks,
  type PageFacts,
} from '@/utils/background/check/source';
import { pdfTextUnreadable } from '@/utils/shared/check-input';
import { newJob, verifyingJob } from '@/utils/background/check/new-job';
import { draftSentences } from '@/utils/background/check/draft-cache';
import { LANGUAGE_TAGS, languageForTag, languageTagOrUnknown } from '@/utils/shared/page-language';
import { LANGUAGES } from '@/utils/contract/language';
import { toJobView } from '@/utils/background/check/job-view';
import type { PageSnapshot } from '@/utils/contract/page-actions';

const SERVICE = 'https://api-az.longshot.ai';
const page = (url: string, extra: Partial<PageFacts> = {}): PageFacts => ({
  url,
  mainText: 'Some text.',
  headline: 'A headline',
  signedIn: false,
  ...extra,
});

describe('isPrivateHost', () => {
  it.each([
    'localhost',
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.10',
    '169.254.1.1',
    'intranet',
    'wiki.corp',
    'nas.local',
    '[::1]',
    '[fd00::1]',
  ])('%s is private', (host) => expect(isPrivateHost(host)).toBe(true));
  it.each(['example.com', 'en.wikipedia.org', '8.8.8.8', '172.32.0.1', '192.169.0.1'])('%s is public', (host) =>
    expect(isPrivateHost(host)).toBe(false),
  );
});

describe('chooseSource', () => {
  it('sends a public page by its address, and lets the user switch to its text', () => {
    expect(chooseSource('page', page('https://news.example/story'), SERVICE)).toMatchObject({
      kind: 'url',
      canSwitch: true,
    });
  });
  it('sends a page on this computer or a private network as text, without a switch', () => {
    for (const url of ['http://localhost:3000/draft', 'http://192.168.0.5/wiki', 'file:///home/me/notes.html']) {
      const choice = chooseSource('page', page(url), SERVICE);
      expect(choice).toMatchObject({ kind: 'text', canSwitch: false });
      expect(choice.reason).toMatch(/^The page’s text is sent: /);
    }
  });
  it('treats the service’s own host as reachable (a self-hosted service, or the double)', () => {
    expect(chooseSource('page', page('http://127.0.0.1:4010/demo/a.html'), 'http://127.0.0.1:4010').kind).toBe('url');
  });
  it('sends a page where the user seems signed in as text, with a switch', () => {
    expect(chooseSource('page', page('https://mail.example/inbox', { signedIn: true }), SERVICE)).toMatchObject({
      kind: 'text',
      canSwitch: true,
    });
  });
  it('sends a page whose address carries a secret-looking parameter as text, and says why', () => {
    for (const [url, name] of [
      ['https://docs.example/share?token=abc123', 'token'],
      ['https://bucket.example/file?X-Amz-Signature=ff00', 'X-Amz-Signature'],
      ['https://app.example/view?id=4&sessionId=9', 'sessionId'],
      ['https://app.example/cb?code=xyz&state=1', 'code'],
      ['https://api.example/page?api_key=k', 'api_key'],
    ]) {
      const choice = chooseSource('page', page(url!), SERVICE);
      expect(choice, url).toMatchObject({ kind: 'text', canSwitch: false });
      expect(choice.reason).toBe(
        `The page’s text is sent: its address carries “${name}”, which looks like a secret and is not sent.`,
      );
    }
    for (const url of ['https://news.example/story?id=4&page=2', 'https://shop.example/?keyboard=1&monkey=2'])
      expect(chooseSource('page', page(url), SERVICE).kind, url).toBe('url');
  });
  /** Real shapes of addresses: those that carry a secret go as text (the name said), the others by address. */
  const ADDRESSES: [shape: string, url: string, secret: string | null][] = [
    ['OAuth callback with a code', 'https://app.example/oauth/callback?code=4/0AX4XfWh&state=af0ifjsldkj', 'code'],
    [
      'OAuth implicit token in the query',
      'https://app.example/cb?access_token=ya29.a0AfH6&token_type=Bearer',
      'access_token',
    ],
    ['OpenID Connect id_token', 'https://app.example/cb?id_token=abc.def.ghi&state=1', 'id_token'],
    ['refresh token', 'https://app.example/renew?refreshToken=1//0gL', 'refreshToken'],
    ['magic sign-in link', 'https://app.example/login/magic?token=8f14e45fceea167a5a36dedd4bea2543', 'token'],
    ['run-together access token', 'https://app.example/verify?accesstoken=2f1e', 'accesstoken'],
    ['password reset', 'https://app.example/reset?reset_token=AbC123&email=a%40b.example', 'reset_token'],
    ['email confirmation by one-time code', 'https://app.example/confirm?otp=493027', 'otp'],
    ['invite link', 'https://app.example/join?invite_code=HF72-KD', 'invite_code'],
    [
      'S3 presigned (v4)',
      'https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20260101&X-Amz-Signature=ff00',
      'X-Amz-Credential',
    ],
    [
      'S3 presigned (v2)',
      'https://bucket.s3.amazonaws.com/a.pdf?AWSAccessKeyId=AKIA&Expires=1700000000&Signature=abc%3D',
      'AWSAccessKeyId',
    ],
    [
      'Google Cloud signed URL',
      'https://storage.googleapis.com/b/o.pdf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=sa%40p.iam&X-Goog-Signature=0a1b',
      'X-Goog-Credential',
    ],
    [
      'Azure SAS',
      'https://acct.blob.core.windows.net/c/f.pdf?sv=2022-11-02&se=2026-12-01&sr=b&sp=r&sig=abcd%3D',
      'sig',
    ],
    [
      'CloudFront signed',
      'https://d111.cloudfront.net/v.mp4?Expires=1700000000&Signature=abc&Key-Pair-Id=K2JCJMDEHXQW5F',
      'Signature',
    ],
    [
      'Drive link with a resource key',
      'https://drive.google.com/file/d/1AbC/view?usp=sharing&resourcekey=0-XyZ',
      'resourcekey',
    ],
    [
      'Drive link with run-together resource key',
      'https://drive.google.com/drive/folders/1AbC?resourceKey=0-XyZ',
      'resourceKey',
    ],
    ['Java session id in the path', 'https://shop.example/cart;jsessionid=A1B2C3D4?item=4', ';jsessionid'],
    ['matrix parameter in the path', 'https://app.example/doc;auth=xyz/view', ';auth'],
    ['PHP session id', 'https://forum.example/viewtopic.php?t=42&PHPSESSID=9d8f7e', 'PHPSESSID'],
    ['ASP.NET session', 'https://legacy.example/page.aspx?ASPSESSIONIDQQGGGRRD=ABCD', 'ASPSESSIONIDQQGGGRRD'],
    ['sid parameter', 'https://mail.example/read?sid=ab12&msg=5', 'sid'],
    ['credentials in the authority', 'https://alice:hunter2@intranet.example.com/wiki', 'user:password@'],
    ['user name alone in the authority', 'https://alice@files.example.com/report', 'user:password@'],
    ['API key run together', 'https://maps.example/embed?apikey=AIzaSy', 'apikey'],
    ['API key with a dash', 'https://maps.example/embed?api-key=AIzaSy', 'api-key'],
    [
      'JWT under a harmless name',
      'https://app.example/open?t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sflKxwRJSMeKKF2QT4',
      't',
    ],
    ['JWT in the path', 'https://app.example/s/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sflKxwRJSMeKKF2QT4', 'eyJ…'],
    ['SAML response', 'https://sp.example/acs?SAMLResponse=PHNhbWxw', 'SAMLResponse'],
    ['CAS ticket', 'https://app.example/?ticket=ST-1-abc-cas', 'ticket'],
    ['news article', 'https://news.example/2026/11/28/moon-landing-anniversary', null],
    [
      'article with tracking parameters',
      'https://news.example/story?id=4&utm_source=newsletter&utm_medium=email',
      null,
    ],
    ['search results', 'https://search.example/search?q=moon+distance&page=2', null],
    ['Wikipedia article', 'https://en.wikipedia.org/wiki/Moon?oldid=1234', null],
    ['shop listing with lookalike names', 'https://shop.example/?keyboard=1&monkey=2&design=3&position=top', null],
    ['author and sign-up words', 'https://blog.example/posts?author=jane&signup=1', null],
    ['shared document without a key', 'https://docs.example/document/d/1AbCdEf/edit?usp=sharing', null],
    ['video with a timestamp', 'https://video.example/watch?v=dQw4w9WgXcQ&t=42s', null],
  ];

  it.each(ADDRESSES)('%s: %s', (_shape, url, secret) => {
    const choice = chooseSource('page', page(url), SERVICE);
    if (secret === null) return expect(choice.kind).toBe('url');
    expect(choice).toMatchObject({ kind: 'text', canSwitch: false });
    expect(choice.reason).toBe(
      `The page’s text is sent: its address carries “${secret}”, which looks like a secret and is not sent.`,
    );
  });

  it('sends an address without its fragment', () => {
    expect(addressToSend('https://news.example/story?id=4#access_token=secret')).toBe(
      'https://news.example/story?id=4',
    );
    expect(addressToSend('not a url')).toBe('not a url');
  });
  it('always sends a selection or a draft as text', () => {
    expect(chooseSource('selection', page('https://news.example/'), SERVICE).kind).toBe('text');
    expect(chooseSource('draft', page('https://news.example/'), SERVICE).kind).toBe('text');
  });
});

describe('assertCheckableText', () => {
  it('refuses empty and whitespace-only text before any call', () => {
    // An editor's zero-width fillers and stray punctuation are not text either: no claim can be in them.
    for (const text of ['', '   ', '\n\t\u00a0 ', '\u200b', '\ufeff\u200b\n', ' , . '])
      expect(() => assertCheckableText(text, 'selection')).toThrow(
        'There is no text to check: the selection is empty.',
      );
  });
  it('refuses text over the limit, stating its size and the limit', () => {
    const error = (() => {
      try {
        assertCheckableText('a'.repeat(MAX_CHECK_CHARS + 1), 'page');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).message).toBe(
      'The page’s main text has 96,001 characters; a check takes at most 96,000. Select the part you want checked and use “Check selection”.',
    );
  });
  it('asks for a shorter selection when the selection is what is too long', () => {
    expect(() =>
      assertCheckableText(
        'a'.repeat(MAX_CHECK_CHARS + 1),
        'selection',
        'Select a shorter part, check it, then the rest.',
      ),
    ).toThrow(
      'The selection has 96,001 characters; a check takes at most 96,000. Select a shorter part, check it, then the rest.',
    );
  });
  it('accepts a single word or number', () => {
    for (const text of ['Yes', '1969', 'Ünïcode', '月'])
      expect(() => assertCheckableText(text, 'selection')).not.toThrow();
  });
  it('accepts text at the limit', () => {
    expect(() => assertCheckableText('a'.repeat(MAX_CHECK_CHARS), 'page')).not.toThrow();
  });
});

describe('splitIntoChunks', () => {
  it('cuts at paragraph ends first, then sentence ends', () => {
    const paragraph = 'One sentence here. Another one there.';
    const text = `${paragraph}\n\n${paragraph}\n\n${paragraph}`;
    expect(splitIntoChunks(text, 80)).toEqual([`${paragraph}\n\n${paragraph}`, paragraph]);
    expect(splitIntoChunks('First sentence is here. Second sentence is here.', 30)).toEqual([
      'First sentence is here.',
      'Second sentence is here.',
    ]);
  });

  it('cuts Chinese and Japanese text at a full stop, which has no space after it', () => {
    expect(splitIntoChunks('東京タワーは1958年に完成した。高さは333メートルである。', 20)).toEqual([
      '東京タワーは1958年に完成した。',
      '高さは333メートルである。',
    ]);
  });

  it('loses no word and respects the limit, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '\n', 'é'), maxLength: 2000 }),
        fc.integer({ min: 10, max: 300 }),
        (text, max) => {
          const chunks = splitIntoChunks(text, max);
          for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(max);
          expect(chunks.join(' ').split(/\s+/).join(' ').trim()).toBe(text.split(/\s+/).join(' ').trim());
        },
      ),
      { numRuns: Number(process.env.PROP_RUNS ?? 200) },
    );
  });
});

describe('draftSentences', () => {
  it('splits at sentence ends and line breaks', () => {
    expect(draftSentences('The Moon is far. Is it? “Yes.” It is\nNew line…  Last')).toEqual([
      'The Moon is far.',
      'Is it?',
      '“Yes.”',
      'It is',
      'New line…',
      'Last',
    ]);
    expect(draftSentences('Version 2.5 is out. e.g.the end')).toEqual(['Version 2.5 is out.', 'e.g.the end']);
  });

  it('splits Chinese and Japanese text at each full stop, keeping what closes after it (and a quotation’s と)', () => {
    expect(
      draftSentences('東京タワーは完成した。「高さは333メートルだ！」と言った。本当か？「はい。」彼は答えた'),
    ).toEqual([
      '東京タワーは完成した。',
      '「高さは333メートルだ！」と言った。',
      '本当か？',
      '「はい。」',
      '彼は答えた',
    ]);
    expect(draftSentences('长城很长。 它很古老。')).toEqual(['长城很长。', '它很古老。']);
  });
});

describe('cacheKeyFor', () => {
  const base = {
    sourceKind: 'text' as const,
    url: '',
    text: 'The Moon is far.',
    language: 'English-US',
    headline: 'Moon',
    mode: 'verify',
  };
  it('ignores whitespace differences in the text and the headline', async () => {
    expect(await cacheKeyFor({ ...base, text: '  The Moon\n is   far. ', headline: ' Moon ' })).toBe(
      await cacheKeyFor(base),
    );
  });
  it('changes with the text, the language, the headline and detect-versus-verify', async () => {
    const key = await cacheKeyFor(base);
    for (const change of [
      { text: 'The Moon is near.' },
      { language: 'German' },
      { headline: 'Mars' },
      { mode: 'detect' },
    ])
      expect(await cacheKeyFor({ ...base, ...change })).not.toBe(key);
  });
});

describe('an editor that draws its text on a canvas (Google Docs does)', () => {
  const snapshot = (extra: Partial<PageSnapshot>): PageSnapshot => ({
    url: 'https://docs.example/document/1/edit',
    title: 'Untitled document',
    headline: 'Untitled document',
    mainText: '',
    selection: '',
    selectionEditable: false,
    draft: '',
    signedIn: true,
    editing: true,
    canvasView: true,
    ...extra,
  });
  const settings = { apiBaseUrl: SERVICE, language: 'English-US' as const, checkMode: 'progressive' as const };
  it('is told apart: focus in a text box with no words, over a view of canvases', () => {
    expect(drawnOnCanvas(snapshot({}))).toBe(true);
    expect(drawnOnCanvas(snapshot({ draft: '\u200b' }))).toBe(true);
    expect(drawnOnCanvas(snapshot({ draft: 'The Moon is far.' }))).toBe(false);
    expect(drawnOnCanvas(snapshot({ selection: 'The Moon' }))).toBe(false);
    expect(drawnOnCanvas(snapshot({ editing: false }))).toBe(false);
    expect(drawnOnCanvas(snapshot({ canvasView: false }))).toBe(false);
  });
  it('a check of its draft, or of its page with no text, is refused with the reason', async () => {
    for (const scope of ['draft', 'selection', 'page'] as const)
      await expect(newJob({ tabId: 1, scope }, snapshot({}), settings, 0)).rejects.toThrow(drawnOnCanvasMessage());
    // An empty text box in an ordinary page is only empty.
    await expect(newJob({ tabId: 1, scope: 'draft' }, snapshot({ canvasView: false }), settings, 0)).rejects.toThrow(
      'There is no text to check: the draft is empty.',
    );
  });
});

describe('a PDF in the browser’s viewer, whose text cannot be read', () => {
  const snapshot = (url: string, extra: Partial<PageSnapshot> = {}): PageSnapshot => ({
    url,
    title: 'paper.pdf',
    headline: 'paper.pdf',
    mainText: '',
    selection: '',
    selectionEditable: false,
    draft: '',
    signedIn: false,
    pdf: true,
    ...extra,
  });
  const settings = { apiBaseUrl: SERVICE, language: 'English-US' as const, checkMode: 'progressive' as const };
  it('is sent by its address where the service can reach it, with no switch to a text it does not have', async () => {
    const choice = chooseSource('page', snapshot('https://papers.example/paper.pdf'), SERVICE);
    expect(choice).toMatchObject({ kind: 'url', canSwitch: false });
    expect(choice.reason).toMatch(/^This is a PDF: the service reads it from its address/);
    const job = await newJob({ tabId: 1, scope: 'page' }, snapshot('https://papers.example/paper.pdf'), settings, 0);
    expect(job).toMatchObject({ sourceKind: 'url', url: 'https://papers.example/paper.pdf' });
  });
  it('is refused out of the service’s reach, and a selection the page could not read is refused, each saying what to do', async () => {
    const at = 'http://intranet.lan/paper.pdf';
    expect(chooseSource('page', snapshot(at), SERVICE).reason).toBe(
      'The service cannot open this PDF: intranet.lan is on this computer or a private network, out of the service’s reach.',
    );
    await expect(newJob({ tabId: 1, scope: 'page' }, snapshot(at), settings, 0)).rejects.toThrow(
      `The service cannot open this PDF: intranet.lan is on this computer or a private network, out of the service’s reach. ${pdfTextUnreadable()}`,
    );
    await expect(newJob({ tabId: 1, scope: 'selection' }, snapshot(at), settings, 0)).rejects.toThrow(
      pdfTextUnreadable(),
    );
    // The context menu's selection (see snapshotOf) is checked as any selection.
    const job = await newJob(
      { tabId: 1, scope: 'selection' },
      snapshot(at, { selection: 'The Moon is far.' }),
      settings,
      0,
    );
    expect(job.chunks.map((chunk) => chunk.text)).toEqual(['The Moon is far.']);
  });
});

describe('verifyingJob: a detection’s claims verified as they are', () => {
  const settings = { apiBaseUrl: SERVICE, language: 'English-US' as const, checkMode: 'progressive' as const };
  const snapshotOf = (selection: string): PageSnapshot => ({
    url: 'https://news.example/article',
    title: 'An article',
    headline: 'An article',
    mainText: '',
    selection,
    selectionEditable: false,
    draft: '',
    signedIn: false,
  });
  // Long enough to be sent in several chunks, cut at sentence ends and between paragraphs.
  const text = Array.from({ length: 900 }, (_, index) =>
    index % 7 === 6 ? `Paragraph ${index} ends here.\n\n` : `Sentence ${index} says the Moon is   far away. `,
  ).join('');

  it('starts at verification, with the claims unanswered, and is cached as a check of the same text', async () => {
    const detection = await newJob({ tabId: 1, scope: 'selection', detectOnly: true }, snapshotOf(text), settings, 0);
    expect(detection.chunks.length).toBeGreaterThan(1);
    const detected = {
      ...detection,
      state: 'done' as const,
      chunks: detection.chunks.map((chunk) => ({ ...chunk, state: 'done' as const })),
      claims: ['The Moon is far.', 'The Sun is near.', 'Mars is red.', 'Venus is hot.'].map((claim, id) => ({
        id,
        text: claim,
        result: null,
        missing: false,
      })),
      credits: { used: 5, unreported: 0 },
    };
    const check = await newJob({ tabId: 1, scope: 'selection' }, snapshotOf(text), settings, 0);
    const job = await verifyingJob(detected, 10);
    expect(job).toMatchObject({
      mode: 'progressive',
      state: 'verifying',
      createdAt: 10,
      credits: { used: 0 },
      sourceKind: 'text',
      textLength: 'The Moon is far.The Sun is near.Mars is red.Venus is hot.'.length,
    });
    expect(job.id).not.toBe(detected.id);
    expect(job.cacheKey).toBe(check.cacheKey);
    expect(job.cacheKey).not.toBe(detected.cacheKey);
    expect(job.batches.flatMap((batch) => batch.claimIds)).toEqual([0, 1, 2, 3]);
    expect(job.chunks.every((chunk) => chunk.state === 'done')).toBe(true);
  });
});

describe('languageForTag: the output language a declared language asks for', () => {
  it.each([
    ['de', 'German'],
    ['de-AT', 'German'],
    ['fr-CA', 'French'],
    ['pt-BR', 'Portuguese'],
    ['es-419', 'Spanish'],
    ['nl', 'Dutch'],
    ['it-IT', 'Italian'],
    ['pl', 'Polish'],
    ['en', 'English-US'],
    ['en-US', 'English-US'],
    ['en-GB', 'English-UK'],
    ['en_gb', 'English-UK'],
    ['EN-AU', 'English-UK'],
    [' en-Latn-IN ', 'English-UK'],
  ] as const)('%s → %s', (tag, language) => expect(languageForTag(tag)).toBe(language));

  it.each(['ja', 'zh-Hans', 'x-klingon', '', 'english'])('%j → none of the nine', (tag) =>
    expect(languageForTag(tag)).toBeNull(),
  );
});

describe('language tags', () => {
  it('each of the nine languages has one, and it leads back to its language', () => {
    for (const language of LANGUAGES) expect(languageForTag(LANGUAGE_TAGS[language])).toBe(language);
  });

  it.each([
    ['de', 'de'],
    [' pt-BR ', 'pt-BR'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['en_GB', 'en-GB'],
    ['', ''],
    ['english', ''],
    ['x-klingon', ''],
    ['de DE', ''],
    ['fr" onmouseover="x', ''],
  ])('a declared lang %j is kept as %j', (declared, tag) => expect(languageTagOrUnknown(declared)).toBe(tag));
});

describe('newJob: the output language', () => {
  const snapshot: PageSnapshot = {
    url: 'https://news.example/artikel',
    title: 'Ein Artikel',
    headline: 'Ein Artikel',
    mainText: 'Der Mond ist etwa 384.400 km von der Erde entfernt.',
    selection: 'La Lune est loin.',
    selectionEditable: false,
    draft: '',
    signedIn: false,
    lang: 'de-DE',
    selectionLang: 'fr',
  };
  const settings = { apiBaseUrl: SERVICE, language: 'Polish' as const, checkMode: 'progressive' as const };
  const languageOf = async (
    scope: 'page' | 'selection',
    languageFromPage: boolean,
    extra: Partial<PageSnapshot> = {},
  ) => (await newJob({ tabId: 1, scope }, { ...snapshot, ...extra }, { ...settings, languageFromPage }, 0)).language;

  it('is the setting’s, unless the checked text’s own language is asked for', async () => {
    expect(await languageOf('page', false)).toBe('Polish');
    expect(await languageOf('selection', false)).toBe('Polish');
  });

  it('with “the checked text’s own language”: the page’s for a page, the selection’s for a selection', async () => {
    expect(await languageOf('page', true)).toBe('German');
    expect(await languageOf('selection', true)).toBe('French');
  });

  it('falls back to the setting’s for a language the service does not write, or none declared', async () => {
    expect(await languageOf('page', true, { lang: 'ja' })).toBe('Polish');
    expect(await languageOf('selection', true, { selectionLang: '' })).toBe('Polish');
    expect(await languageOf('page', true, { lang: undefined })).toBe('Polish');
  });

  it('says whether it was taken from the page (the popup tells so)', async () => {
    const job = async (languageFromPage: boolean, extra: Partial<PageSnapshot> = {}) =>
      newJob({ tabId: 1, scope: 'page' }, { ...snapshot, ...extra }, { ...settings, languageFromPage }, 0);
    expect((await job(true)).languageFromPage).toBe(true);
    expect((await job(true, { lang: 'ja' })).languageFromPage).toBe(false);
    expect((await job(false)).languageFromPage).toBe(false);
  });

  it('keeps the language the checked text declares, as a tag, for the `lang` of its quotes', async () => {
    const textLang = async (scope: 'page' | 'selection', extra: Partial<PageSnapshot> = {}) =>
      (await newJob({ tabId: 1, scope }, { ...snapshot, ...extra }, { ...settings, languageFromPage: false }, 0))
        .textLang;
    expect(await textLang('page')).toBe('de-DE');
    expect(await textLang('selection')).toBe('fr');
    expect(await textLang('page', { lang: 'ja' })).toBe('ja');
    expect(await textLang('page', { lang: undefined })).toBe('');
    expect(await textLang('page', { lang: 'en_GB' })).toBe('en-GB');
    expect(await textLang('page', { lang: '"><img src=x onerror=alert(1)>' })).toBe('');
  });

  it('keeps the language the page declares for itself, its title’s, apart from the checked text’s', async () => {
    const job = async (scope: 'page' | 'selection', extra: Partial<PageSnapshot> = {}) =>
      newJob({ tabId: 1, scope }, { ...snapshot, ...extra }, { ...settings, languageFromPage: false }, 0);
    expect((await job('selection')).titleLang).toBe('de-DE');
    expect((await job('selection')).textLang).toBe('fr');
    expect((await job('page')).titleLang).toBe('de-DE');
    // A selection in a frame: the frame's document's language is not the title's.
    expect((await job('selection', { frameId: 3 })).titleLang).toBe('');
    expect((await job('page', { lang: '<b>' })).titleLang).toBe('');
  });

  it('its view names the tag of the language the service writes in', async () => {
    const job = await newJob({ tabId: 1, scope: 'page' }, snapshot, { ...settings, languageFromPage: true }, 0);
    expect(toJobView(job).languageTag).toBe('de');
  });

  it('is part of the cache key: the same page in another language is checked again', async () => {
    const key = async (languageFromPage: boolean) =>
      (await newJob({ tabId: 1, scope: 'page' }, snapshot, { ...settings, languageFromPage }, 0)).cacheKey;
    expect(await key(true)).not.toBe(await key(false));
  });
});
