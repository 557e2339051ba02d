/** The time a job or a writing task has been running, ticking each second. */
import { useEffect, useState } from 'preact/hooks';
import { formatElapsed } from '@/utils/shared/format';
import { t } from '@/utils/shared/i18n';

/**
 * Some calls take minutes (detecting and verifying in one call, fact-grounded content, product copy): a clock that
 * moves says the work is still going, where a bar with nothing done yet does not. A `timer` is a live region that is
 * not read out at each tick; the job's own status says when its stage changes.
 */
export function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span role="timer" class="hint elapsed" aria-label={t('runningFor', formatElapsed(now - since))}>
      {formatElapsed(now - since)}
    </span>
  );
}
