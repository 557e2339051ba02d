/** The client against the double answering as the real service is known to (docs/service-contract.md). */
import { describe, expect, it } from 'vitest';
import { forgetWorkingPaths } from '@/utils/background/api/client';
import { ENDPOINTS } from '@/utils/shared/endpoints';
import { ServiceError } from '@/utils/background/api/errors';
import { clientFor, failureOf, TEST_KEY, useServiceDouble, verdicts } from './helpers/double';

const ctx = useServiceDouble();
const CLAIMS = ['The far side of the Moon never receives sunlight.', 'Water boils at 100 °C at sea level.'];
const factCheck = { claims: CLAIMS, headline: 'The Moon', language: 'English-US' } as const;

async function serviceErrorOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('4.9 on the path the base URL answers on', () => {
  it('tries the path without v2 once when v2 is missing, remembers it, and bills nothing twice', async () => {
    forgetWorkingPaths();
    ctx.double.setForms({ factCheckPaths: 'plain-only' });
    const client = clientFor(ctx.double);
    expect(verdicts(await client.factCheckClaims(factCheck))).toHaveLength(2);
    expect(verdicts(await client.factCheckClaims(factCheck))).toHaveLength(2);
    const calls = ctx.double.endpointCalls('factCheckClaims');
    expect(calls.map((call) => [call.path, call.outcome])).toEqual([
      [ENDPOINTS.factCheckClaims.path, 404],
      ['/custom/api/blog/fact/check', 200],
      ['/custom/api/blog/fact/check', 200],
    ]);
    expect(ctx.double.credits.byEndpoint.factCheckClaims).toBe(2 * 2 * CLAIMS.length);
    forgetWorkingPaths();
  });

  it('says where it looked when neither path answers', async () => {
    forgetWorkingPaths();
    const error = await serviceErrorOf(
      clientFor(ctx.double, { baseUrl: `${ctx.double.url}/proxy` }).factCheckClaims(factCheck),
    );
    expect(error.httpStatus).toBe(404);
    expect(error.message).toMatch(/There is no “Fact check claims” at .*\/proxy/);
    expect(ctx.double.endpointCalls()).toHaveLength(0);
  });
});

describe('refusals told apart', () => {
  it('says the plan may not include fact checking when the key works for the library', async () => {
    ctx.double.faults.add({ kind: 'unauthorized', endpoint: 'factCheckClaims' });
    const error = await serviceErrorOf(clientFor(ctx.double).factCheckClaims(factCheck));
    expect(error.kind).toBe('invalid-input');
    expect(error.fixInSettings).toBeFalsy();
    expect(error.message).toMatch(
      /^Your key works for your library, but the service refused “Fact check claims” \(HTTP 401\): your plan may not include fact checking\. The service said: “Invalid API key/,
    );
  });

  it('still says the key was rejected when it fails everywhere', async () => {
    ctx.double.faults.add({ kind: 'unauthorized' });
    const error = await serviceErrorOf(clientFor(ctx.double).factCheckClaims(factCheck));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/^The API key was rejected \(HTTP 401\)/);
  });

  it('says an account is deactivated, and a refusal in words about the plan is about the plan', async () => {
    const answering = (status: number, message: string) =>
      clientFor(ctx.double, {
        fetch: async () => new Response(JSON.stringify({ message }), { status }),
      });
    const deactivated = await serviceErrorOf(answering(400, 'Your account is deactivated').rephraseText({ text: 'x' }));
    expect(deactivated.message).toMatch(/^The service says your account is deactivated \(HTTP 400\)/);
    const premium = await serviceErrorOf(
      answering(403, 'This feature requires a premium plan').detectClaims({ blog: 'A is B.' }),
    );
    expect(premium.message).toMatch(
      /because of your plan or its credits \(HTTP 403\)\. The service said: “This feature requires a premium plan”/,
    );
  });

  it('tells that a POST that timed out after it was sent may have been charged', async () => {
    ctx.double.faults.add({ kind: 'hang', endpoint: 'factCheckClaims' });
    const error = await serviceErrorOf(
      clientFor(ctx.double, { timeouts: { factCheckClaims: 200 } }).factCheckClaims(factCheck),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/It had been sent, so the service may have done the work and charged for it/);
  });

  it('gives every POST five minutes', () => {
    for (const info of Object.values(ENDPOINTS)) if (info.method === 'POST') expect(info.timeoutMs).toBe(5 * 60_000);
  });
});

describe('what is sent', () => {
  it('trims a pasted key of spaces, line breaks and a Bearer prefix', async () => {
    await clientFor(ctx.double, { apiKey: `  Bearer ${TEST_KEY}\n` }).listAssets();
    expect(ctx.double.endpointCalls('listAssets')[0]?.outcome).toBe(200);
  });

  it('sends 4.10 with its lists and file present and empty when unused', async () => {
    await clientFor(ctx.double).generateGrounded({ instruction: 'Write about the Moon', mode: 'serp' });
    expect(ctx.double.endpointCalls('generateGrounded')[0]?.body).toEqual({
      instruction: 'Write about the Moon',
      mode: 'serp',
      domain_list: [],
      url_list: [],
      file_id: '',
    });
  });

  it('sends 4.11 the language by name, and once more by code when the service refuses the name', async () => {
    ctx.double.setForms({ productLanguage: 'code-only' });
    const result = await clientFor(ctx.double).productCopies({
      product: 'Trail Shoe',
      description: '',
      feature_type: 'product_review',
      language: 'German',
      serp: false,
      phrases_to_exclude: [],
    });
    expect(result.texts[0]).toMatch(/^Unser Urteil über Trail Shoe/);
    expect(
      ctx.double
        .endpointCalls('productCopies')
        .map((call) => [call.outcome, (call.body as { language: string }).language]),
    ).toEqual([
      [422, 'German'],
      [200, 'de'],
    ]);
  });
});

describe('answers in the evidence form', () => {
  it('keeps one claim per copies element, leading numbers and all', async () => {
    const detected = await clientFor(ctx.double).detectClaims({
      blog: '3.5 million people visited the Louvre museum in Paris during 2023. 10:30 is when the first guided tour of the museum starts.',
    });
    expect(detected.claims).toEqual([
      '3.5 million people visited the Louvre museum in Paris during 2023.',
      '10:30 is when the first guided tour of the museum starts.',
    ]);
  });

  it('reads an unreadable item as that claim alone, and links each ^N to the source at that index', async () => {
    ctx.double.setForms({ unreadableClaims: ['boils'] });
    const result = await clientFor(ctx.double).factCheckClaims(factCheck);
    const [moon, water] = result.claims;
    expect(water).toMatchObject({ claim: CLAIMS[1], unreadable: { problem: expect.stringMatching(/neither JSON/) } });
    expect(moon).toMatchObject({ claim: CLAIMS[0], verdict: 'refuted' });
    const parts = moon && 'reasoningParts' in moon ? moon.reasoningParts : [];
    expect(parts.filter((part) => part.kind === 'citation').map((part) => [part.marker, part.sourceIndex])).toEqual([
      ['^0', 0],
      ['^1', 1],
    ]);
  });

  it('reads every form of the mixed variant without losing a verdict', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      ctx.double.setForms({ verdicts: 'mixed', seed });
      expect(verdicts(await clientFor(ctx.double).factCheckClaims(factCheck)), `seed ${seed}`).toHaveLength(2);
      const checked = verdicts(await clientFor(ctx.double).detectAndVerifyClaims({ blog: CLAIMS.join(' ') }));
      expect(checked.length, `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it('shows rephrased and extended HTML as text', async () => {
    const client = clientFor(ctx.double);
    for (const result of [
      await client.rephraseText({ text: 'Many people use it. It is popular.' }),
      await client.extendText({ text: 'The Moon orbits the Earth.' }),
    ]) {
      expect(result.texts[0]).not.toMatch(/[<>]/);
      expect(result.texts[0]!.length).toBeGreaterThan(10);
    }
  });
});

describe('4.3 under the mixed forms', () => {
  it('reads every list form drawn, claim for claim', async () => {
    const blog =
      '3.5 million people visited the Louvre museum in Paris during 2023. 10:30 is when the first guided tour of the museum starts.';
    for (let seed = 1; seed <= 20; seed++) {
      ctx.double.setForms({ verdicts: 'mixed', seed });
      const detected = await clientFor(ctx.double).detectClaims({ blog });
      expect(detected.claims, `seed ${seed}`).toEqual([
        '3.5 million people visited the Louvre museum in Paris during 2023.',
        '10:30 is when the first guided tour of the museum starts.',
      ]);
    }
  });
});

describe('redirects', () => {
  it('never follows a redirect with the key, and says which setting to check', async () => {
    const seen: string[] = [];
    const client = clientFor(ctx.double, {
      fetch: async (input, init) => {
        seen.push(String(input));
        expect(init?.redirect).toBe('manual');
        return new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example/steal' } });
      },
    });
    const error = await serviceErrorOf(client.rephraseText({ text: 'Many people use it.' }));
    expect(error).toMatchObject({ kind: 'invalid-input', httpStatus: 302, fixInSettings: true });
    expect(error.message).toMatch(/with a redirect to another address, which FactLens does not follow with your key/);
    expect(seen).toHaveLength(1);
  });
});
