/** The options page's list of the sites checked as you write, each with a Remove button. */
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '@/utils/shared/messaging';
import type { WriteSiteView } from '@/utils/shared/protocol-map';

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
      <h2 id="write-sites-heading">Sites checked as you write</h2>
      {sites && sites.length === 0 && (
        <p class="hint">
          None yet. To have what you write on a site checked when you pause, open FactLens there and turn on “Check as I
          write on this site”.
        </p>
      )}
      {sites && sites.length > 0 && (
        <ul>
          {sites.map((site) => (
            <li key={site.origin} class="row">
              <span>{site.origin}</span>
              <button type="button" aria-label={`Remove ${site.origin}`} onClick={() => void remove(site.origin)}>
                Remove
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
