// @vitest-environment happy-dom
/** Reading a page for a check: main content without menus, footers or hidden text; headline; selection; draft. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPageSnapshot } from '@/utils/page/injected/read-page';

const PAGE = `
  <nav><a href="/">Home</a> <a href="/subscribe">Subscribe</a></nav>
  <header role="banner">Site name</header>
  <main>
    <article>
      <h1>The real headline</h1>
      <p>First paragraph, with <a href="#">a link</a> and <em>emphasis</em>,
         split over source lines.</p>
      <p>Second&nbsp;paragraph with a soft&shy;hyphen.<br>After a break.</p>
      <p style="display:none">Hidden text that must not be sent.</p>
      <div hidden>Also hidden.</div>
      <aside>Related: other stories</aside>
      <p>${'Long enough text to be the main content. '.repeat(6)}</p>
    </article>
  </main>
  <footer>Copyright and cookie notice</footer>
  <textarea id="draft">My draft text.</textarea>
  <button>Sign out</button>`;

beforeEach(() => {
  // Parsed, not assigned to innerHTML: the lint rule against HTML injection holds in tests too.
  const parsed = new DOMParser().parseFromString(
    `<head><title>Title – Site</title><meta property="og:title" content="OG title"></head><body>${PAGE}</body>`,
    'text/html',
  );
  document.head.replaceChildren(...parsed.head.childNodes);
  document.body.replaceChildren(...parsed.body.childNodes);
});

describe('readPageSnapshot', () => {
  it('reads the main content as paragraphs, without menus, footers, asides or hidden text', async () => {
    const { mainText } = await readPageSnapshot(1_000_000);
    expect(mainText).toContain('First paragraph, with a link and emphasis, split over source lines.');
    expect(mainText).toContain('Second paragraph with a softhyphen.\nAfter a break.');
    expect(mainText).not.toMatch(/Home|Subscribe|Site name|Copyright|Related|Hidden|Also hidden|Sign out/);
    expect(mainText.split('\n\n')[0]).toBe('The real headline');
  });

  it('takes the headline from the main h1, then og:title, then the title', async () => {
    expect((await readPageSnapshot(1e6)).headline).toBe('The real headline');
    document.querySelector('h1')!.remove();
    expect((await readPageSnapshot(1e6)).headline).toBe('OG title');
    document.querySelector('meta')!.remove();
    expect((await readPageSnapshot(1e6)).headline).toBe('Title – Site');
  });

  it('reads the selection inside a focused textarea as editable, and the whole draft when nothing is selected', async () => {
    const field = document.querySelector('textarea')!;
    field.focus();
    field.setSelectionRange(3, 8);
    expect(await readPageSnapshot(1e6)).toMatchObject({ selection: 'draft', selectionEditable: true, draft: '' });
    field.setSelectionRange(0, 0);
    expect(await readPageSnapshot(1e6)).toMatchObject({ selection: '', draft: 'My draft text.' });
  });

  it('never reads a password field, even with its text selected', async () => {
    const field = document.createElement('input');
    field.type = 'password';
    field.value = 'hunter2 secret';
    document.body.append(field);
    field.focus();
    field.setSelectionRange(0, 7);
    expect(await readPageSnapshot(1e6)).toMatchObject({ selection: '', draft: '', editing: false });
    field.type = 'text';
    expect(await readPageSnapshot(1e6)).toMatchObject({ selection: 'hunter2' });
  });

  it('reads no main text when none is asked for (a frame read for its focus alone), and the draft all the same', async () => {
    document.querySelector('textarea')!.focus();
    expect(await readPageSnapshot(0)).toMatchObject({ mainText: '', draft: 'My draft text.', editing: true });
  });

  describe('the draft around a focused editable element', () => {
    /** Puts `html` in the page and focuses the element with id `focused`; returns the draft read. */
    async function draftWith(html: string): Promise<string> {
      document.body.replaceChildren(...new DOMParser().parseFromString(html, 'text/html').body.childNodes);
      // No selection left by another file's test (they share a DOM): happy-dom keeps one in nodes removed since.
      getSelection()?.removeAllRanges();
      document.getElementById('focused')!.focus();
      return (await readPageSnapshot(1e6)).draft.replace(/\s+/g, ' ').trim();
    }
    const block = (text: string, id = '') => `<p contenteditable="true" id="${id}">${text}</p>`;

    it('is a block editor’s whole post (its title and every paragraph), up to its landmark, not the note beside it', async () => {
      expect(
        await draftWith(
          `<main><h1 contenteditable="true">Title</h1><div>${block('One.')}${block('Two.', 'focused')}${block('Three.')}</div></main>` +
            `<aside><div contenteditable="true">A note to the editor.</div></aside>`,
        ),
      ).toBe('Title One. Two. Three.');
    });

    it('is the focused box alone where the boxes stand among other text (a forum post and a reply box)', async () => {
      expect(
        await draftWith(
          `<div><h2>Re: the Moon</h2><p>${'The thread’s own text, which is not editable. '.repeat(3)}</p>` +
            `${block('A first reply.')}${block('My reply.', 'focused')}</div>`,
        ),
      ).toBe('My reply.');
    });

    it('is the editing host alone in an editor made of one (its paragraphs inside it)', async () => {
      expect(
        await draftWith(`<section><div contenteditable="true" id="focused"><p>One.</p><p>Two.</p></div></section>`),
      ).toBe('One. Two.');
    });

    it('never takes the body, even when every text in it is editable', async () => {
      expect(await draftWith(`${block('One.')}${block('Two.', 'focused')}`)).toBe('Two.');
    });
  });

  it('reads a web component’s text from its shadow root, not the light children it does not show', async () => {
    // Slots and display: contents need a real layout engine: the e2e tests cover them in Chromium.
    const host = document.createElement('x-story');
    host.append(Object.assign(document.createElement('span'), { textContent: 'Never shown.' }));
    const root = host.attachShadow({ mode: 'open' });
    root.append(Object.assign(document.createElement('p'), { textContent: 'Shadow paragraph.' }));
    document.querySelector('article')!.append(host);
    const { mainText } = await readPageSnapshot(1e6);
    expect(mainText).toContain('Shadow paragraph.');
    expect(mainText).not.toContain('Never shown');
  });

  it('reads a sentence with ruby readings (furigana) without them', async () => {
    const paragraph = new DOMParser().parseFromString(
      '<p><ruby>富士山<rp>(</rp><rt>ふじさん</rt><rp>)</rp></ruby>は<ruby>静岡県<rt>しずおかけん</rt></ruby>にある。</p>',
      'text/html',
    ).body.firstChild!;
    document.querySelector('article')!.append(paragraph);
    const { mainText } = await readPageSnapshot(1e6);
    expect(mainText).toContain('\n富士山は静岡県にある。');
  });

  it('notices a signed-in session by its sign-out control', async () => {
    expect((await readPageSnapshot(1e6)).signedIn).toBe(true);
    document.querySelector('button')!.remove();
    expect((await readPageSnapshot(1e6)).signedIn).toBe(false);
  });

  describe('on a large page', () => {
    afterEach(() => vi.restoreAllMocks());

    it('lets the page run between slices of the read, and reads the same text as at once', async () => {
      const article = document.querySelector('article')!;
      for (let index = 0; index < 400; index++)
        article.append(Object.assign(document.createElement('p'), { textContent: `Paragraph ${index}.` }));
      const whole = (await readPageSnapshot(1e6)).mainText;
      // A clock that moves 5 ms each time it is read: slices end by the count of reads, not by this machine's speed.
      let clock = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
      let pageTurns = 0;
      let reading = true;
      const pageTask = () => {
        pageTurns++;
        if (reading) setImmediate(pageTask);
      };
      setImmediate(pageTask);
      const sliced = await readPageSnapshot(1e6);
      reading = false;
      expect(pageTurns).toBeGreaterThan(3);
      expect(sliced.mainText).toBe(whole);
      expect(sliced.mainText).toContain('Paragraph 0.\n\nParagraph 1.');
      expect(sliced.mainText).toContain('Paragraph 399.');
    });
  });
});
