/**
 * Golden tests for locating claims, in real Chromium: the expected places are in anchoring-golden.json.
 * They load the anchoring code alone into each page (no extension, no service), as the bench does; so does a test
 * of the badges' placement, with the content script's own Highlighter.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './anchor-fixtures';
import { loadCorpusPage } from '../../bench/anchoring';

interface GoldenClaim {
  variation: string;
  claim: string;
  expect: string | null;
  within?: string;
}
const GOLDEN = JSON.parse(readFileSync('tests/e2e/anchoring-golden.json', 'utf8')) as {
  pages: { page: string; claims: GoldenClaim[] }[];
};

/**
 * The bundle's drawnBadges (see bench/anchor-entry.ts): each span drawn as a claim (among the page's pinned boxes,
 * with `pinned`); its badge's box, and whether it is unseen, in order.
 */
type DrawnBadges = (
  spans: { range: Range; rtl?: boolean }[],
  options?: { pinned?: boolean },
) => (DOMRect & { unseen: boolean })[];

for (const { page: source, claims } of GOLDEN.pages) {
  test(`claims are located where they stand in ${source}`, async ({ page, bundle }) => {
    const [kind, file] = source.split(':') as ['fixture' | 'corpus', string];
    if (kind === 'corpus') await loadCorpusPage(page, file);
    else await page.setContent(readFileSync(path.join('tests/e2e/pages', file), 'utf8'));
    await page.addScriptTag({ content: bundle });
    const found = await page.evaluate((list) => {
      type Api = {
        buildTextModel: (root: Node) => unknown;
        locate: (model: unknown, claim: string, options: unknown) => { start: number; end: number } | null;
        visibilityChecker: (model: unknown) => (start: number, end: number) => boolean;
        rangeFor: (model: unknown, start: number, end: number) => Range | null;
      };
      const api = (window as unknown as { __anchor: Api }).__anchor;
      const model = api.buildTextModel(document.body);
      const isVisible = api.visibilityChecker(model);
      // In the page's order, as the content script looks for them: each after the one before it first.
      let after: number | undefined;
      return list.map(({ claim, within }) => {
        const anchor = api.locate(model, claim, { isVisible, after });
        const range = anchor ? api.rangeFor(model, anchor.start, anchor.end) : null;
        if (!range) return { text: null, inside: null };
        after = anchor!.end;
        const container = within ? document.querySelector(within) : null;
        return {
          text: range
            .toString()
            .replace(/\u00ad/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
          inside: container ? container.contains(range.startContainer) && container.contains(range.endContainer) : null,
        };
      });
    }, claims);
    claims.forEach((golden, index) => {
      const result = found[index]!;
      expect(result.text, `${golden.variation}: ${golden.claim}`).toBe(golden.expect);
      if (golden.within && golden.expect !== null)
        expect(result.inside, `${golden.variation}: inside ${golden.within}`).toBe(true);
    });
  });
}

test('a released Range leaves the page: it no longer follows the text of the page', async ({ page, bundle }) => {
  await page.setContent(
    '<main><p id="kept">The first claim stands here.</p><p id="gone">The second one here.</p></main>',
  );
  await page.addScriptTag({ content: bundle });
  const result = await page.evaluate(() => {
    type Api = {
      buildTextModel: (root: Node) => unknown;
      locate: (model: unknown, claim: string) => { start: number; end: number } | null;
      rangeFor: (model: unknown, start: number, end: number) => Range | null;
      releaseRange: (range: Range) => void;
    };
    const api = (window as unknown as { __anchor: Api }).__anchor;
    const model = api.buildTextModel(document.body);
    const rangeOf = (claim: string) => {
      const anchor = api.locate(model, claim)!;
      return api.rangeFor(model, anchor.start, anchor.end)!;
    };
    const released = rangeOf('The second one here.');
    const live = rangeOf('The first claim stands here.');
    const text = released.toString();
    api.releaseRange(released);
    // Live Ranges in a removed paragraph are moved to its parent: the released one is not the page's any more.
    document.getElementById('gone')!.remove();
    document.getElementById('kept')!.remove();
    return {
      text,
      releasedInPage: released.startContainer.ownerDocument === document || released.startContainer === document,
      liveMovedTo: live.startContainer.nodeName,
    };
  });
  expect(result.text).toBe('The second one here.');
  expect(result.releasedInPage).toBe(false);
  // The control: a Range not released followed the page's change.
  expect(result.liveMovedTo).toBe('MAIN');
});

test('text in shadow trees is located once the model holds their roots; a match never spans two trees, nor takes text that does not show, and text right before hidden text is found', async ({
  page,
  bundle,
}) => {
  await page.setContent(`
    <main>
      <p>The light paragraph ends with these words.</p>
      <x-story><span slot="quote">A slotted quote says the river is 300 kilometres long.</span><span>Not slotted, never shown.</span></x-story>
      <div style="display: contents"><span style="display: contents">Wrapped text is shown even without a box.</span></div>
      <p><span>A sentence right before hidden text is found.</span><span hidden>Hidden note.</span></p>
    </main>
    <script>
      const root = document.querySelector('x-story').attachShadow({ mode: 'open' });
      root.innerHTML = '<p>The shadow paragraph starts here and <em>goes on</em> for a while.</p><slot name="quote">Fallback that is not shown.</slot><x-inner></x-inner>';
      root.querySelector('x-inner').attachShadow({ mode: 'open' }).innerHTML = '<p>A nested tree holds this sentence.</p>';
    </script>`);
  await page.addScriptTag({ content: bundle });
  const results = await page.evaluate(() => {
    type Api = {
      buildTextModel: (root: Node, shadowRoots?: ShadowRoot[]) => unknown;
      shadowRootsIn: (root: Node) => ShadowRoot[];
      locatedText: (model: unknown, claim: string) => string | null;
    };
    const api = (window as unknown as { __anchor: Api }).__anchor;
    const find = api.locatedText;
    const claims = [
      'The shadow paragraph starts here and goes on for a while.',
      'A nested tree holds this sentence.',
      'A slotted quote says the river is 300 kilometres long.',
      'Wrapped text is shown even without a box.',
      'A sentence right before hidden text is found.',
      'these words. The shadow paragraph starts here',
      'Not slotted, never shown.',
      'Fallback that is not shown.',
    ];
    const roots = api.shadowRootsIn(document.body);
    const lightOnly = api.buildTextModel(document.body);
    const withRoots = api.buildTextModel(document.body, roots);
    return {
      roots: roots.length,
      lightOnly: claims.map((claim) => find(lightOnly, claim)),
      withRoots: claims.map((claim) => find(withRoots, claim)),
    };
  });
  expect(results.roots).toBe(2);
  expect(results.lightOnly.slice(0, 2)).toEqual([null, null]);
  expect(results.withRoots).toEqual([
    'The shadow paragraph starts here and goes on for a while.',
    'A nested tree holds this sentence.',
    'A slotted quote says the river is 300 kilometres long.',
    'Wrapped text is shown even without a box.',
    'A sentence right before hidden text is found.',
    null,
    null,
    null,
  ]);
});

test('a sentence read across text its page hides (a formula’s hidden MathML, a collapsed note) is located in a model that leaves hidden text out', async ({
  page,
  bundle,
}) => {
  // As Wikipedia writes a formula: hidden MathML beside the image shown for it.
  await page.setContent(`
    <main>
      <p>A square matrix <span class="math"><span style="display: none"><math><mi>A</mi><annotation>{\\displaystyle A}</annotation></math></span><img alt="A" width="12" height="14"></span> is Hermitian if and only if it is equal to its adjoint.</p>
      <p>The river is 300 kilometres long<span style="visibility: hidden">, citation needed</span> and it floods each spring.</p>
      <details><summary>More</summary><p>A collapsed note is never shown.</p></details>
      <p>Shown <span style="display: contents">through a wrapper</span> without a box of its own.</p>
    </main>`);
  await page.addScriptTag({ content: bundle });
  const results = await page.evaluate(() => {
    type Api = {
      buildTextModel: (root: Node, shadowRoots?: ShadowRoot[], isShown?: (element: Element) => boolean) => unknown;
      isRendered: (element: Element) => boolean;
      locatedText: (model: unknown, claim: string) => string | null;
    };
    const api = (window as unknown as { __anchor: Api }).__anchor;
    const find = api.locatedText;
    const claims = [
      'A square matrix is Hermitian if and only if it is equal to its adjoint.',
      'The river is 300 kilometres long and it floods each spring.',
      'A collapsed note is never shown.',
      'Shown through a wrapper without a box of its own.',
    ];
    const whole = api.buildTextModel(document.body);
    const shownOnly = api.buildTextModel(document.body, [], api.isRendered);
    return {
      whole: claims.map((claim) => find(whole, claim)),
      shownOnly: claims.map((claim) => find(shownOnly, claim)),
    };
  });
  // With the hidden text in, the claims that run across it are not found exactly, or near enough. The formula's is
  // found by its words (its sentence's words are nearly all the claim's), and the river's by its words in their order
  // (the claim is its sentence said shorter), across the hidden text, as below.
  expect(results.whole).toEqual([
    expect.stringMatching(/^A square matrix .*A.* is Hermitian if and only if it is equal to its adjoint\.$/),
    'The river is 300 kilometres long, citation needed and it floods each spring.',
    null,
    'Shown through a wrapper without a box of its own.',
  ]);
  // Left out, they are; their Ranges run across the hidden text, which the highlight does not paint.
  expect(results.shownOnly).toEqual([
    expect.stringMatching(/^A square matrix .*A.* is Hermitian if and only if it is equal to its adjoint\.$/),
    'The river is 300 kilometres long, citation needed and it floods each spring.',
    null,
    'Shown through a wrapper without a box of its own.',
  ]);
});

test('badges of claims that end at the same place, or a few px apart, stand side by side, none over another', async ({
  page,
  bundle,
}) => {
  await page.setContent(
    `<p style="font: 16px/1.6 serif; width: 600px">Neil Armstrong and Buzz Aldrin landed on the Moon on 20 July 1969
    during the Apollo 11 mission. Twelve astronauts walked on the Moon, I think.</p>
    <p dir="rtl" lang="he" style="font: 16px/1.6 serif; width: 600px">הירח נמצא במרחק של כ־384,400 קילומטרים מכדור הארץ.</p>`,
  );
  await page.addScriptTag({ content: bundle });
  const boxes = await page.evaluate(() => {
    const { drawnBadges } = (window as unknown as { __anchor: { drawnBadges: DrawnBadges } }).__anchor;
    const [english, hebrew] = [...document.querySelectorAll('p')].map((p) => p.firstChild as Text);
    const rangeOf = (text: Text, part: string, rtl = false) => {
      const range = document.createRange();
      const start = text.data.indexOf(part);
      range.setStart(text, start);
      range.setEnd(text, start + part.length);
      return { range, rtl };
    };
    const spans = [
      // A sentence, the same sentence given twice, and a claim inside it that ends where it ends.
      rangeOf(
        english!,
        'Neil Armstrong and Buzz Aldrin landed on the Moon on 20 July 1969\n    during the Apollo 11 mission.',
      ),
      rangeOf(
        english!,
        'Neil Armstrong and Buzz Aldrin landed on the Moon on 20 July 1969\n    during the Apollo 11 mission.',
      ),
      rangeOf(english!, 'the Apollo 11 mission.'),
      // Two claims ending a comma and a space apart (less than a badge's width).
      rangeOf(english!, 'Twelve astronauts walked on the Moon'),
      rangeOf(english!, 'Twelve astronauts walked on the Moon, I'),
      // Right-to-left text, twice: side by side to the left.
      rangeOf(hebrew!, 'הירח נמצא במרחק של כ־384,400 קילומטרים מכדור הארץ.', true),
      rangeOf(hebrew!, 'הירח נמצא במרחק של כ־384,400 קילומטרים מכדור הארץ.', true),
    ];
    const badges = drawnBadges(spans);
    return spans.map(({ range, rtl }, id) => {
      // Where the claim ends: its last character's box (in right-to-left text, its line boxes' order is not the eye's).
      const last = range.cloneRange();
      last.setStart(range.endContainer, range.endOffset - 1);
      const line = last.getBoundingClientRect();
      const { left, right, top, bottom } = badges[id]!;
      return { left, right, top, bottom, end: rtl ? line.left : line.right };
    });
  });
  for (const [index, box] of boxes.entries())
    for (const other of boxes.slice(index + 1))
      expect(
        box.right > other.left && box.left < other.right && box.bottom > other.top && box.top < other.bottom,
        `badges ${index} and ${boxes.indexOf(other)} overlap`,
      ).toBe(false);
  // The first of each group stands at its claim's end; the others follow it, in its line's direction.
  type Badge = (typeof boxes)[number];
  const [first, twice, inside, comma, commaAndWord, hebrew, hebrewTwice] = boxes as [
    Badge,
    Badge,
    Badge,
    Badge,
    Badge,
    Badge,
    Badge,
  ];
  expect(Math.abs(first.left - first.end)).toBeLessThanOrEqual(1);
  expect(Math.abs(twice.left - first.right)).toBeLessThanOrEqual(1);
  expect(Math.abs(inside.left - twice.right)).toBeLessThanOrEqual(1);
  expect(Math.abs(comma.left - comma.end)).toBeLessThanOrEqual(1);
  expect(Math.abs(commaAndWord.left - comma.right)).toBeLessThanOrEqual(1);
  expect(Math.abs(hebrew.right - hebrew.end)).toBeLessThanOrEqual(1);
  expect(Math.abs(hebrewTwice.right - hebrew.left)).toBeLessThanOrEqual(1);
});

test('in vertical writing, badges of claims that end at the same place stand one under the other, the first at the claim’s foot', async ({
  page,
  bundle,
}) => {
  await page.setContent(
    `<p lang="ja" style="writing-mode: vertical-rl; font: 18px/1.7 serif; height: 400px">月は地球から平均で約三十八万四千キロメートル離れている。月の直径は三千四百七十四キロメートルである。</p>`,
  );
  await page.addScriptTag({ content: bundle });
  const boxes = await page.evaluate(() => {
    const { drawnBadges } = (window as unknown as { __anchor: { drawnBadges: DrawnBadges } }).__anchor;
    const text = document.querySelector('p')!.firstChild as Text;
    const span = (part: string) => {
      const range = document.createRange();
      const start = text.data.indexOf(part);
      range.setStart(text, start);
      range.setEnd(text, start + part.length);
      return { range };
    };
    // A sentence, given twice, and a claim inside it that ends where it ends.
    const sentence = '月は地球から平均で約三十八万四千キロメートル離れている。';
    const spans = [span(sentence), span(sentence), span('離れている。')];
    const badges = drawnBadges(spans);
    const last = spans[0]!.range.cloneRange();
    last.setStart(last.endContainer, last.endOffset - 1);
    const end = last.getBoundingClientRect();
    return {
      badges: badges.map(({ left, top, bottom }) => ({ left, top, bottom })),
      foot: end.bottom,
      right: end.right,
    };
  });
  type Badge = (typeof boxes.badges)[number];
  const [first, twice, inside] = boxes.badges as [Badge, Badge, Badge];
  expect(Math.abs(first.top - boxes.foot)).toBeLessThanOrEqual(1);
  expect(Math.round(first.left + 17 - boxes.right)).toBe(9);
  expect(Math.abs(twice.top - first.bottom)).toBeLessThanOrEqual(1);
  expect(Math.abs(inside.top - twice.bottom)).toBeLessThanOrEqual(1);
  for (const badge of [twice, inside]) expect(badge.left).toBe(first.left);
});

test('in vertical writing, the badge of a claim whose line runs on under the view’s foot stands at the foot, by its line', async ({
  page,
  bundle,
}) => {
  // Lines 1,400 px long in a 720 px view: the sentence ends about 1,000 px down its line.
  await page.setContent(
    `<!doctype html><p lang="ja" style="writing-mode: vertical-rl; font: 18px/1.7 serif; height: 1400px; margin: 0">${'月は地球から平均で約三十八万四千キロメートル離れている。'.repeat(2)}</p>`,
  );
  await page.addScriptTag({ content: bundle });
  const { badge, claimFoot, lineRight, viewFoot } = await page.evaluate(() => {
    const { drawnBadges } = (window as unknown as { __anchor: { drawnBadges: DrawnBadges } }).__anchor;
    const text = document.querySelector('p')!.firstChild as Text;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, text.data.length);
    const [badge] = drawnBadges([{ range }]);
    const last = [...range.getClientRects()].at(-1)!;
    return {
      badge: { top: badge!.top, bottom: badge!.bottom, left: badge!.left },
      claimFoot: last.bottom,
      lineRight: last.right,
      viewFoot: document.documentElement.clientHeight,
    };
  });
  expect(claimFoot).toBeGreaterThan(viewFoot + 100);
  // Before, it stood at the claim's foot, out of the view.
  expect(Math.round(badge.bottom)).toBe(viewFoot);
  expect(Math.round(badge.left + 17 - lineRight)).toBe(9);
});

test('badges of a claim given twice that ends at the view’s right edge stand side by side within the view', async ({
  page,
  bundle,
}) => {
  await page.setViewportSize({ width: 400, height: 300 });
  await page.setContent(
    `<body style="margin: 0"><p style="margin: 40px 0; text-align: right; font: 16px/1.6 serif">The far side of the Moon never receives sunlight.</p></body>`,
  );
  await page.addScriptTag({ content: bundle });
  const boxes = await page.evaluate(() => {
    const { drawnBadges } = (window as unknown as { __anchor: { drawnBadges: DrawnBadges } }).__anchor;
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('p')!.firstChild!);
    return drawnBadges([{ range }, { range }]);
  });
  const [first, second] = [boxes[0]!, boxes[1]!];
  // The first is moved in from the edge (see the flush-right tests); the second, with no room past it, stands before it.
  expect(Math.round(first.right)).toBe(400);
  expect(Math.round(second.right)).toBe(Math.round(first.left));
  expect(second.left).toBeGreaterThanOrEqual(0);
});

test('a badge set apart onto one of the page’s fixed boxes is hidden, as a badge placed over it is', async ({
  page,
  bundle,
}) => {
  await page.setViewportSize({ width: 800, height: 300 });
  await page.setContent(
    `<body style="margin: 0"><p style="margin: 40px 20px; font: 16px/1.6 serif"><span>The far side of the Moon never receives sunlight.</span></p>
    <div id="fixed" style="position: fixed; top: 0; width: 200px; height: 120px; background: #36c"></div></body>`,
  );
  // The fixed box starts just past the claim's first badge (17 px wide, at the claim's end): the second badge,
  // set apart from the first, would stand over it.
  await page.evaluate(() => {
    const end = document.querySelector('span')!.getBoundingClientRect().right;
    document.getElementById('fixed')!.style.left = `${Math.ceil(end) + 18}px`;
  });
  await page.addScriptTag({ content: bundle });
  const badges = await page.evaluate(() => {
    const { drawnBadges } = (window as unknown as { __anchor: { drawnBadges: DrawnBadges } }).__anchor;
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('span')!.firstChild!);
    return drawnBadges([{ range }, { range }], { pinned: true });
  });
  expect(badges.map((badge) => badge.unseen)).toEqual([false, true]);
});
