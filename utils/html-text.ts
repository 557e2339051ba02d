/**
 * The text of an HTML fragment from the service (product copies, 4.11), with line breaks where its blocks end and its
 * list items marked (`• `, or `1. ` in an ordered list): what is shown, copied and inserted of it, never its markup.
 * Self-contained, as it also runs in a page's frame through `scripting.executeScript({ func })` (a service worker has
 * no DOMParser). The parser builds an inert document: no script runs, nothing loads.
 */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // A list's items keep their marks, as plain text writes them: a bullet, or their number in an ordered list.
  for (const item of body.querySelectorAll('li')) {
    const list = item.parentElement;
    const number =
      list?.tagName === 'OL' ? [...list.children].filter((child) => child.tagName === 'LI').indexOf(item) : -1;
    item.prepend(number >= 0 ? `${number + ((list as HTMLOListElement).start || 1)}. ` : '• ');
  }
  for (const element of body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, div, br, tr')) element.append('\n');
  return (body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
