import { describe, expect, it } from 'vitest';
import { cleanApiKey } from '@/utils/shared/api-key';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { settingsSchema } from '@/utils/contract/settings';

describe('cleanApiKey', () => {
  it('keeps the key alone, from what is often pasted with it', () => {
    for (const pasted of [
      'lsk-123abc',
      '  lsk-123abc\n',
      'Bearer lsk-123abc',
      'bearer   lsk-123abc',
      'Authorization: Bearer lsk-123abc',
      '"lsk-123abc"',
      "'lsk-123abc'",
      '“lsk-123abc”',
      '"Bearer lsk-123abc"',
      'Authorization: Bearer "lsk-123abc"',
    ])
      expect(cleanApiKey(pasted), pasted).toBe('lsk-123abc');
  });

  it('leaves a key that only contains those words or quotes as it is', () => {
    expect(cleanApiKey('key-with"quote')).toBe('key-with"quote');
    expect(cleanApiKey('Bearerlike-key')).toBe('Bearerlike-key');
    expect(cleanApiKey('')).toBe('');
  });
});

describe('settingsSchema', () => {
  it('keeps a base URL as it will be used: https added to a host name alone, no trailing slash', () => {
    const parsed = settingsSchema.parse({
      ...DEFAULT_SETTINGS,
      apiBaseUrl: 'api-v2.longshot.ai/',
      uploadBaseUrl: 'https://upload.example.com/',
    });
    expect(parsed.apiBaseUrl).toBe('https://api-v2.longshot.ai');
    expect(parsed.uploadBaseUrl).toBe('https://upload.example.com');
    expect(settingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses an endpoint’s address with the base URL to use instead', () => {
    const parsed = settingsSchema.safeParse({
      ...DEFAULT_SETTINGS,
      apiBaseUrl: 'https://api-az.longshot.ai/custom/api/v2/blog/fact/check',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'The address is not usable: it must stop before “/custom/api”, which the extension adds for each call: use https://api-az.longshot.ai',
    );
  });
});

describe('zod', () => {
  it('runs without its JIT once zod-jitless.ts is loaded', async () => {
    await import('@/utils/contract/zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
