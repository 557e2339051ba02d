/** The client against the double over real HTTP: every endpoint, and what the double saw. */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/utils/shared/endpoints';
import { fingerprintKey } from '@/service-double/server';
import { clientFor, TEST_KEY, useServiceDouble, verdicts } from './helpers/double';

const ctx = useServiceDouble();
const ARTICLE_CLAIM_COUNT = 12;

describe('brand voices and assets (4.1, 4.2)', () => {
  it('lists brand voices in inclusive 1-based ranges, without deleted ones', async () => {
    const client = clientFor(ctx.double);
    const first = await client.listBrandVoices();
    const second = await client.listBrandVoices({ start_count: 11, end_count: 20 });
    expect(first.total).toBe(34);
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(10);
    expect(new Set([...first.items, ...second.items].map((voice) => voice.id)).size).toBe(20);
    const last = await client.listBrandVoices({ start_count: 31, end_count: 40 });
    expect(last.items).toHaveLength(4);
  });

  it('searches brand voices by name and normalises their fields', async () => {
    const page = await clientFor(ctx.double).listBrandVoices({ name: 'acme' });
    expect(page.items.map((voice) => voice.name)).toEqual(['Acme Friendly', 'Acme Formal', 'Acme Playful']);
    const voice = page.items[0]!;
    expect(voice.keywords).toEqual(['acme', 'warm', 'customers', 'quality']);
    expect(voice.preferences.tone).toBe('warm');
    expect(voice.filename).toBe('acme-style-guide.pdf');
    expect(page.items[1]!.filename).toBeNull();
    expect(voice.createdAt).toMatch(/^2025-/);
  });

  it('lists and searches assets, and an upload shows up first', async () => {
    const client = clientFor(ctx.double);
    const before = await client.listAssets({ start_count: 1, end_count: 5 });
    expect(before.total).toBe(41);
    expect(before.items).toHaveLength(5);
    const found = await client.listAssets({ file_name: 'press-kit' });
    expect(found.total).toBe(3);
    expect(found.items.map((asset) => asset.filename)).toEqual([
      'press-kit-2022.pdf',
      'press-kit-2024.docx',
      'press-kit-2020.txt',
    ]);

    const uploaded = await client.uploadFile(
      new Blob(['Notes on the Moon landing.'], { type: 'text/plain' }),
      'moon-notes.txt',
    );
    expect(uploaded.fileId).toMatch(/^[0-9a-f]{24}$/);
    const after = await client.listAssets({ start_count: 1, end_count: 1 });
    expect(after.total).toBe(42);
    expect(after.items[0]).toMatchObject({
      id: uploaded.fileId,
      filename: 'moon-notes.txt',
      totalWords: 5,
      fileSize: 26,
    });

    const upload = ctx.double.endpointCalls('uploadFile')[0]!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body).toEqual({ file: { name: 'moon-notes.txt', size: 26, type: 'text/plain' } });
  });

  it('sends uploads to the upload base URL when it differs', async () => {
    const client = clientFor(ctx.double, { baseUrl: 'http://127.0.0.1:9', uploadBaseUrl: ctx.double.url });
    await client.uploadFile(new Blob(['x y']), 'a.txt');
    expect(ctx.double.endpointCalls('uploadFile')).toHaveLength(1);
  });
});

describe('claims (4.3, 4.8, 4.9)', () => {
  it.each(['numbered', 'per-copy', 'bulleted', 'lines'] as const)(
    'reads detected claims sent as %s',
    async (format) => {
      ctx.double.setClaimListFormat(format);
      const detected = await clientFor(ctx.double).detectClaims({ url: `${ctx.double.url}/demo/article.html` });
      expect(detected.claims).toHaveLength(ARTICLE_CLAIM_COUNT);
      expect(detected.claims[0]).toBe('The Moon is about 384,400 kilometres from Earth on average.');
      expect(detected.credits).toEqual({ used: 4, reported: true });
    },
  );

  it('detects and verifies a page by URL, with every kind of verdict', async () => {
    const result = await clientFor(ctx.double).detectAndVerifyClaims({
      url: `${ctx.double.url}/demo/article.html`,
      blog_headline_topic: 'The Moon',
    });
    const claims = verdicts(result);
    expect(claims).toHaveLength(ARTICLE_CLAIM_COUNT);
    expect(new Set(claims.map((claim) => claim.verdict))).toEqual(
      new Set(['supported', 'refuted', 'mixed', 'unverifiable']),
    );
    const wall = claims.find((claim) => claim.claim.includes('Great Wall'))!;
    expect(wall.verdict).toBe('refuted');
    expect(wall.correction).toBe('The Great Wall of China cannot be seen from the Moon with the naked eye.');
    // The evidence: ^N is an index from 0 into the sources, in 4.8 too.
    expect(wall.reasoningParts.find((part) => part.kind === 'citation')).toEqual({
      kind: 'citation',
      marker: '^0',
      sourceIndex: 0,
    });
    expect(wall.sources.every((source) => source.url?.startsWith('https://') && typeof source.score === 'number')).toBe(
      true,
    );
    // The evidence's 4.8 answer says nothing of credits: the ledger counts it as unreported.
    expect(result.credits).toEqual({ used: 0, reported: false });
    expect(ctx.double.credits.total).toBe(1 + ARTICLE_CLAIM_COUNT * 2);
  });

  it('verifies a claim list on the v2 path, reading JSON-string copies and string scores', async () => {
    const claims = [
      'The far side of the Moon never receives sunlight.',
      'Twelve astronauts walked on the Moon between 1969 and 1972.',
    ];
    const result = await clientFor(ctx.double).factCheckClaims({
      claims,
      headline: 'The Moon',
      language: 'English-UK',
    });
    const checked = verdicts(result);
    expect(checked.map((claim) => [claim.claim, claim.verdict])).toEqual([
      [claims[0], 'refuted'],
      [claims[1], 'supported'],
    ]);
    expect(checked[0]!.sources[0]!.score).toBe(0.95);
    // 4.9 numbers citations from 0.
    expect(checked[0]!.reasoningParts.find((part) => part.kind === 'citation')).toMatchObject({
      marker: '^0',
      sourceIndex: 0,
    });
    expect(result.credits).toEqual({ used: 4, reported: true });
    const call = ctx.double.endpointCalls('factCheckClaims')[0]!;
    expect(call.path).toBe(ENDPOINTS.factCheckClaims.path);
    expect(call.body).toEqual({ claims, headline: 'The Moon', language: 'English-UK' });
  });

  it('detects claims in a blog text', async () => {
    const detected = await clientFor(ctx.double).detectClaims({
      blog: 'Brazil produces about a third of the world’s coffee. I like it. Coffee was first cultivated in Yemen in the 15th century.',
    });
    expect(detected.claims).toEqual([
      'Brazil produces about a third of the world’s coffee.',
      'Coffee was first cultivated in Yemen in the 15th century.',
    ]);
  });
});

describe('generation (4.4 – 4.7, 4.10, 4.11)', () => {
  it('turns bullet points and keywords into paragraphs', async () => {
    const client = clientFor(ctx.double);
    const bullets = await client.paragraphFromBulletPoints({ bullet_points: ['Solar is cheap', 'Wind is growing'] });
    expect(bullets.texts[0]).toBe('To begin with, solar is cheap. Finally, wind is growing.');
    expect(bullets.credits.reported).toBe(true);
    const keywords = await client.paragraphFromKeywords({ keywords: 'solar, wind, storage' });
    expect(keywords.texts[0]).toContain('Solar, along with wind and storage,');
  });

  it('extends and rephrases visibly', async () => {
    const client = clientFor(ctx.double);
    const input = 'Solar panels help many people save money. They are also very quiet.';
    const extended = await client.extendText({ text: input });
    expect(extended.texts[0]!.startsWith(input)).toBe(true);
    expect(extended.texts[0]!.length).toBeGreaterThan(input.length + 50);
    const rephrased = await client.rephraseText({ text: input });
    expect(rephrased.texts[0]).toBe(
      'They are additionally highly quiet. Solar panels assist numerous individuals save money.',
    );
    expect(rephrased.credits).toEqual({ used: 1, reported: true });
  });

  it('grounds generation on each mode, a file and a brand voice', async () => {
    const client = clientFor(ctx.double);
    const serp = await client.generateGrounded({ instruction: 'Write about lunar missions', mode: 'serp' });
    expect(serp.texts[0]).toContain('current web search results');
    expect(serp.citations.length).toBeGreaterThan(0);

    const domain = await client.generateGrounded({ instruction: 'Moon', mode: 'domain', domain_list: ['nasa.gov'] });
    // Citations as objects {content, reference_link}, as the evidence shows.
    expect(domain.citations).toEqual([{ url: 'https://nasa.gov/', title: 'From nasa.gov' }]);

    const url = await client.generateGrounded({
      instruction: 'Moon',
      mode: 'url',
      url_list: ['https://example.org/moon'],
    });
    expect(url.citations.map((citation) => citation.url)).toEqual(['https://example.org/moon']);

    const asset = (await client.listAssets({ file_name: 'whitepaper' })).items[0]!;
    const voice = (await client.listBrandVoices({ name: 'Hooli Playful' })).items[0]!;
    const file = await client.generateGrounded({
      instruction: 'Summarise',
      topic: 'Our whitepaper',
      mode: 'file',
      file_id: asset.id,
      brand_voice: voice.id,
    });
    expect(file.texts[0]).toContain(`the uploaded file “${asset.filename}”`);
    expect(file.texts[0]).toContain('Hooli Playful voice, with a witty tone');
    expect(ctx.double.endpointCalls('generateGrounded').at(-1)!.body).toMatchObject({
      mode: 'file',
      file_id: asset.id,
      brand_voice: voice.id,
    });
  });

  it('writes product copy in the language asked, leaving out excluded phrases', async () => {
    const client = clientFor(ctx.double);
    const base = { product: 'Trail Shoe', description: 'A light running shoe', serp: false, phrases_to_exclude: [] };
    const english = await client.productCopies({ ...base, feature_type: 'product_description', language: 'en' });
    // Its HTML is read as text: paragraphs as lines, list items as bullets, no tags.
    expect(english.texts[0]).toMatch(
      /^Introducing Trail Shoe\nA light running shoe\. .*\n• Built to last\n• Easy to use$/,
    );
    const german = await client.productCopies({
      ...base,
      feature_type: 'product_review',
      language: 'de',
      phrases_to_exclude: ['Step into'],
    });
    expect(german.texts[0]).toContain('Unser Urteil über Trail Shoe');
    expect(german.texts[0]).not.toContain('Step into');
  });
});

describe('what the double saw', () => {
  it('gets the bearer key (logged only as a fingerprint) and JSON content type', async () => {
    await clientFor(ctx.double).rephraseText({ text: 'Many people use it.' });
    const call = ctx.double.endpointCalls('rephraseText')[0]!;
    expect(call.keyFingerprint).toBe(fingerprintKey(TEST_KEY));
    expect(call.headers.authorization).toBe('Bearer [redacted]');
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.stringify(ctx.double.log)).not.toContain(TEST_KEY);
  });
});
