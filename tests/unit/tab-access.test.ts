import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { allowingSitesWouldHelp, noAccessReason, readSnapshot } from '@/utils/background/tab-access';

describe('noAccessReason', () => {
  it('tells the browser’s and extensions’ own pages apart, which no permission reaches', () => {
    for (const url of [
      'chrome://extensions/',
      'edge://settings/',
      'brave://settings/',
      'about:blank',
      'about:addons',
      'chrome-extension://abcdefghijklmnop/options.html',
      'moz-extension://0d4c0ba4-5c1a-4b4e-9d1e-2c7f3b3f0a11/popup.html',
      'view-source:https://example.org/',
    ])
      expect(noAccessReason(url), url).toBe('Browser pages and other extensions’ pages cannot be read by extensions.');
  });

  it('sends the user to the setting that lets the extension read local files', () => {
    expect(noAccessReason('file:///home/ada/notes.html')).toMatch(/allow “Access to file URLs” for FactLens/);
  });

  it('says the extension stores keep their pages to themselves', () => {
    for (const url of [
      'https://chromewebstore.google.com/detail/some-extension/abc',
      'https://chrome.google.com/webstore/detail/abc',
      'https://addons.mozilla.org/en-US/firefox/addon/some-addon/',
      'https://microsoftedge.microsoft.com/addons/detail/abc',
    ])
      expect(noAccessReason(url), url).toBe('The extension store does not let extensions read its pages.');
  });

  it('says no extension can read a data: page', () => {
    expect(noAccessReason('data:text/html,<p>hello</p>')).toBe('Extensions cannot read pages at “data:” addresses.');
  });

  it('asks for the click that grants the tab, on web pages and where the address is hidden', () => {
    const notGranted = /^The extension has no access to this tab right now\. Click the FactLens button/;
    expect(noAccessReason('https://example.org/article')).toMatch(notGranted);
    expect(noAccessReason('http://127.0.0.1:4010/demo/article.html')).toMatch(notGranted);
    expect(noAccessReason('blob:https://example.org/0d4c0ba4-5c1a-4b4e-9d1e-2c7f3b3f0a11')).toMatch(notGranted);
    expect(noAccessReason(undefined)).toMatch(notGranted);
    expect(noAccessReason('')).toMatch(notGranted);
  });
});

describe('allowingSitesWouldHelp', () => {
  it('offers every site for a web page or a hidden address, not for a page no permission reaches, nor once allowed', async () => {
    let allowed = false;
    const contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => allowed);
    for (const url of [undefined, '', 'https://example.org/article', 'http://127.0.0.1:4010/demo/article.html'])
      expect(await allowingSitesWouldHelp(url), String(url)).toBe(true);
    for (const url of [
      'chrome://version/',
      'file:///home/ada/notes.html',
      'data:text/html,<p>hello</p>',
      'https://chromewebstore.google.com/detail/some-extension/abc',
    ])
      expect(await allowingSitesWouldHelp(url), url).toBe(false);
    // A hidden address that the browser's refusal names as its own page.
    expect(await allowingSitesWouldHelp(undefined, new Error('Cannot access a chrome:// URL'))).toBe(false);
    expect(await allowingSitesWouldHelp(undefined, new Error('The extensions gallery cannot be scripted.'))).toBe(
      false,
    );
    expect(
      await allowingSitesWouldHelp(
        undefined,
        new Error(
          'Cannot access contents of the page. Extension manifest must request permission to access the respective host.',
        ),
      ),
    ).toBe(true);
    expect(contains).toHaveBeenCalledWith({ origins: ['https://*/*', 'http://*/*'] });
    allowed = true;
    expect(await allowingSitesWouldHelp('https://example.org/article')).toBe(false);
    contains.mockRestore();
  });
});

describe('page actions', () => {
  const snapshot = { url: 'https://example.org/', title: 'T', mainText: 'Text.', focusInFrame: false };
  type Injection = { files?: string[]; args?: unknown[]; target: { frameIds?: number[] } };

  /** A tab whose frames have the actions installed once the file is injected into them. */
  function tabWithFrames(installed: Set<number>) {
    const injections: Injection[] = [];
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async (injection: Injection) => {
      injections.push(injection);
      const frames = injection.target.frameIds ?? [0];
      if (injection.files) {
        for (const frame of frames) installed.add(frame);
        return frames.map((frameId) => ({ frameId, result: undefined }));
      }
      const notInstalled = injection.args?.[3];
      return frames.map((frameId) => ({ frameId, result: installed.has(frameId) ? snapshot : notInstalled }));
    }) as never);
    return injections;
  }

  it('installs the actions in a frame that lacks them, once, then calls them there', async () => {
    const installed = new Set<number>();
    const injections = tabWithFrames(installed);
    await expect(readSnapshot(7)).resolves.toMatchObject({ mainText: 'Text.', frameId: 0 });
    expect(injections.map((injection) => (injection.files ? 'file' : 'call'))).toEqual(['call', 'file', 'call']);
    expect(injections[1]!.files).toEqual(['/page-actions.js']);
    await readSnapshot(7);
    expect(injections).toHaveLength(4);
  });

  it('never takes the not-installed answer for a result: a frame that stays without the actions is unreadable', async () => {
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async (injection: Injection) =>
      injection.files ? [] : [{ frameId: 0, result: injection.args?.[3] }]) as never);
    vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ url: 'https://example.org/' } as never);
    await expect(readSnapshot(7)).rejects.toThrow(/no access|cannot|could not/i);
  });

  it('tries once more, a beat later, when the browser refused the tab for want of access, and then says so', async () => {
    const refusal = new Error(
      'Cannot access contents of the page. Extension manifest must request permission to access the respective host.',
    );
    const installed = new Set<number>([0]);
    const calls = tabWithFrames(installed);
    const spy = vi.mocked(fakeBrowser.scripting.executeScript);
    const granted = spy.getMockImplementation()!;
    // The grant arrives after the first try: the second reads the page.
    spy.mockRejectedValueOnce(refusal);
    await expect(readSnapshot(7)).resolves.toMatchObject({ mainText: 'Text.' });
    expect(calls).toHaveLength(1);
    // Never granted: two tries, then the message to act on.
    let tries = 0;
    spy.mockImplementation((async () => {
      tries++;
      throw refusal;
    }) as never);
    vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ url: 'https://example.org/' } as never);
    await expect(readSnapshot(7)).rejects.toThrow(/no access to this tab/);
    expect(tries).toBe(2);
    spy.mockImplementation(granted);
  });
});
