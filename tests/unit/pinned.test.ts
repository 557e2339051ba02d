// @vitest-environment happy-dom
/** A page's pinned boxes (a sticky header, a fixed bar): which badges they cover, and what of a field they leave. */
import { describe, expect, it } from 'vitest';
import type { Box } from '@/utils/page/clip';
import { coveredByPinned, coveredParts, pointsAcross, uncoveredPart, type Pinned } from '@/utils/page/pinned';

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

describe('coveredParts', () => {
  const field = text;
  const pinned = (at: Box): Pinned => ({ element: document.createElement('div'), box: at });

  it('gives the part of the field under each box that does not hold it, cut to the field', () => {
    const chat = pinned(box(600, 980, 660, 920));
    expect(coveredParts(box(20, 950, 640, 100), field, [chat, ...pinnedHeader])).toEqual([
      box(600, 950, 640, 920),
      box(20, 950, 80, 100),
    ]);
    // A box around the field (a web app's fixed shell) makes no hole; nor does one clear of it.
    const shell: Pinned = { element: document.body, box: box(0, 1000, 800, 0) };
    expect(coveredParts(box(100, 900, 200, 100), field, [shell, pinned(box(300, 900, 400, 100))])).toEqual([]);
  });

  it('merges boxes that overlap into the box around them, so that no two holes overlap', () => {
    const holes = coveredParts(box(0, 1000, 1000, 0), field, [
      pinned(box(100, 200, 200, 100)),
      pinned(box(150, 250, 250, 150)),
      pinned(box(240, 400, 300, 200)),
      pinned(box(500, 600, 600, 500)),
    ]);
    expect(holes).toHaveLength(2);
    expect(holes).toContainEqual(box(100, 400, 300, 100));
    expect(holes).toContainEqual(box(500, 600, 600, 500));
  });
});

describe('pointsAcross', () => {
  it('gives a box’s middle and its corners, 8 px in', () => {
    expect(pointsAcross(box(100, 500, 300, 100))).toEqual([
      { x: 300, y: 200 },
      { x: 108, y: 108 },
      { x: 492, y: 108 },
      { x: 108, y: 292 },
      { x: 492, y: 292 },
    ]);
  });
});
