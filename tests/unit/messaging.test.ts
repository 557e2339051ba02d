import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ServiceError } from '@/utils/shared/service-error';
import { ask, notify, sendMessage } from '@/utils/shared/messaging';

const report = { jobId: 'job-1', located: 3, total: 4, notFound: [2] };

describe('notify (the content script’s fire-and-forget reports)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
  });

  it('sends the message as the background expects it', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    await notify('reportAnchoring', report);
    expect(send).toHaveBeenCalledWith({ type: 'reportAnchoring', data: report });
  });

  it('drops a failure, whether the send rejects or throws at once (an extension context gone with a reload)', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(new Error('Could not establish connection'));
    await expect(notify('reportAnchoring', report)).resolves.toBeUndefined();
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(() => {
      throw new Error('Extension context invalidated.');
    });
    await expect(notify('reportAnchoring', report)).resolves.toBeUndefined();
  });
});

describe('ask (the content script’s requests) and sendMessage (the extension pages’)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
  });

  it('returns the value the background answered', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ ok: true, value: { jobId: 'job-2' } });
    await expect(ask('checkDraftAgain', undefined)).resolves.toEqual({ jobId: 'job-2' });
  });

  it('throws the background’s words: a plain Error from ask, a ServiceError with its kind from sendMessage', async () => {
    const refusal = { ok: false, error: { kind: 'invalid-input', message: 'No API key is set.' } };
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(refusal);
    const asked = await ask('checkDraftAgain', undefined).catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(Error);
    expect(asked).not.toBeInstanceOf(ServiceError);
    expect((asked as Error).message).toBe('No API key is set.');
    const sent = await sendMessage('keyStatus', undefined).catch((error: unknown) => error);
    expect(sent).toBeInstanceOf(ServiceError);
    expect(sent).toMatchObject({ kind: 'invalid-input', message: 'No API key is set.' });
  });

  it('says the background did not answer when no reply comes in the envelope', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    await expect(ask('checkDraftAgain', undefined)).rejects.toThrow('The extension’s background did not answer.');
    await expect(sendMessage('keyStatus', undefined)).rejects.toMatchObject({ kind: 'contract' });
  });
});
