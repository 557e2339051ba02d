/**
 * The options page's list of the sites checked as you write: the user's, each with a Remove button, and those the
 * organization turned on, which wait for the site's permission until the user allows them here.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { sendMessage } from '@/utils/shared/messaging';
import { sitePattern } from '@/utils/shared/site-access';
import { isPolicyChange } from '@/utils/shared/policy-change';
import type { WriteSiteView } from '@/utils/contract/messages';
import { t } from '@/utils/shared/i18n';

type ShownSite = WriteSiteView & { waiting: boolean };

/** The sites, each of the organization's with whether it still waits for its permission. */
async function shownSites(sites: WriteSiteView[]): Promise<ShownSite[]> {
  return Promise.all(
    sites.map(async (site) => ({
      ...site,
      waiting:
        site.managed &&
        !(await browser.permissions.contains({ origins: [sitePattern(site.origin)] }).catch(() => false)),
    })),
  );
}

export function WriteSites() {
  const [sites, setSites] = useState<ShownSite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const report = (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure));
  const load = () =>
    sendMessage('listWriteSites', undefined)
      .then((reply) => shownSites(reply.sites))
      .then(setSites, report);

  useEffect(() => {
    void load();
    // The organization's policy changed: its sites now show.
    const policyChanged = (changes: Record<string, unknown>, area: string) =>
      void (isPolicyChange(changes, area) && load());
    browser.storage.onChanged.addListener(policyChanged);
    return () => browser.storage.onChanged.removeListener(policyChanged);
  }, []);

  async function remove(origin: string) {
    setError(null);
    try {
      setSites(
        await shownSites((await sendMessage('setWriteSite', { origin, on: false, askedPermission: false })).sites),
      );
    } catch (failure) {
      report(failure);
    }
  }

  /** Asks, in the click, for the sites the organization turned on; the worker registers them once granted. */
  async function allowOrganizationSites(waiting: ShownSite[]) {
    setError(null);
    await browser.permissions.request({ origins: waiting.map((site) => sitePattern(site.origin)) }).catch(() => false);
    await load();
  }

  const waiting = sites?.filter((site) => site.waiting) ?? [];
  return (
    <section class="write-sites" aria-labelledby="write-sites-heading">
      <h2 id="write-sites-heading">{t('writeSitesHeading')}</h2>
      {sites && sites.length === 0 && <p class="hint">{t('writeSitesNone', t('checkAsIWriteHere'))}</p>}
      {sites && sites.length > 0 && (
        <ul>
          {sites.map((site) => (
            <li key={site.origin} class="row">
              <span>{site.origin}</span>
              {site.managed ? (
                <span class="hint">
                  {t('writeSiteManaged')}
                  {site.waiting && ` (${t('writeSiteNeedsAccess')})`}
                </span>
              ) : (
                <button
                  type="button"
                  aria-label={t('removeSite', site.origin)}
                  onClick={() => void remove(site.origin)}
                >
                  {t('remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <button type="button" onClick={() => void allowOrganizationSites(waiting)}>
          {t('allowOrganizationSites')}
        </button>
      )}
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
