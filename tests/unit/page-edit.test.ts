// @vitest-environment happy-dom
/** Telling what became of an edit in an editor: written where it was meant to go, refused, or written elsewhere. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editOutcome, textReplacing } from '@/utils/page/injected/replace-selection';

let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  host.append(
    'The far side of the Moon ',
    Object.assign(document.createElement('strong'), { textContent: 'never' }),
    ' sees the Sun.',
  );
  document.body.replaceChildren(host);
});

/** A Range over `words` in the host's text (which lie in one text node). */
function rangeOver(words: string): Range {
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const at = node.data.indexOf(words);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + words.length);
    return range;
  }
  throw new Error(`no text node holds “${words}”`);
}

describe('textReplacing', () => {
  it('is the host’s text with the range’s text replaced, across the host’s elements', () => {
    expect(textReplacing(host, rangeOver('sees the Sun'), 'is lit as often')).toBe(
      'The far side of the Moon never is lit as often.',
    );
  });
});

describe('editOutcome', () => {
  const before = () => host.textContent!;

  it('is done when the text reads as expected, at once or once the editor has written it (after a task)', async () => {
    const original = before();
    const expected = textReplacing(host, rangeOver('sees the Sun'), 'is lit');
    setTimeout(() => (host.lastChild as Text).replaceData(1, 12, 'is lit'), 20);
    await expect(editOutcome(host, original, expected)).resolves.toBe('done');
  });

  it('is done when the editor wrote the quotes, dashes and dots curly, and spaces as nbsp', async () => {
    const original = before();
    const expected = textReplacing(host, rangeOver('sees the Sun'), 'sees the "Sun" -- or... not');
    (host.lastChild as Text).data = ' sees the\u00a0\u201cSun\u201d \u2014 or\u2026 not.';
    await expect(editOutcome(host, original, expected)).resolves.toBe('done');
  });

  // Its waits for an editor's last step (seconds in all), run at once.
  afterEach(() => vi.useRealTimers());
  it('is unchanged when the editor put its own text back, and elsewhere when it wrote somewhere else', async () => {
    vi.useFakeTimers();
    const original = before();
    const expected = textReplacing(host, rangeOver('sees the Sun'), 'is lit');
    const unchanged = editOutcome(host, original, expected);
    await vi.runAllTimersAsync();
    await expect(unchanged).resolves.toBe('unchanged');
    host.prepend('is lit');
    const elsewhere = editOutcome(host, original, expected);
    await vi.runAllTimersAsync();
    await expect(elsewhere).resolves.toBe('elsewhere');
  });
});
