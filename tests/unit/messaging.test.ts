import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { notify } from '@/utils/messaging';

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
