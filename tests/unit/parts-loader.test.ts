/** The content script's second part, loaded once on first use (utils/page/parts-loader.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentParts } from '@/utils/page/content-parts';

const ask = vi.fn();
vi.mock('@/utils/shared/messaging', () => ({ ask }));
vi.mock('@/utils/shared/i18n', () => ({ t: (name: string) => name }));
const { loadParts } = await import('@/utils/page/parts-loader');

const parts = { locate: () => null } as unknown as ContentParts;

afterEach(() => {
  globalThis.__factlensParts = undefined;
  ask.mockReset();
});

describe('loadParts', () => {
  it('asks the worker once for calls made while it loads, and takes what the injected part set', async () => {
    ask.mockImplementation(async () => {
      globalThis.__factlensParts = parts;
      return {};
    });
    const [first, second] = await Promise.all([loadParts(), loadParts()]);
    expect(first).toBe(parts);
    expect(second).toBe(parts);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask).toHaveBeenCalledWith('loadContentParts', undefined);
    // Here: not asked for again.
    await loadParts();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('rejects when the part did not arrive, and asks again at the next call', async () => {
    ask.mockResolvedValueOnce({});
    await expect(loadParts()).rejects.toThrow('pagePartMissing');
    ask.mockRejectedValueOnce(new Error('no access'));
    await expect(loadParts()).rejects.toThrow('no access');
    ask.mockImplementationOnce(async () => {
      globalThis.__factlensParts = parts;
      return {};
    });
    await expect(loadParts()).resolves.toBe(parts);
    expect(ask).toHaveBeenCalledTimes(3);
  });
});
