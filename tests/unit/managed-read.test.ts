/**
 * Reading the organization's policy as the browser starts: the policy read last time stands in while Chrome's policy
 * service is not ready, the answer replaces it and is announced when it differs, and the first run waits.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { managedReader } from '@/utils/background/managed-read';
import { POLICY_READ_KEY, isPolicyChange } from '@/utils/shared/policy-change';

/**
 * A managed area that answers once the test says so, as Chrome's does once its policy service is ready, and at once
 * from then on.
 */
function slowArea() {
  const waiting: ((raw: unknown) => void)[] = [];
  let ready: { raw: unknown } | undefined;
  return {
    read: () => (ready ? Promise.resolve(ready.raw) : new Promise<unknown>((resolve) => waiting.push(resolve))),
    answer: (raw: unknown) => {
      ready = { raw };
      for (const resolve of waiting.splice(0)) resolve(raw);
    },
  };
}

/** What a promise has settled to so far ('pending' if nothing). */
const settled = async (promise: Promise<unknown>, withinMs: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('pending'), withinMs))]);

const GATEWAY = { serviceUrl: 'https://gw.newsroom.example', authMode: 'gateway' };
const MOVED = { serviceUrl: 'https://gw2.newsroom.example', authMode: 'gateway' };

/** A worker's first run: the browser answers at once, and its answer is kept for the next start. */
async function keepFromAnEarlierRun(raw: unknown) {
  expect(await managedReader(async () => raw)()).toEqual(raw);
}

describe('the policy as the browser starts', () => {
  beforeEach(() => fakeBrowser.reset());

  it('waits for the browser on the first run: no policy was ever read', async () => {
    const area = slowArea();
    const read = managedReader(area.read)();
    expect(await settled(read, 200)).toBe('pending');
    area.answer(GATEWAY);
    expect(await read).toEqual(GATEWAY);
  });

  it('answers with the policy read last time while the browser is not ready, and takes the browser’s answer after', async () => {
    await keepFromAnEarlierRun(GATEWAY);
    const area = slowArea();
    const readPolicy = managedReader(area.read);
    expect(await settled(readPolicy(), 1000)).toEqual(GATEWAY);
    area.answer(GATEWAY);
    // The same: nothing is announced.
    await expect.poll(() => readPolicy()).toEqual(GATEWAY);
    expect(await fakeBrowser.storage.session.get(POLICY_READ_KEY)).toEqual({});
  });

  it('announces an answer that differs from the policy that stood in, and keeps it for the next start', async () => {
    await keepFromAnEarlierRun(GATEWAY);
    const area = slowArea();
    const readPolicy = managedReader(area.read);
    expect(await readPolicy()).toEqual(GATEWAY);
    const announced: Record<string, unknown>[] = [];
    fakeBrowser.storage.onChanged.addListener((changes, area) => {
      if (isPolicyChange(changes, area)) announced.push(changes);
    });
    area.answer(MOVED);
    await expect.poll(() => announced.length).toBe(1);
    expect(await readPolicy()).toEqual(MOVED);

    // The next start stands in with it.
    const nextStart = slowArea();
    expect(await managedReader(nextStart.read)()).toEqual(MOVED);
  });

  it('takes a ready browser’s answer over the policy kept', async () => {
    await keepFromAnEarlierRun(GATEWAY);
    expect(await managedReader(async () => MOVED)()).toEqual(MOVED);
  });

  it('reads the browser each time once it has answered, and keeps a later change for the next start', async () => {
    let raw: unknown = GATEWAY;
    const readPolicy = managedReader(async () => raw);
    expect(await readPolicy()).toEqual(GATEWAY);
    raw = {};
    expect(await readPolicy()).toEqual({});
    const nextStart = slowArea();
    expect(await managedReader(nextStart.read)()).toEqual({});
  });
});
