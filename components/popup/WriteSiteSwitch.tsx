/** The popup's switch for checking as the user writes on the active tab's site, with today's spend and limit. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { sendMessage } from '@/utils/shared/messaging';
import { sitePattern } from '@/utils/shared/site-access';
import { formatAmount, plural } from '@/utils/shared/format';
import type { MessageReply } from '@/utils/shared/protocol-map';

type SiteState = MessageReply<'writeSiteOf'> & {
  /** FactLens could reach the site before it was turned on (see setWriteSite's askedPermission). */
  hadPermission: boolean;
};

export function WriteSiteSwitch({ tabId, onError }: { tabId: number; onError: (error: unknown) => void }) {
  const [site, setSite] = useState<SiteState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void (async () => {
      const state = await sendMessage('writeSiteOf', { tabId });
      const hadPermission =
        state.site !== null &&
        (await browser.permissions.contains({ origins: [sitePattern(state.site)] }).catch(() => false));
      setSite({ ...state, hadPermission });
    })().catch(onError);
  }, [tabId]);

  if (!site?.site) return null;
  const origin = site.site;

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      // Asked first in the click, as the browser requires; a site FactLens may already read is granted at once.
      if (on && !(await browser.permissions.request({ origins: [sitePattern(origin)] }).catch(() => false)))
        throw new Error(`FactLens was not allowed on ${new URL(origin).host}: nothing is checked there as you write.`);
      await sendMessage('setWriteSite', { origin, on, askedPermission: on && !site!.hadPermission });
      setSite({ ...site!, on });
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Check as I write" class="actions-panel write-site">
      <label class="choice">
        <input
          type="checkbox"
          role="switch"
          checked={site.on}
          disabled={busy}
          aria-describedby="write-site-hint"
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />{' '}
        Check as I write on this site
      </label>
      <p id="write-site-hint" class="hint">
        {site.on
          ? `On ${new URL(origin).host}, what you write is checked when you pause: only finished sentences not checked before are sent.`
          : `On ${new URL(origin).host}, check what you write when you pause, without asking each time.`}{' '}
        {site.spentToday >= site.dailyLimit
          ? `Today’s limit of ${plural(site.dailyLimit, 'credit')} is reached: checking as you write starts again tomorrow.`
          : `Spent today checking as you write: ${formatAmount(site.spentToday)} of ${site.dailyLimit} credits.`}
      </p>
    </section>
  );
}
