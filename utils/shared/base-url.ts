/** Rules for a service base URL, shared by the client and the settings form. */

import { t } from './i18n';

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for hosts on this machine, where plain http cannot leak the key to the network. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Where every endpoint's path starts (see endpoints.ts): a base URL that holds it was copied from an endpoint's. */
const ENDPOINTS_PATH = /\/custom\/api(\/|$)/;

/**
 * A base URL must be https (the service requires it, and the key travels in a header); plain http is
 * allowed only on loopback, for the service double. Returns it without a trailing slash. A host name alone
 * ("api-az.longshot.ai", as it is often copied) is taken as https.
 */
export function checkServiceBaseUrl(raw: string): BaseUrlCheck {
  const trimmed = raw.trim();
  let url: URL;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
    // Without a scheme, only what reads as a host name: a word alone is not taken for one.
    if (!hasScheme && !url.hostname.includes('.') && !isLoopbackHost(url.hostname)) throw new Error('not a host');
  } catch {
    return { ok: false, reason: t('urlNotWebAddress', raw) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: t('urlMustStartHttps', `${url.protocol}//`) };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, reason: t('urlMustUseHttps') };
  if (url.username || url.password) return { ok: false, reason: t('urlNoCredentials') };
  if (url.search || url.hash) return { ok: false, reason: t('urlNoQuery') };
  const endpointsPath = ENDPOINTS_PATH.exec(url.pathname);
  if (endpointsPath)
    return {
      ok: false,
      reason: t('urlStopBeforeApi', `${url.origin}${url.pathname.slice(0, endpointsPath.index).replace(/\/+$/, '')}`),
    };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The host permission pattern an origin needs, e.g. `https://api.example.com/*`. */
export function hostPermissionFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
