/** Whether an API key is saved (null until known): with none, every action would fail, so the popup says so first. */
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '@/utils/shared/messaging';

export function useKeySaved(): boolean | null {
  const [keySaved, setKeySaved] = useState<boolean | null>(null);
  useEffect(() => {
    const ask = () => {
      sendMessage('keyStatus', undefined).then(
        ({ saved }) => setKeySaved(saved),
        () => setKeySaved(null),
      );
    };
    ask();
    // The side panel stays open while the key is added in the options page, and gets the focus back after.
    addEventListener('focus', ask);
    return () => removeEventListener('focus', ask);
  }, []);
  return keySaved;
}
