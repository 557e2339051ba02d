/**
 * What the language tests look for in a view of ours, in either browser: the English words of ours left in it (what
 * stands under the interface's `lang`, not the page's nor the service's), and what is cut off or runs past its edge.
 */
import { wordsIn } from './words';

const ENGLISH_MESSAGES = wordsIn('en').messages;

/** The fixed parts of English messages that `locale` words otherwise: none of them may show in its interface. */
export function englishOnly(locale: string): string[] {
  const own = wordsIn(locale).messages;
  return Object.entries(ENGLISH_MESSAGES).flatMap(([key, { message }]) =>
    own[key]?.message === message || key === 'locale'
      ? []
      : // A message's fixed parts, around its placeholders, of a length that is words and not a stray letter, and not
        // the language's own words too ("Source $1" is French as well as English).
        message
          .split(/\$[1-9]/)
          .filter((part) => part.replace(/[\s\p{P}]/gu, '').length >= 6 && !own[key]?.message.includes(part)),
  );
}

/**
 * The English words of `english` (see englishOnly) that `ours` shows, each as words of its own: "Review" is not shown
 * by a name that holds it ("ClaimReview", schema.org's type, which every language calls so).
 */
export function englishShown(english: string[], ours: string): string[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return english.filter((words) => new RegExp(`(?<![\\p{L}])${escape(words)}(?![\\p{L}])`, 'u').test(ours));
}

/**
 * Run in the page: the text of ours under `root` (text nodes, and the labels read out: aria-label, title, placeholder,
 * alt), which is what stands under the interface's `lang`; the service's words and the page's carry their own.
 */
export function textOfOurs(root: Element, lang: string): string {
  const texts: string[] = [];
  const ours = (element: Element | null) => element?.closest('[lang]')?.getAttribute('lang') === lang;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (ours(node.parentElement)) texts.push(node.textContent ?? '');
  for (const element of [root, ...root.querySelectorAll('*')])
    for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
      if (element.hasAttribute(name) && ours(element)) texts.push(element.getAttribute(name)!);
  return texts.join(' ');
}

/**
 * Run in the page: what of an extension page is cut off (text wider than its box, where the box hides or clips it) or
 * runs past the page's body, each named by its tag, class and first words. Fields, whose text scrolls in them by
 * design, and raw answers (scrolled in their box) are left out.
 */
export function overflowsIn(): string[] {
  const edge = document.body.getBoundingClientRect();
  const found: string[] = [];
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} “${(element.textContent ?? '').trim().slice(0, 40)}”`;
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest('input, select, textarea, pre, option')) continue;
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.position === 'fixed') continue;
    if (box.right > edge.right + 1 || box.left < edge.left - 1) found.push(`${name(element)} runs past the page`);
    // Inline text wraps with its line, and has no box of its own to be cut off by.
    const clips =
      style.display !== 'inline' &&
      (style.overflowX !== 'visible' || ['BUTTON', 'LABEL', 'SUMMARY'].includes(element.tagName));
    if (clips && element.scrollWidth > element.clientWidth + 1) found.push(`${name(element)} is cut off`);
  }
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
    found.push('the page scrolls sideways');
  return found;
}
