/** Rules for a service base URL, shared by the client and the settings form. */

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for hosts on this machine, where plain http cannot leak the key to the network. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * A base URL must be https (the service requires it, and the key travels in a header); plain http is
 * allowed only on loopback, for the service double. Returns it without a trailing slash.
 */
export function checkServiceBaseUrl(raw: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `“${raw}” is not a web address. Use the form https://api-az.longshot.ai` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: `it must start with https:// (it starts with ${url.protocol}//).` };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return { ok: false, reason: 'it must use https://, so that your API key is not sent in the clear.' };
  if (url.username || url.password) return { ok: false, reason: 'it must not contain a user name or password.' };
  if (url.search || url.hash) return { ok: false, reason: 'it must not contain a query (?…) or a fragment (#…).' };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The host permission pattern an origin needs, e.g. `https://api.example.com/*`. */
export function hostPermissionFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
