/**
 * Whether a key (or gateway token) is saved, and what the organization sets (null until known): with no key, every
 * action would fail, so the popup says so first; a feature the organization turned off is not offered.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '@/utils/shared/messaging';
import type { MessageReply } from '@/utils/contract/messages';

export type KeyStatus = MessageReply<'keyStatus'>;

export function useKeyStatus(): KeyStatus | null {
  const [status, setStatus] = useState<KeyStatus | null>(null);
  useEffect(() => {
    const ask = () => {
      sendMessage('keyStatus', undefined).then(setStatus, () => setStatus(null));
    };
    ask();
    // The side panel stays open while the key is added in the options page, and gets the focus back after.
    addEventListener('focus', ask);
    return () => removeEventListener('focus', ask);
  }, []);
  return status;
}
