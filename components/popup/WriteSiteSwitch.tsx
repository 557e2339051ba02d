/** The popup's switch for checking as the user writes on the active tab's site, with today's spend and limit. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { sendMessage } from '@/utils/shared/messaging';
import { sitePattern } from '@/utils/shared/site-access';
import { formatCredits, roundAmount } from '@/utils/shared/format';
import { t } from '@/utils/shared/i18n';
import type { MessageReply } from '@/utils/contract/messages';

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
  // The organization turned the site on, or blocked it: the switch shows where it stands, and is not the user's.
  const byOrganization = site.sitePolicy !== 'none';

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      // Asked first in the click, as the browser requires; a site FactLens may already read is granted at once.
      if (on && !(await browser.permissions.request({ origins: [sitePattern(origin)] }).catch(() => false)))
        throw new Error(t('writeSiteRefused', new URL(origin).host));
      await sendMessage('setWriteSite', { origin, on, askedPermission: on && !site!.hadPermission });
      setSite({ ...site!, on });
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('checkAsIWrite')} class="actions-panel write-site">
      <label class="choice">
        <input
          type="checkbox"
          role="switch"
          checked={site.on || site.sitePolicy === 'on'}
          disabled={busy || byOrganization}
          aria-describedby="write-site-hint"
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />{' '}
        {t('checkAsIWriteHere')}
      </label>
      <p id="write-site-hint" class="hint">
        {site.sitePolicy === 'blocked'
          ? t('writeSiteBlockedByOrganization')
          : site.sitePolicy === 'on'
            ? `${t('writeSiteManaged')}.`
            : t(site.on ? 'writeSiteOnHint' : 'writeSiteOffHint', new URL(origin).host)}{' '}
        {site.limitReached
          ? t('writeLimitReachedToday', formatCredits(site.dailyLimit))
          : t('writeSpentToday', roundAmount(site.spentToday), formatCredits(site.dailyLimit))}
      </p>
    </section>
  );
}
