// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { htmlToText } from '@/utils/background/api/html-text';

describe('htmlToText', () => {
  it('writes a product copy as lines, its list items marked, and no markup', () => {
    expect(
      htmlToText(
        '<h3>Introducing Lunar lamp</h3><p>A lamp shaped like the Moon.</p><ul><li>Built to last</li><li>Easy to use</li></ul><ol start="3"><li>Plug it in</li><li>Switch it on</li></ol>',
      ),
    ).toBe(
      'Introducing Lunar lamp\nA lamp shaped like the Moon.\n• Built to last\n• Easy to use\n3. Plug it in\n4. Switch it on',
    );
  });

  it('runs nothing it is given, and keeps text that looks like markup as text', () => {
    expect(htmlToText('<img src=x onerror="globalThis.ran = true"><p>&lt;b&gt;bold&lt;/b&gt;</p>')).toBe('<b>bold</b>');
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
  });
});
