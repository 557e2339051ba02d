/**
 * The options page's account of which pages FactLens may read: the tabs the user opens it on (activeTab), or every
 * site (see ALL_SITES), which the user may allow here as well as from the side panel.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { ALL_SITES, requestAllSites } from '@/utils/shared/site-access';
import { t } from '@/utils/shared/i18n';

export function SiteAccess() {
  // Null until the browser has said.
  const [allSites, setAllSites] = useState<boolean | null>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const read = () => {
      browser.permissions.contains({ origins: ALL_SITES }).then(setAllSites, () => setAllSites(false));
    };
    read();
    // Allowed from the side panel, or taken back in the browser's settings, while this page is open.
    browser.permissions.onAdded.addListener(read);
    browser.permissions.onRemoved.addListener(read);
    return () => {
      browser.permissions.onAdded.removeListener(read);
      browser.permissions.onRemoved.removeListener(read);
    };
  }, []);

  async function allow() {
    const granted = await requestAllSites();
    setRefused(!granted);
    setAllSites(granted || (await browser.permissions.contains({ origins: ALL_SITES })));
  }

  if (allSites === null) return null;
  return (
    <section class="site-access" aria-labelledby="site-access-heading">
      <h2 id="site-access-heading">{t('siteAccess')}</h2>
      {allSites ? (
        <p class="hint">{t('allSitesGranted')}</p>
      ) : (
        <>
          <p class="hint">{t('allSitesNotGranted')}</p>
          <button type="button" onClick={() => void allow()}>
            {t('allowAllSites')}
          </button>
          {refused && <p class="status warning">{t('allSitesNotAllowed')}</p>}
        </>
      )}
    </section>
  );
}
