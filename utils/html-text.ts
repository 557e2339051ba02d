/**
 * The text of an HTML fragment from the service (product copies, 4.11), with line breaks where its blocks end: what
 * is shown, copied and inserted of it, never its markup. Self-contained, as it also runs in a page's frame through
 * `scripting.executeScript({ func })` (a service worker has no DOMParser). The parser builds an inert document: no
 * script runs, nothing loads.
 */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, div, br, tr')) element.append('\n');
  return (body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
