/** The options page's list of the sites checked as you write, each with a Remove button. */
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '@/utils/shared/messaging';
import type { WriteSiteView } from '@/utils/contract/messages';
import { t } from '@/utils/shared/i18n';

export function WriteSites() {
  const [sites, setSites] = useState<WriteSiteView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    sendMessage('listWriteSites', undefined).then(
      (reply) => setSites(reply.sites),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, []);

  async function remove(origin: string) {
    setError(null);
    try {
      setSites((await sendMessage('setWriteSite', { origin, on: false, askedPermission: false })).sites);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <section class="write-sites" aria-labelledby="write-sites-heading">
      <h2 id="write-sites-heading">{t('writeSitesHeading')}</h2>
      {sites && sites.length === 0 && <p class="hint">{t('writeSitesNone', t('checkAsIWriteHere'))}</p>}
      {sites && sites.length > 0 && (
        <ul>
          {sites.map((site) => (
            <li key={site.origin} class="row">
              <span>{site.origin}</span>
              <button type="button" aria-label={t('removeSite', site.origin)} onClick={() => void remove(site.origin)}>
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
