import { describe, expect, it } from 'vitest';
import { viewFirstOrder } from '../../utils/page/anchor/view-first';

describe('viewFirstOrder', () => {
  it('keeps the check’s order when the view is at the text’s start', () => {
    expect(viewFirstOrder([undefined, undefined, undefined, undefined], 4000, { start: 0, end: 900 })).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('puts the claims placed in the view first, then the others by their distance from it', () => {
    // Four claims spread over 4,000 characters (estimated at 500, 1,500, 2,500 and 3,500); the view holds the third.
    expect(viewFirstOrder([undefined, undefined, undefined, undefined], 4000, { start: 2000, end: 3000 })).toEqual([
      2, 1, 3, 0,
    ]);
  });

  it('places a claim not located yet between the located claims around it', () => {
    // Claim 1 lies between claim 0 (ending at 100) and claim 2 (starting at 9,000): estimated at 4,550, in the view;
    // claim 3, after claim 2, is estimated at 9,550.
    const placed = [{ start: 50, end: 100 }, undefined, { start: 9000, end: 9100 }, undefined];
    expect(viewFirstOrder(placed, 10_000, { start: 4000, end: 5000 })).toEqual([1, 3]);
    expect(viewFirstOrder(placed, 10_000, { start: 9200, end: 9900 })).toEqual([3, 1]);
  });

  it('lets a claim not found tell nothing of where the others are', () => {
    const placed = [undefined, null, undefined];
    // Without the claim not found, both are spread over the text: 1,000 and 3,000.
    expect(viewFirstOrder(placed, 4000, { start: 2800, end: 3200 })).toEqual([2, 0]);
  });
});
