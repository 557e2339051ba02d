/** The floor of typing in a textarea that something draws over (the as-you-write and typing benches). */
/**
 * The floor for drawing over a textarea at all: the page itself keeps a bare mirror of its text (a div set as the
 * textarea is, the text transparent, one claim highlighted in it), its changed part copied at each input, as any tool
 * that draws highlights over a textarea must (its text has no ranges of its own).
 */
export const BARE_MIRROR_CSS = '::highlight(bench) { background: rgb(255 200 0 / 0.3); }';
export const BARE_MIRROR_SCRIPT = `
  const field = document.querySelector('textarea');
  const style = getComputedStyle(field);
  const mirror = document.createElement('div');
  for (const property of ['font', 'padding', 'border-width', 'box-sizing', 'width', 'height', 'line-height'])
    mirror.style.setProperty(property, style.getPropertyValue(property));
  const box = field.getBoundingClientRect();
  Object.assign(mirror.style, { position: 'absolute', left: box.left + scrollX + 'px', top: box.top + scrollY + 'px',
    whiteSpace: 'pre-wrap', overflowWrap: 'break-word', overflow: 'hidden', color: 'transparent',
    pointerEvents: 'none', borderStyle: 'solid', borderColor: 'transparent' });
  const text = document.createTextNode(field.value);
  mirror.append(text);
  document.body.append(mirror);
  const claim = new Range();
  claim.setStart(text, 0);
  claim.setEnd(text, 80);
  CSS.highlights.set('bench', new Highlight(claim));
  field.addEventListener('input', () => {
    const before = text.data, after = field.value, shortest = Math.min(before.length, after.length);
    let start = 0, end = 0;
    while (start < shortest && before[start] === after[start]) start++;
    while (end < shortest - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
    text.replaceData(start, before.length - start - end, after.slice(start, after.length - end));
    mirror.scrollTop = field.scrollTop;
  });
`;
export const BARE_MIRROR = `<style>${BARE_MIRROR_CSS}</style><script>${BARE_MIRROR_SCRIPT}</script>`;
