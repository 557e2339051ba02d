/**
 * The corpus of real pages (../shared/corpus/pages), as the bench and the e2e tests load them. Shared by the anchoring
 * and page-tasks benches and the real-pages e2e test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const CORPUS_DIR = path.resolve('../shared/corpus/pages');

/**
 * The corpus's pages, by file name, in order. Throws when there are none (../shared missing or empty): a test made from
 * each page would otherwise make no test at all, and a green run would prove nothing about real pages.
 */
export function corpusPages(): string[] {
  const pages = existsSync(CORPUS_DIR) ? readdirSync(CORPUS_DIR).filter((file) => file.endsWith('.html')) : [];
  if (!pages.length)
    throw new Error(`No corpus pages in ${CORPUS_DIR}: ../shared/corpus/pages must be beside the repository`);
  return pages.sort();
}

/** A corpus page's HTML, its scripts stripped (as SOURCES.md measured the pages: what they show, not what they run). */
export function corpusHtml(file: string): string {
  return readFileSync(path.join(CORPUS_DIR, file), 'utf8').replace(/<script\b[\s\S]*?<\/script>/gi, '');
}

/**
 * Runs in a corpus page: selects its three longest paragraphs in a row (from the longest one on), and returns the
 * selection's length. A page too long to be checked whole (wikipedia-2) is checked as this selection, whose claims
 * the content script still locates in the whole page. (Runs alone in the page:
 * it uses nothing else of this module.)
 */
export function selectLongestParagraphs(): number {
  const paragraphs = [...document.querySelectorAll('p')].filter((p) => p.checkVisibility());
  const lengthOf = (index: number) => paragraphs[index]!.textContent?.length ?? 0;
  let longest = 0;
  paragraphs.forEach((_, index) => {
    if (lengthOf(index) > lengthOf(longest)) longest = index;
  });
  const first = Math.max(0, Math.min(longest, paragraphs.length - 3));
  const range = document.createRange();
  range.setStartBefore(paragraphs[first]!);
  range.setEndAfter(paragraphs[Math.min(paragraphs.length - 1, first + 2)]!);
  getSelection()!.removeAllRanges();
  getSelection()!.addRange(range);
  return getSelection()!.toString().length;
}
