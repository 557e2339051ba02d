/**
 * FactLens in Google Docs: once the user allowed docs.google.com (an optional host, asked for in the click that turns
 * it on), the flag script is registered at document_start in Docs' documents, and unregistered when the permission
 * goes. Docs reads the flag as it starts: a Doc open before has to be reloaded (the popup asks).
 */
import { browser } from '#imports';
import { DOCS_DOCUMENTS, DOCS_ORIGIN } from '../shared/docs-flag';

const SCRIPT_ID = 'factlens-docs-flag';
const FLAG_FILE = '/docs-flag.js';

export const docsAllowed = (): Promise<boolean> =>
  browser.permissions.contains({ origins: [DOCS_ORIGIN] }).catch(() => false);

/** Registers the flag script while docs.google.com is allowed, and only then (at start, and as permissions change). */
export async function syncDocsFlag(): Promise<void> {
  const allowed = await docsAllowed();
  const registered = (await browser.scripting.getRegisteredContentScripts()).some((script) => script.id === SCRIPT_ID);
  if (registered && !allowed) await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
  if (!allowed || registered) return;
  await browser.scripting.registerContentScripts([
    {
      id: SCRIPT_ID,
      matches: [DOCS_DOCUMENTS],
      js: [FLAG_FILE],
      runAt: 'document_start',
      // Chrome: the page's own world. Firefox: the content script's, which writes the page's window through
      // wrappedJSObject (docs-flag.ts).
      ...(import.meta.env.FIREFOX ? {} : { world: 'MAIN' as const }),
      persistAcrossSessions: true,
    },
  ]);
}
