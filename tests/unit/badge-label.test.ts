/** A badge's accessible name: the verdict and the claim, shortened whole characters at a time. */
import { describe, expect, it } from 'vitest';
import { badgeLabel } from '@/utils/page/badge-label';

describe('badgeLabel', () => {
  it('names the verdict and the claim, ending it with one full stop', () => {
    expect(badgeLabel('False', 'The Moon is far.')).toBe('False: The Moon is far. Show details');
    expect(badgeLabel('True', 'The Moon is far')).toBe('True: The Moon is far. Show details');
  });

  it('shortens a long claim to 57 characters and an ellipsis', () => {
    const label = badgeLabel('False', 'a'.repeat(100));
    expect(label).toBe(`False: ${'a'.repeat(57)}… Show details`);
  });

  it('never cuts a character beyond the BMP in half', () => {
    // 𠮷 (U+20BB7) is two UTF-16 units; placed so that the 57th unit is its first half.
    const claim = `${'吉'.repeat(56)}𠮷${'吉'.repeat(20)}`;
    const label = badgeLabel('False', claim);
    expect(label).toBe(`False: ${'吉'.repeat(56)}… Show details`);
    expect(label).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
