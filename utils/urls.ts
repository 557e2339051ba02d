/** Address helpers shared by the background, the pages and the content script (no zod here). */

/** Returns the address when it is an absolute http(s) URL, else null (javascript:, data:, relative…). */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The address without its fragment: moving to `#section` stays on the same page. */
export function stripHash(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}
