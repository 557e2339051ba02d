/** A long claim found by its first and last words: the head matched, then the tail after it in the same block. */
import { exactAll, type Match } from './exact';
import { fuzzyFind } from './fuzzy';

/** Claims longer than this are matched by head and tail when they do not match whole. */
export const HEAD_TAIL_FROM = 160;
const HEAD_TAIL_LENGTH = 60;

/**
 * Matches of a long claim's first HEAD_TAIL_LENGTH characters followed, within its length and a third in the same
 * block, by its last ones; yielded as they are found, so that the search stops at the first one the caller takes.
 */
export function* headTailFind(text: string, pattern: string, after: number): Generator<Match> {
  if (pattern.length < HEAD_TAIL_FROM) return;
  const head = pattern.slice(0, HEAD_TAIL_LENGTH);
  const tail = pattern.slice(-HEAD_TAIL_LENGTH);
  for (const headMatch of [...exactAll(text, head, after), ...fuzzyFind(text, head, after)]) {
    const limit = headMatch.start + Math.ceil(pattern.length * 1.35);
    const region = text.slice(headMatch.start, limit);
    const blockEnd = region.indexOf('\n');
    const searchable = blockEnd >= 0 ? region.slice(0, blockEnd) : region;
    const tailMatches = [...exactAll(searchable, tail, 0), ...fuzzyFind(searchable, tail, 0)];
    const tailMatch = tailMatches.find((match) => match.end >= head.length);
    if (!tailMatch) continue;
    const end = headMatch.start + tailMatch.end;
    if (end - headMatch.start < pattern.length * 0.65) continue;
    yield { start: headMatch.start, end, similarity: Math.min(headMatch.similarity, tailMatch.similarity) };
  }
}
