/** What storage.managed holds, without waiting for Chrome's policy service as the browser starts. */
import { dequal } from 'dequal/lite';
import { browser } from '#imports';
import { defineTrustedItem } from '../shared/trusted-item';
import { POLICY_READ_KEY } from '../shared/policy-change';

/** The policy as the browser last answered it, raw: the stand-in while it starts. */
const keptPolicyItem = defineTrustedItem<unknown>('keptPolicy', null);

/** How long a read may take before the kept policy stands in: a ready browser answers within a few milliseconds. */
const STAND_IN_AFTER_MS = 50;

/** Logs a failure to keep the policy: the answer itself stands. */
const reportKeepFailure = (error: unknown) =>
  console.error('[factlens] could not keep the policy', error instanceof Error ? error.message : error);

/**
 * A reader of the raw policy from `readArea`. Just after the browser starts, Chrome answers storage.managed only once
 * its policy service is ready (2.5 s on this machine kind; 3-8 s reported in ghostery-extension#3367 and
 * privacybadger#2982), and every message of the popup and the options page would wait for it. The policy the browser
 * answered last time stands in meanwhile, and the answer, once it comes, is kept and announced if it differs (see
 * isPolicyChange). With nothing kept (the first run), the answer is waited for: nothing is done under a policy never
 * read.
 */
export function managedReader(readArea: () => Promise<unknown>): () => Promise<unknown> {
  /** The answer kept last, once the browser has answered since the worker started. */
  let answered: { raw: unknown } | undefined;
  let firstAnswer: Promise<unknown> | undefined;

  const firstRead = async (): Promise<unknown> => {
    const raw = await readArea();
    answered = { raw };
    try {
      const standIn = await keptPolicyItem.getValue();
      if (standIn !== null && dequal(standIn, raw)) return raw;
      await keptPolicyItem.setValue(raw);
      // It may have stood in for this answer: what it set is set anew.
      if (standIn !== null) await browser.storage.session.set({ [POLICY_READ_KEY]: Date.now() });
    } catch (error) {
      reportKeepFailure(error);
    }
    return raw;
  };

  return async () => {
    if (answered) {
      const raw = await readArea();
      // A later change Chrome announces itself; it is kept for the next start.
      if (!dequal(raw, answered.raw)) {
        answered = { raw };
        await keptPolicyItem.setValue(raw).catch(reportKeepFailure);
      }
      return raw;
    }
    firstAnswer ??= firstRead();
    // Read only if the browser has not answered by then (as a ready one has).
    const standIn = new Promise<unknown>((resolve) =>
      setTimeout(() => {
        if (answered) return;
        void keptPolicyItem.getValue().then(
          (kept) => kept !== null && resolve(kept),
          () => undefined,
        );
      }, STAND_IN_AFTER_MS),
    );
    return Promise.race([firstAnswer, standIn]);
  };
}

/**
 * The raw policy, from the browser's managed storage. Firefox rejects the read when no policy names the add-on, and a
 * browser without managed storage has no such area: both read as none.
 */
export const readManaged = managedReader(() =>
  (browser.storage.managed?.get() ?? Promise.resolve({})).catch(() => ({})),
);
