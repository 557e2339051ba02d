/** FactLens in Google Docs: its flag script registered while docs.google.com is allowed, and only then. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { syncDocsFlag } from '@/utils/background/docs-access';

type Script = { id: string; matches?: string[]; js?: string[]; runAt?: string; world?: string };
let granted: Set<string>;
let registered: Map<string, Script>;

beforeEach(() => {
  fakeBrowser.reset();
  granted = new Set();
  registered = new Map();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async ({ origins = [] }) =>
    origins.every((origin) => granted.has(origin)),
  );
  const scripting = fakeBrowser.scripting as unknown as Record<string, unknown>;
  scripting.getRegisteredContentScripts = vi.fn(async () => [...registered.values()]);
  scripting.registerContentScripts = vi.fn(async (scripts: Script[]) => {
    for (const script of scripts) {
      if (registered.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
      registered.set(script.id, script);
    }
  });
  scripting.unregisterContentScripts = vi.fn(async ({ ids }: { ids: string[] }) => {
    for (const id of ids) registered.delete(id);
  });
});

describe('the Google Docs flag', () => {
  it('is registered at document_start in Docs’ documents, in the page’s world, once docs.google.com is allowed', async () => {
    await syncDocsFlag();
    expect(registered.size).toBe(0);
    granted.add('https://docs.google.com/*');
    await syncDocsFlag();
    await syncDocsFlag();
    expect([...registered.values()]).toEqual([
      expect.objectContaining({
        matches: ['https://docs.google.com/document/*'],
        js: ['/docs-flag.js'],
        runAt: 'document_start',
        world: 'MAIN',
      }),
    ]);
  });

  it('is unregistered when the permission is taken back', async () => {
    granted.add('https://docs.google.com/*');
    await syncDocsFlag();
    granted.clear();
    await syncDocsFlag();
    expect(registered.size).toBe(0);
  });
});
