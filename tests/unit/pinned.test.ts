// @vitest-environment happy-dom
/** A page's pinned boxes (a sticky header, a fixed bar): which badges they cover, and what of a field they leave. */
import { describe, expect, it } from 'vitest';
import type { Box } from '@/utils/page/clip';
import { coveredByPinned, uncoveredPart, type Pinned } from '@/utils/page/pinned';

const box = (top: number, right: number, bottom: number, left: number): Box => ({ top, right, bottom, left });

document.body.innerHTML = '<header><p id="in-header">Breaking</p></header><main><p id="text">Text</p></main>';
const header = document.querySelector('header')!;
const inHeader = document.getElementById('in-header')!;
const text = document.getElementById('text')!;
/** A header 80 px high across a view 1000 px wide. */
const pinnedHeader: Pinned[] = [{ element: header, box: box(0, 1000, 80, 0) }];

describe('coveredByPinned', () => {
  it('covers a badge that overlaps the header, by as little as a pixel', () => {
    expect(coveredByPinned(box(40, 517, 57, 500), text, pinnedHeader)).toBe(true);
    expect(coveredByPinned(box(79, 517, 96, 500), text, pinnedHeader)).toBe(true);
  });

  it('leaves a badge clear of it, or one of a claim in the header itself', () => {
    expect(coveredByPinned(box(80, 517, 97, 500), text, pinnedHeader)).toBe(false);
    expect(coveredByPinned(box(40, 517, 57, 500), inHeader, pinnedHeader)).toBe(false);
    expect(coveredByPinned(box(40, 517, 57, 500), text, [])).toBe(false);
  });
});

describe('uncoveredPart', () => {
  const field = text;

  it('cuts a field’s view below a header and above a bottom bar that span it', () => {
    const bar: Pinned = { element: document.createElement('div'), box: box(640, 1000, 700, 0) };
    expect(uncoveredPart(box(20, 900, 680, 100), field, [...pinnedHeader, bar])).toEqual(box(80, 900, 640, 100));
  });

  it('leaves nothing of a field wholly under the header', () => {
    const cut = uncoveredPart(box(10, 900, 60, 100), field, pinnedHeader);
    expect(cut.bottom - cut.top).toBe(0);
  });

  it('copies the sides of a DOMRect, whose sides are getters', () => {
    expect(uncoveredPart(new DOMRect(100, 20, 800, 660), field, pinnedHeader)).toEqual(box(80, 900, 680, 100));
  });

  it('leaves the field as it is for a box that covers only part of its edge, or holds the field', () => {
    const button: Pinned = { element: document.createElement('div'), box: box(0, 950, 80, 850) };
    expect(uncoveredPart(box(20, 900, 680, 100), field, [button])).toEqual(box(20, 900, 680, 100));
    const shell: Pinned = { element: document.querySelector('main')!, box: box(0, 1000, 700, 0) };
    expect(uncoveredPart(box(20, 900, 680, 100), field, [shell])).toEqual(box(20, 900, 680, 100));
  });
});
