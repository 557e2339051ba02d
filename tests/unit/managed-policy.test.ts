/**
 * The organization's policy (storage.managed): how each policy is read, how it bounds the user's settings, Chrome's
 * schema for it, and the worker's rules under it (settings, gateway token, features, history, sites, page addresses).
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { capsOf, overCaps, POLICY_FIELDS, POLICY_NAMES, readPolicy, withPolicy } from '@/utils/contract/managed-policy';
import { settingsHandlers } from '@/utils/background/handlers/settings-messages';
import { apiKeyItem, loadSettings } from '@/utils/background/settings-store';
import { serviceAccess } from '@/utils/background/service';
import { assertFeatureOn, guardFeatures, FEATURE_OF_MESSAGE } from '@/utils/background/feature-guard';
import { history } from '@/utils/background/check/history-store';
import { chooseSource } from '@/utils/background/check/source';
import { DEFAULT_SETTINGS, settingsItem } from '@/utils/shared/settings-item';
import type { Settings } from '@/utils/contract/settings';
import type { Handlers } from '@/utils/background/protocol';
import type { Job } from '@/utils/contract/jobs';
import type { Browser } from 'wxt/browser';

const schema = JSON.parse(readFileSync('managed/managed_schema.json', 'utf8')) as {
  type: string;
  additionalProperties?: unknown;
  properties: Record<string, { type?: string; $ref?: string; enum?: unknown[]; items?: { type: string } }>;
};

/** A value of each policy that an administrator might write, and that both the schema and the reader take. */
const SAMPLES: Required<{ [Name in keyof typeof POLICY_FIELDS]: unknown }> = {
  serviceUrl: 'https://factlens-gateway.newsroom.example',
  uploadUrl: 'https://factlens-gateway.newsroom.example/upload',
  authMode: 'gateway',
  gatewayToken: 'tok-alice-1',
  writeDailyCreditLimit: 20,
  askAboveCredits: 10,
  writeSites: ['https://cms.newsroom.example'],
  writeSitesBlocked: ['https://mail.newsroom.example'],
  sendPageAddresses: false,
  disabledFeatures: ['uploads', 'library'],
  historyDays: 7,
};

const setPolicy = (policy: Record<string, unknown>) => fakeBrowser.storage.managed.set(policy);
const user = (settings: Partial<Settings> = {}): Settings => ({ ...DEFAULT_SETTINGS, ...settings });

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
});

describe('the policy as it is read', () => {
  it('takes every policy an administrator writes in its documented form', () => {
    const { policy, dropped } = readPolicy(SAMPLES);
    expect(dropped).toEqual([]);
    expect(Object.keys(policy).sort()).toEqual([...POLICY_NAMES].sort());
    expect(policy.writeSites).toEqual(['https://cms.newsroom.example']);
  });

  it('drops a value that does not validate, names it, and keeps the others in force', () => {
    const { policy, dropped } = readPolicy({
      serviceUrl: 'http://gateway.example.org', // plain http off loopback: the token would travel in the clear
      authMode: 'gateway',
      writeDailyCreditLimit: 0,
      historyDays: '7',
      disabledFeatures: ['generation', 'everything'],
      writeSites: ['https://cms.example/path'],
      unknownPolicy: true,
    });
    expect(policy).toEqual({ authMode: 'gateway' });
    expect(dropped.sort()).toEqual(
      ['disabledFeatures', 'historyDays', 'serviceUrl', 'unknownPolicy', 'writeDailyCreditLimit', 'writeSites'].sort(),
    );
  });

  it('reads nothing from what is not an object', () => {
    for (const raw of [null, undefined, 'x', 3]) expect(readPolicy(raw)).toEqual({ policy: {}, dropped: [] });
  });
});

describe('the settings under the policy', () => {
  it('replaces the addresses and the sign-in, and holds the credits to their caps (the user may set less)', () => {
    const policy = readPolicy(SAMPLES).policy;
    const applied = withPolicy(user({ writeDailyLimit: 50, askAboveCredits: 5 }), policy);
    expect(applied).toMatchObject({
      apiBaseUrl: 'https://factlens-gateway.newsroom.example',
      uploadBaseUrl: 'https://factlens-gateway.newsroom.example/upload',
      authMode: 'gateway',
      writeDailyLimit: 20,
      askAboveCredits: 5,
      sendPageAddresses: false,
    });
    // No question at all is more than the cap: the cap asks.
    expect(withPolicy(user({ askAboveCredits: null }), policy).askAboveCredits).toBe(10);
    expect(withPolicy(user(), {})).toEqual({ ...user(), sendPageAddresses: true });
  });

  it('names each field over its cap', () => {
    const caps = capsOf({ writeDailyCreditLimit: 20, askAboveCredits: 10 });
    expect(overCaps(user({ writeDailyLimit: 21, askAboveCredits: null }), caps)).toEqual({
      writeDailyLimit: 20,
      askAboveCredits: 10,
    });
    expect(overCaps(user({ writeDailyLimit: 20, askAboveCredits: 3 }), caps)).toEqual({});
  });
});

describe("Chrome's schema of the policies (managed/managed_schema.json)", () => {
  it('is valid as Chrome requires: an object at the top, no additionalProperties there, one type or $ref each', () => {
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBeUndefined();
    for (const [name, property] of Object.entries(schema.properties))
      expect([property.type, property.$ref].filter(Boolean), name).toHaveLength(1);
  });

  it('declares every policy the extension reads, and none it does not', () => {
    expect(Object.keys(schema.properties).sort()).toEqual([...POLICY_NAMES].sort());
  });

  it('gives each policy the JSON type its reader takes, and the same choices', () => {
    const jsonType = (value: unknown) =>
      Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    for (const name of POLICY_NAMES) {
      const property = schema.properties[name]!;
      expect(property.type, name).toBe(jsonType(SAMPLES[name]));
      if (property.type === 'array') expect(property.items?.type, name).toBe('string');
    }
    expect(schema.properties.authMode!.enum).toEqual(POLICY_FIELDS.authMode.options);
    expect((schema.properties.disabledFeatures!.items as { enum?: unknown[] }).enum).toEqual(
      POLICY_FIELDS.disabledFeatures.element.options,
    );
  });
});

describe('the worker under the policy', () => {
  it('uses the settings in force, which follow a change of the policy at once', async () => {
    await settingsItem.setValue(user({ writeDailyLimit: 40 }));
    expect((await loadSettings()).writeDailyLimit).toBe(40);
    await setPolicy({ writeDailyCreditLimit: 15, serviceUrl: 'https://gw.example.org' });
    expect(await loadSettings()).toMatchObject({ writeDailyLimit: 15, apiBaseUrl: 'https://gw.example.org' });
  });

  it('shows the options page what the organization sets, and never a token the policy gives', async () => {
    await apiKeyItem.setValue('');
    await setPolicy({ ...SAMPLES, historyDays: 'bad' });
    const reply = await settingsHandlers.getSettings(undefined, {} as Browser.runtime.MessageSender);
    expect(reply.apiKey).toBe('');
    expect(JSON.stringify(reply)).not.toContain('tok-alice-1');
    expect(reply.settings.apiBaseUrl).toBe('https://factlens-gateway.newsroom.example');
    expect(reply.managed).toMatchObject({
      managed: true,
      set: ['apiBaseUrl', 'uploadBaseUrl', 'authMode'],
      caps: { writeDailyLimit: 20, askAboveCredits: 10 },
      tokenByPolicy: true,
      disabledFeatures: ['uploads', 'library'],
      sendPageAddresses: false,
      dropped: ['historyDays'],
    });
  });

  it('saves none of what the organization sets, from any page: the user’s own values stay for the day it goes', async () => {
    await settingsItem.setValue(user({ apiBaseUrl: 'https://api-v2.longshot.ai' }));
    await setPolicy({ serviceUrl: 'https://gw.example.org', gatewayToken: 'tok-alice-1' });
    await settingsHandlers.saveSettings(
      { settings: user({ apiBaseUrl: 'https://evil.example', checkMode: 'one-call' }), apiKey: 'pasted' },
      {} as Browser.runtime.MessageSender,
    );
    expect(await settingsItem.getValue()).toMatchObject({
      apiBaseUrl: 'https://api-v2.longshot.ai',
      checkMode: 'one-call',
    });
    expect(await apiKeyItem.getValue()).toBe('');
    expect((await loadSettings()).apiBaseUrl).toBe('https://gw.example.org');
  });

  it('refuses a value over a cap', async () => {
    await setPolicy({ writeDailyCreditLimit: 20 });
    await expect(
      settingsHandlers.saveSettings({ settings: user({ writeDailyLimit: 21 }) }, {} as Browser.runtime.MessageSender),
    ).rejects.toThrow('Your organization allows at most 20 credits.');
    expect(await settingsItem.getValue()).toEqual(DEFAULT_SETTINGS);
  });

  it('signs in with the token the policy gives, else the one the user saved, and says which is missing', async () => {
    await setPolicy({ authMode: 'gateway' });
    await expect(serviceAccess()).rejects.toThrow(/No gateway token is set/);
    await apiKeyItem.setValue('tok-pasted');
    expect((await serviceAccess()).apiKey).toBe('tok-pasted');
    await setPolicy({ authMode: 'gateway', gatewayToken: 'tok-by-policy' });
    expect((await serviceAccess()).apiKey).toBe('tok-by-policy');
    expect(await settingsHandlers.keyStatus(undefined, {} as Browser.runtime.MessageSender)).toMatchObject({
      saved: true,
      authMode: 'gateway',
    });
  });

  it('refuses the messages of a feature turned off, and only those', async () => {
    const called: string[] = [];
    const handlers = Object.fromEntries(
      [...Object.keys(FEATURE_OF_MESSAGE), 'getHistory'].map((type) => [type, async () => called.push(type)]),
    );
    const guarded = guardFeatures(handlers as unknown as Handlers);
    await setPolicy({ disabledFeatures: ['library'] });
    const sender = {} as Browser.runtime.MessageSender;
    await expect(guarded.listAssets({ query: '', page: 1, pageSize: 10 }, sender)).rejects.toThrow(
      'Your organization turned this part of FactLens off.',
    );
    await expect(guarded.listBrandVoices({ query: '', page: 1, pageSize: 10 }, sender)).rejects.toThrow(/turned/);
    await guarded.getUploadTarget(undefined, sender);
    await guarded.getHistory(undefined, sender);
    expect(called).toEqual(['getUploadTarget', 'getHistory']);
    await setPolicy({ disabledFeatures: [] });
    await expect(assertFeatureOn('library')).resolves.toBeUndefined();
  });

  it('keeps a check in the history no longer than the organization allows, and none with 0 days', async () => {
    const day = 24 * 60 * 60 * 1000;
    const job = (id: string, finishedAt: number) =>
      ({
        id,
        state: 'done',
        cachedAt: null,
        claims: [{ text: 'A claim.', result: null }],
        finishedAt,
        updatedAt: finishedAt,
        pageUrl: 'https://news.example/a',
        pageTitle: 'A',
        headline: '',
        scope: 'page',
        sourceKind: 'text',
        language: 'English-US',
        textLang: 'en',
        titleLang: 'en',
        credits: { used: 1, unreported: 0 },
      }) as unknown as Job;
    await history.add(job('old', Date.now() - 10 * day));
    await history.add(job('new', Date.now() - day));
    expect((await history.list()).map((entry) => entry.id)).toEqual(['new', 'old']);
    await setPolicy({ historyDays: 7 });
    expect((await history.list()).map((entry) => entry.id)).toEqual(['new']);
    await setPolicy({ historyDays: 0 });
    await history.add(job('today', Date.now()));
    expect(await history.list()).toEqual([]);
  });

  it('sends a page as text, never by its address, when the organization says so', () => {
    const facts = { url: 'https://news.example/a', mainText: 'Some text. '.repeat(50), signedIn: false } as never;
    expect(chooseSource('page', facts, 'https://api.example', true).kind).toBe('url');
    expect(chooseSource('page', facts, 'https://api.example', false)).toMatchObject({ kind: 'text', canSwitch: false });
  });
});
