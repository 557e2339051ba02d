/** Whether a storage change is a change of the organization's policy, as the worker and the extension's pages watch for it. */

/**
 * The `storage.session` key the worker sets when the policy Chrome answered with, once its policy service was ready,
 * differs from the one kept from the last read, which stood in for it meanwhile (see managed-read.ts).
 */
export const POLICY_READ_KEY = 'policyRead';

/** A `storage.onChanged` event that changes the policy in force. */
export const isPolicyChange = (changes: Record<string, unknown>, area: string): boolean =>
  area === 'managed' || (area === 'session' && POLICY_READ_KEY in changes);
