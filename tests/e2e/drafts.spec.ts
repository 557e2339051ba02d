/**
 * Drafts: a plain textarea, a contenteditable and a React-controlled textarea. Claims are highlighted in
 * the draft, a correction is applied from the card (through the editing path, so that one Ctrl+Z
 * restores the original), and a claim whose text the user changed goes stale and cannot be applied.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import {
  checkDraft,
  checkRichEditor,
  clickApply,
  clickArmed,
  contrastRatio,
  expect,
  expectWithinRaceWindow,
  RACE_WINDOW_MS,
  stretchDelay,
  richEditors,
  type TestFixtures,
  highlightedTexts,
  inLanguage,
  overlayBadges as badges,
  overlayCard as card,
  shownPixels,
  test,
} from './fixtures';
import { pageCheckerRuns, pageCheckerSettled } from './page-checker-state';

/** How many badges show: rendered, and not faded out (a badge placed roughly is there for the tab order alone). */
const shownBadges = (page: Page) =>
  badges(page).evaluateAll((all) => all.filter((badge) => badge.checkVisibility({ opacityProperty: true })).length);

/** As clickApply, and the card says the correction was applied, offering to undo it; then the card is closed. */
async function applyCorrection(page: Page, label: RegExp, where: Page | FrameLocator = page): Promise<string> {
  const correction = await clickApply(page, label, where);
  await expect(card(where).getByRole('status'))
    .toHaveText(/^Correction applied\./, { timeout: 3000 })
    .catch(async (error: unknown) => {
      throw new Error(`the card did not say it was applied: “${await card(where).getByRole('status').innerText()}”`, {
        cause: error,
      });
    });
  await expect(card(where).getByRole('button', { name: 'Undo correction' })).toBeVisible();
  await card(where).getByRole('button', { name: 'Close' }).click();
  await expect(card(where)).toHaveCount(0);
  return correction;
}

/** The user writes `edited` in the checked field, and checks the draft again from the popup. */
async function checkEditedDraftAgain(page: Page, popup: Page, field: Locator, edited: string): Promise<void> {
  await page.bringToFront();
  await field.fill(edited);
  await field.focus();
  await popup.bringToFront();
  await popup.reload();
  await popup.getByRole('button', { name: 'Check draft' }).click();
}

/**
 * The mirror that holds a text field's highlights sits exactly over the field (read until it does: after a check of
 * another field in the page, the badges counted may still be that field's, and the new mirror not shown yet).
 */
async function expectMirrorOver(page: Page, field: Locator): Promise<void> {
  const box = await field.boundingBox();
  await expect.poll(() => page.locator('factlens-overlay .mirror').boundingBox()).toEqual(box);
}

/** One Ctrl+Z in a contenteditable editor brings its text back (its whitespace as the browser writes it). */
async function undoRestoresEditor(editor: Locator, original: string): Promise<void> {
  await editor.press('Control+z');
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  await expect.poll(async () => words(await editor.innerText())).toBe(words(original));
}

/**
 * How far the mirror's letters stand on the field's own, in the field's text box (inside its borders and scroll
 * bars): the field's letters as the screen shows them with the overlay out of the way, then the mirror's alone
 * (drawn in black, the field's letters made transparent, the highlights and badges off); the share of the pixels
 * dark in either that are dark in both (1: the same letters at the same places). It leaves the page so changed.
 */
async function mirrorInkOverlap(page: Page, field: Locator): Promise<number> {
  const clip = await field.evaluate((element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [Math.ceil(box.left + element.clientLeft), Math.ceil(box.top + element.clientTop)];
    return { x, y, width: element.clientWidth - 1, height: element.clientHeight - 1 };
  });
  const ink = (pixels: number[][]) => pixels.map(([red = 0, green = 0, blue = 0]) => red + green + blue < 384);
  await page.evaluate(() => {
    const overlay = document.querySelector('factlens-overlay')!.shadowRoot!;
    overlay.querySelector<HTMLElement>('.mirrors')!.style.visibility = 'hidden';
    overlay.querySelector<HTMLElement>('.badges')!.style.display = 'none';
  });
  const fieldInk = ink(await shownPixels(page, clip));
  await field.evaluate((element: HTMLElement) => {
    element.style.color = 'transparent';
    CSS.highlights.clear();
    const overlay = document.querySelector('factlens-overlay')!.shadowRoot!;
    overlay.querySelector<HTMLElement>('.mirrors')!.style.visibility = '';
    overlay.querySelector<HTMLElement>('.mirror')!.style.setProperty('color', 'black', 'important');
  });
  const mirrorInk = ink(await shownPixels(page, clip));
  const both = fieldInk.filter((dark, index) => dark && mirrorInk[index]).length;
  const either = fieldInk.filter((dark, index) => dark || mirrorInk[index]).length;
  return both / either;
}

test('plain textarea: highlighted through a mirror; apply writes the correction; one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  await expectMirrorOver(page, field);
  const highlighted = await highlightedTexts(page, ['refuted']);
  expect(highlighted.length).toBeGreaterThan(0);
  for (const text of highlighted) expect(original).toContain(text);
  await page.screenshot({ path: 'artifacts/e2e-textarea-draft.png' });

  const claim = highlighted[0]!;
  const correction = await applyCorrection(page, /^False: /);
  await expect(field).toHaveValue(original.replace(claim, correction));
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
  // The claim is drawn with its verdict again (not as changed since the check), and its correction can be applied again.
  await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([claim]);
  await applyCorrection(page, /^False: /);
  await expect(field).toHaveValue(original.replace(claim, correction));
});

test('two corrections applied in a textarea: each Ctrl+Z takes back one, the last first, and its claim is drawn again', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  const [first, second] = await highlightedTexts(page, ['refuted', 'mixed']);
  expect(second).toBeDefined();
  const label = (claim: string) => new RegExp(`^(False|Partly true): ${claim.slice(0, 20)}`);
  const firstCorrection = await applyCorrection(page, label(first!));
  const secondCorrection = await applyCorrection(page, label(second!));
  const afterFirst = original.replace(first!, firstCorrection);
  await expect(field).toHaveValue(afterFirst.replace(second!, secondCorrection));
  // Neither corrected claim is drawn; the two others are.
  await expect.poll(() => highlightedTexts(page)).toHaveLength(2);
  await field.press('Control+z');
  await expect(field).toHaveValue(afterFirst);
  await expect.poll(() => highlightedTexts(page)).toContain(second);
  expect(await highlightedTexts(page)).not.toContain(first);
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
  await expect.poll(() => highlightedTexts(page)).toHaveLength(4);
});

test('two corrections applied in a contenteditable: each Ctrl+Z takes back one, the last first, and its claim is drawn again', async ({
  checkDraftOn,
}) => {
  const paragraphs = [
    'This month we look up. The Great Wall of China is visible from the Moon with the naked eye.',
    'Marie Curie won the Nobel Prize in Physics in 1904.',
    'Twelve astronauts walked on the Moon between 1969 and 1972.',
  ];
  const { page, field } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, (editor) =>
    editor.evaluate((element, texts) => {
      element.replaceChildren(
        ...texts.map((text) => Object.assign(document.createElement('p'), { textContent: text })),
      );
    }, paragraphs),
  );
  const original = paragraphs.join('\n\n');
  const text = () => field.innerText();
  expect(await text()).toBe(original);
  const [first, second] = [
    'The Great Wall of China is visible from the Moon with the naked eye.',
    'Marie Curie won the Nobel Prize in Physics in 1904.',
  ];
  expect((await highlightedTexts(page, ['refuted'])).sort()).toEqual([first, second].sort());
  const firstCorrection = await applyCorrection(page, /^False: The Great Wall/);
  const secondCorrection = await applyCorrection(page, /^False: Marie Curie/);
  const afterFirst = original.replace(first, firstCorrection);
  await expect.poll(text).toBe(afterFirst.replace(second, secondCorrection));
  // Neither corrected claim is drawn; the third is.
  await expect.poll(() => highlightedTexts(page)).toEqual([paragraphs[2]]);
  await field.press('Control+z');
  await expect.poll(text).toBe(afterFirst);
  await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([second]);
  await field.press('Control+z');
  await expect.poll(text).toBe(original);
  await expect.poll(async () => (await highlightedTexts(page, ['refuted'])).sort()).toEqual([first, second].sort());
  expect(await highlightedTexts(page, ['stale'])).toEqual([]);
  // Taken back, each can be applied again.
  await applyCorrection(page, /^False: The Great Wall/);
  await expect.poll(text).toBe(afterFirst);
});

test('a second draft in the same page, checked after the first: its claims are drawn over it, not over the first (the content script stays in the page from one check to the next)', async ({
  checkDraftOn,
}) => {
  const { page, popup, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  await expectMirrorOver(page, field);
  // Another draft below the first, as a page with a comment box under its post has.
  await page.evaluate(() => {
    const first = document.querySelector('textarea')!;
    const second = first.cloneNode(true) as HTMLTextAreaElement;
    second.id = 'second';
    second.value = first.value;
    first.after(second);
  });
  const second = page.locator('#second');
  await second.click();
  await popup.bringToFront();
  await checkDraft(page, popup, 4);
  await expectMirrorOver(page, second);
});

test('a textarea in a dark theme: its claims are highlighted in the colours made for a dark ground, the false one’s underline standing out from the field', async ({
  checkDraftOn,
}) => {
  const { page } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
    textarea.evaluate((element) =>
      Object.assign((element as HTMLElement).style, { background: '#1e1e1e', color: '#ddd' }),
    ),
  );
  const [claim] = await highlightedTexts(page, ['refuted'], { ground: 'dark' });
  expect(claim).toBeTruthy();
  expect(await highlightedTexts(page, undefined, { ground: 'light' })).toEqual([]);
  // Its underline, in the mirror over the field, as the screen shows it: the field's letters made transparent (after
  // the draw, which read their colour) and the badges out of the way, so that what stands out is the highlight.
  const line = await page.evaluate(() => {
    (document.querySelector('textarea') as HTMLElement).style.color = 'transparent';
    const overlay = document.querySelector('factlens-overlay')!.shadowRoot!;
    (overlay.querySelector('.badges') as HTMLElement).style.display = 'none';
    const range = [...(CSS.highlights.get('factlens-refuted-on-dark') ?? [])][0] as Range;
    const { left, top, width, height } = range.getClientRects()[0]!;
    return { x: Math.ceil(left), y: Math.ceil(top), width: Math.floor(width) - 4, height: Math.floor(height) + 3 };
  });
  const contrasts = (await shownPixels(page, line)).map((pixel) => contrastRatio(pixel, [30, 30, 30]));
  expect(contrasts.filter((contrast) => contrast >= 3).length).toBeGreaterThan(line.width);
  expect(Math.max(...contrasts)).toBeGreaterThanOrEqual(4.5);
});

test('a one-line input (a post’s title), higher than its line, whose text overflows it: highlighted on its line; the badge stands at the end of what shows of the claim, inside the field, as it scrolls sideways; apply, and one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  const claim =
    'Espresso has more caffeine per serving than drip coffee, which is why a single shot keeps you up all night.';
  const { page, field } = await checkDraftOn('draft-textarea.html', '#title', 1, (input) =>
    input.evaluate((element, text) => {
      // Higher than its line, as styled fields often are: the field sets its line in its middle.
      Object.assign(element.style, { width: '24em', height: '64px', lineHeight: 'normal' });
      (element as HTMLInputElement).value =
        `Why we drink it. ${text} And why we keep drinking it, day after day, cup after cup, year after year.`;
    }, claim),
  );
  await expectMirrorOver(page, field);
  expect(await highlightedTexts(page, ['refuted'])).toEqual([claim]);
  const fieldBox = (await field.boundingBox())!;
  // The highlight stands on the field's own line of text: the middle of its band is the middle of the text's glyphs,
  // as the screen shows them (the black pixels inside the field; the highlight and its underline are red).
  const inside = { x: fieldBox.x + 4, y: fieldBox.y + 4, width: fieldBox.width - 8, height: fieldBox.height - 8 };
  const glyphRows = (await shownPixels(page, inside)).flatMap(([red = 0, green = 0, blue = 0], index) =>
    red < 90 && green < 90 && blue < 90 ? [Math.floor(index / inside.width)] : [],
  );
  const glyphs = { top: inside.y + glyphRows[0]!, bottom: inside.y + glyphRows.at(-1)! + 1 };
  const band = await page.evaluate(
    () => ([...CSS.highlights.get('factlens-refuted')!][0] as Range).getClientRects()[0]!.toJSON() as DOMRect,
  );
  expect(Math.abs((glyphs.top + glyphs.bottom) / 2 - (band.top + band.bottom) / 2)).toBeLessThanOrEqual(3);
  const fieldRight = fieldBox.x + fieldBox.width;
  /** Where the claim ends in the mirror, which scrolls with the field; and the badge's box, if it shows. */
  const measure = () =>
    page.evaluate(() => {
      const range = [...CSS.highlights.get('factlens-refuted')!][0] as Range;
      const badge = document.querySelector('factlens-overlay')!.shadowRoot!.querySelector<HTMLElement>('.badge')!;
      const shows = badge.checkVisibility({ opacityProperty: true });
      return {
        claimEnd: [...range.getClientRects()].at(-1)!.right,
        badge: shows ? (badge.getBoundingClientRect().toJSON() as DOMRect) : null,
      };
    });
  // At the field's start, the claim runs on past its right edge: the badge stands at that edge, inside the field.
  await field.evaluate((input) => (input.scrollLeft = 0));
  await expect.poll(async () => (await measure()).badge?.right).toBeLessThanOrEqual(fieldRight);
  expect((await measure()).claimEnd).toBeGreaterThan(fieldRight);
  expect((await measure()).badge!.right).toBeGreaterThan(fieldRight - 30);
  // Scrolled until the claim ends in the field's middle: the badge stands at its end.
  await field.evaluate(
    (input, by) => (input.scrollLeft += by),
    (await measure()).claimEnd - (fieldBox.x + fieldBox.width / 2),
  );
  await expect
    .poll(async () => {
      const { claimEnd, badge } = await measure();
      return badge ? Math.abs(badge.left - claimEnd) <= 1 : false;
    })
    .toBe(true);
  // Scrolled to the field's end, past the whole claim: no badge shows.
  await field.evaluate((input) => (input.scrollLeft = input.scrollWidth));
  await expect.poll(async () => (await measure()).badge).toBeNull();

  // Back at its start, the claim's badge at the field's edge opens its card.
  await field.evaluate((input) => (input.scrollLeft = 0));
  await expect.poll(async () => (await measure()).badge).not.toBeNull();
  const original = await field.inputValue();
  const correction = await applyCorrection(page, /^False: /);
  await expect(field).toHaveValue(original.replace(claim, correction));
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
});

for (const { zoomed, css } of [
  { zoomed: 'its body zoomed to 0.8 (as some sites set)', css: 'body { zoom: 0.8; }' },
  { zoomed: 'its root zoomed to 1.25', css: 'html { zoom: 1.25; }' },
])
  test(`a textarea on a page with ${zoomed}: its mirror sits over it and lays its text out as it does`, async ({
    checkDraftOn,
  }) => {
    // A short field, so that its text overflows it: its scroll height is then the height of its text.
    const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, async (textarea) => {
      await textarea.page().addStyleTag({ content: css });
      await textarea.evaluate((element) => (element.style.height = '4em'));
    });
    await expectMirrorOver(page, field);
    // The same text size and line height on screen, and as many lines of it: in client px, zoom included.
    const looks = (element: Element) => {
      const zoom = (element as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1;
      const style = getComputedStyle(element);
      return [parseFloat(style.fontSize), parseFloat(style.lineHeight), element.scrollHeight].map((px) =>
        Math.round(px * zoom),
      );
    };
    expect(await page.locator('factlens-overlay .mirror').evaluate(looks)).toEqual(await field.evaluate(looks));
  });

for (const { wrapping, css } of [
  {
    wrapping: 'does not wrap its lines (white-space: pre, as code and log fields do)',
    css: 'white-space: pre; width: 17em',
  },
  { wrapping: 'breaks its lines anywhere (word-break: break-all)', css: 'word-break: break-all; width: 17em' },
])
  test(`a textarea that ${wrapping}: its mirror lays its text out as it does, so the highlights stand on their words`, async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
      textarea.evaluate((element, style) => (element.style.cssText += `; ${style}`), css),
    );
    await expectMirrorOver(page, field);
    // As many lines, and as wide: wider than the box when it does not wrap (the mirror pads, rather than shows, the
    // field's scrollbar, so their widths past the text differ by that).
    const layout = (element: Element) => [element.scrollHeight, element.scrollWidth > element.clientWidth];
    expect(await page.locator('factlens-overlay .mirror').evaluate(layout)).toEqual(await field.evaluate(layout));
  });

test('a textarea with dir="auto" sets each paragraph in its own direction: its mirror does too, a Hebrew paragraph at the right', async ({
  checkDraftOn,
}) => {
  // dir="auto" gives a textarea `unicode-bidi: plaintext`: the first letter of each paragraph sets its direction.
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
    textarea.evaluate((element: HTMLTextAreaElement) => {
      element.dir = 'auto';
      element.value += '\nהירח רחוק מכדור הארץ.';
    }),
  );
  await expectMirrorOver(page, field);
  const { lineRight, contentRight } = await page.locator('factlens-overlay .mirror').evaluate((mirror) => {
    const text = mirror.firstChild as Text;
    const line = document.createRange();
    line.setStart(text, text.data.lastIndexOf('\n') + 1);
    line.setEnd(text, text.data.length);
    const style = getComputedStyle(mirror);
    return {
      lineRight: line.getBoundingClientRect().right,
      contentRight:
        mirror.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth),
    };
  });
  expect(Math.abs(contentRight - lineRight)).toBeLessThan(2);
});

test('a textarea in another language than its page’s: its mirror sets its text in the field’s language (Greek upper-cased drops its accents), so the highlights stand on their words', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
    textarea.evaluate((element: HTMLTextAreaElement) => {
      element.lang = 'el';
      element.style.cssText += '; text-transform: uppercase; white-space: pre; font-family: serif';
      element.value += `\n${'άέήίόύώ καλημέρα '.repeat(30)}`;
    }),
  );
  await expectMirrorOver(page, field);
  const mirror = page.locator('factlens-overlay .mirror');
  expect(await inLanguage(mirror, 'el')).toBe(true);
  // As wide as the field's own text, which runs past its box (the mirror's is 8 px wider: its end padding is in it).
  // Set as English, the capitals keep their accents: 270 px wider.
  const width = (element: Element) => element.scrollWidth;
  expect(Math.abs((await mirror.evaluate(width)) - (await field.evaluate(width)))).toBeLessThan(20);
});

test.describe(() => {
  // A scroll bar across the field's foot, as a user's browser shows it (see showScrollBars).
  test.use({ showScrollBars: true });

  test('a textarea set in vertical lines, narrowed and scrolled across: its mirror still sets the text as the field does, letter on letter', async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
      textarea.evaluate((element: HTMLElement) => {
        Object.assign(element.style, { writingMode: 'vertical-rl', color: 'black' });
      }),
    );
    // Narrowed: its lines run past its left side, and a scroll bar across its foot shortens them (the mirror, which
    // has none, pads as much); scrolled to the last line (leftwards, as vertical-rl text runs).
    const scrollbar = await field.evaluate((element: HTMLTextAreaElement) => {
      element.style.width = '200px';
      element.scrollLeft = -element.scrollWidth;
      return element.offsetHeight - element.clientHeight;
    });
    await expect
      .poll(async () => page.locator('factlens-overlay .mirror').boundingBox())
      .toEqual(await field.boundingBox());
    const fieldHandle = await field.elementHandle();
    await expect
      .poll(() =>
        page
          .locator('factlens-overlay .mirror')
          .evaluate((mirror, field) => field!.scrollLeft < 0 && mirror.scrollLeft === field!.scrollLeft, fieldHandle),
      )
      .toBe(true);
    const overlap = await mirrorInkOverlap(page, field);
    await page.screenshot({ path: 'artifacts/e2e-vertical-textarea.png' });
    expect({ scrollbar: scrollbar > 2, overlap: overlap > 0.9 }).toEqual({ scrollbar: true, overlap: true });
  });
});

test('after Apply, the card’s Next and Previous go to the claims on either side of the one corrected', async ({
  checkDraftOn,
}) => {
  const { page } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const claimText = card(page).locator('.claim');
  await clickApply(page, /^False: Espresso/);
  await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
  await card(page).getByRole('button', { name: 'Next' }).click();
  await expect(claimText).toHaveText(/^People in Finland/);
  await card(page).getByRole('button', { name: 'Previous' }).click();
  await expect(claimText).toHaveText(/^Brazil produces/);
});

test('a textarea resized by its handle: its mirror follows, and its badges stand at their claims in it', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const box = (await field.boundingBox())!;
  // The handle at the bottom right corner, dragged 360 px to the left and 80 px down: the text wraps anew.
  await page.mouse.move(box.x + box.width - 4, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 364, box.y + box.height + 76, { steps: 5 });
  await page.mouse.up();
  const resized = (await field.boundingBox())!;
  expect(resized.width).toBeLessThan(box.width - 300);
  await expect.poll(async () => page.locator('factlens-overlay .mirror').boundingBox()).toEqual(resized);
  for (const badge of await badges(page).all()) {
    const at = (await badge.boundingBox())!;
    expect(at.x + at.width).toBeLessThan(resized.x + resized.width);
  }
});

test('a textarea in a modal dialog (a compose box): highlighted above the dialog, corrected, and one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
    textarea.evaluate((element) => {
      const dialog = document.createElement('dialog');
      // Its shadow drawn as a filter, its corners rounded by a clip-path: both leave the card as it is, and
      // Apply still works.
      dialog.style.filter = 'drop-shadow(0 8px 24px rgba(0, 0, 0, 0.35))';
      dialog.style.clipPath = 'inset(0 round 12px)';
      dialog.append(element);
      document.body.append(dialog);
      dialog.showModal();
    }),
  );
  const original = await field.inputValue();
  await expectMirrorOver(page, field);
  expect(await shownBadges(page)).toBe(4);
  // The card stands within the dialog's box, which would clip (and scroll) what overflows it.
  await page
    .getByRole('button', { name: /^False: / })
    .first()
    .click();
  const dialogBox = (await page.locator('dialog').boundingBox())!;
  const cardBox = (await card(page).boundingBox())!;
  expect(cardBox.x).toBeGreaterThanOrEqual(dialogBox.x);
  expect(cardBox.y).toBeGreaterThanOrEqual(dialogBox.y);
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  const claim = (await highlightedTexts(page, ['refuted']))[0]!;
  const correction = await applyCorrection(page, /^False: /);
  await expect(field).toHaveValue(original.replace(claim, correction));
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
  expect(await page.evaluate(() => document.querySelector('dialog')!.open)).toBe(true);
});

test('a claim out of its text field’s view has a hidden badge, which keeps its verdict and label', async ({
  checkDraftOn,
}) => {
  // A short field, scrolled to its end: the first claims are out of its view when the check draws them.
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
    textarea.evaluate((element) => {
      element.style.height = '4.5em';
      element.scrollTop = element.scrollHeight;
    }),
  );
  expect(await shownBadges(page)).toBeLessThan(4);
  const looks = () =>
    badges(page).evaluateAll((all) => all.map((badge) => ({ look: badge.className, label: badge.ariaLabel })));
  for (const { look, label } of await looks()) {
    expect(look).toMatch(/^badge (supported|refuted|mixed|unverifiable)( rough)?$/);
    expect(label).toMatch(/^(True|False|Partly true|Needs more information): .+ Show details$/);
  }
  // Scrolled back to the top, the first claim's badge shows.
  await field.evaluate((element) => (element.scrollTop = 0));
  await expect(badges(page).first()).toBeVisible();
});

test('a text field scrolled out of the pane that holds it shows neither badges nor highlights past the pane’s edge', async ({
  checkDraftOn,
}) => {
  // The form in a pane 200 px high that scrolls by itself (as web apps lay out their editors), 300 px down the
  // page, the field at the pane's top.
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
    textarea.evaluate((element) => {
      const form = element.closest('form')!;
      const pane = document.createElement('div');
      pane.id = 'pane';
      pane.style.cssText = 'height: 200px; overflow: auto; margin-top: 300px';
      form.before(pane);
      pane.append(form);
      form.append(Object.assign(document.createElement('div'), { style: 'height: 1500px' }));
    }),
  );
  await expect.poll(() => shownBadges(page)).toBe(4);
  const pane = page.locator('#pane');
  const paneTop = (await pane.boundingBox())!.y;
  const drawnAt = await pane.evaluate((element) => element.scrollTop);
  const fieldTop = (await field.boundingBox())!.y - paneTop;
  // Scrolled so that the field's first 150 px are behind the pane's top edge, over the empty page above the pane.
  await pane.evaluate((element, by) => (element.scrollTop += by), fieldTop + 150);
  await expect.poll(() => shownBadges(page)).toBeLessThan(4);
  // Nothing of ours paints above the pane: the page there looks the same with the overlay and without it.
  const above = { x: 0, y: paneTop - 150, width: 1280, height: 148 };
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const withOverlay = await page.screenshot({ clip: above });
  await page
    .locator('factlens-overlay')
    .evaluate((host) => host.style.setProperty('visibility', 'hidden', 'important'));
  const withoutOverlay = await page.screenshot({ clip: above });
  expect(withOverlay.equals(withoutOverlay)).toBe(true);
  await page
    .locator('factlens-overlay')
    .evaluate((host) => host.style.setProperty('visibility', 'visible', 'important'));
  // Out of the pane's view altogether, and back.
  await pane.evaluate((element) => (element.scrollTop = 900));
  await expect.poll(() => shownBadges(page)).toBe(0);
  await pane.evaluate((element, top) => (element.scrollTop = top), drawnAt);
  await expect.poll(() => shownBadges(page)).toBe(4);
});

test('a text field scrolled under the page’s sticky header shows neither badges nor highlights over the header', async ({
  checkDraftOn,
}) => {
  // The page's title becomes a header 80 px high that sticks to the top; room below the form to scroll.
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4, (textarea) =>
    textarea.evaluate((element) => {
      document.querySelector('h1')!.style.cssText =
        'position: sticky; top: 0; z-index: 1; height: 80px; margin: 0; background: #fff; border-bottom: 1px solid #ccc';
      element.closest('form')!.append(Object.assign(document.createElement('div'), { style: 'height: 1500px' }));
    }),
  );
  await expect.poll(() => shownBadges(page)).toBe(4);
  // Scrolled so that the field's first 60 px are under the header.
  await page.evaluate((top) => scrollBy(0, top - 20), (await field.boundingBox())!.y);
  await expect.poll(() => shownBadges(page)).toBeLessThan(4);
  // Nothing of ours paints over the header: it looks the same with the overlay and without it.
  const header = { x: 0, y: 0, width: 1280, height: 80 };
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const withOverlay = await page.screenshot({ clip: header });
  await page
    .locator('factlens-overlay')
    .evaluate((host) => host.style.setProperty('visibility', 'hidden', 'important'));
  const withoutOverlay = await page.screenshot({ clip: header });
  expect(withOverlay.equals(withoutOverlay)).toBe(true);
  await page
    .locator('factlens-overlay')
    .evaluate((host) => host.style.setProperty('visibility', 'visible', 'important'));
  // Scrolled back, every badge shows.
  await page.evaluate(() => scrollTo(0, 0));
  await expect.poll(() => shownBadges(page)).toBe(4);
});

test('a contenteditable editor that does not wrap (as code and Markdown editors): a claim running on past its edge has its badge inside the editor', async ({
  checkDraftOn,
}) => {
  const { page, field: editor } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, (element) =>
    element.evaluate((node) =>
      Object.assign((node as HTMLElement).style, { whiteSpace: 'pre', overflowX: 'auto', width: '20em' }),
    ),
  );
  await editor.evaluate((node) => (node.scrollLeft = 0));
  const editorBox = (await editor.boundingBox())!;
  const farBadge = page.getByRole('button', { name: /^False: The far side/ });
  // The claim's line runs on past the editor's right edge: its badge stands at that edge, inside the editor.
  await expect
    .poll(async () => {
      const badge = await farBadge.boundingBox();
      return badge && Math.round(editorBox.x + editorBox.width - (badge.x + badge.width));
    })
    .toBeGreaterThanOrEqual(0);
  const badge = (await farBadge.boundingBox())!;
  expect(badge.x).toBeGreaterThan(editorBox.x + editorBox.width - 40);
});

test('contenteditable: ranges in the editor itself; apply and one Ctrl+Z; nothing wraps the text', async ({
  checkDraftOn,
}) => {
  let originalHtml = '';
  let original = '';
  const { page, field: editor } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, async (element) => {
    originalHtml = await element.innerHTML();
    original = await element.innerText();
  });
  // Highlights are ranges: the editor's markup is untouched.
  expect(await editor.innerHTML()).toBe(originalHtml);
  const refuted = await highlightedTexts(page, ['refuted']);
  expect(refuted).toContain('The far side of the Moon never receives sunlight, which is why it is so cold.');
  await page.screenshot({ path: 'artifacts/e2e-contenteditable-draft.png' });

  const correction = await applyCorrection(page, /^False: The far side/);
  await expect(editor).toContainText(correction);
  await expect(editor).not.toContainText('never receives sunlight');
  await undoRestoresEditor(editor, original);
});

for (const { behaves, install, says } of [
  {
    // As an editor that renders from a model of its own, and takes neither beforeinput nor the DOM's edits.
    behaves: 'puts its own text back after any edit',
    install: (host: HTMLElement) => {
      const own = [...host.childNodes].map((node) => node.cloneNode(true));
      host.addEventListener('input', () => host.replaceChildren(...own.map((node) => node.cloneNode(true))));
    },
    says: 'The page did not accept the edit. Copy the correction instead.',
  },
  {
    // As an editor that ignores the event's target range and the page's selection, and inserts at its own caret.
    behaves: 'takes the edit but writes it where its own caret was',
    install: (host: HTMLElement) =>
      host.addEventListener('beforeinput', (event) => {
        event.preventDefault();
        host.querySelector('p')!.prepend(event.data ?? '');
      }),
    says: 'The editor did not write the correction exactly over the claim. Check your draft: Ctrl+Z in it undoes the edit.',
  },
  {
    // As an editor that keeps the selection where it wants it: any selection in it collapsed to its end.
    behaves: 'moves the selection it is given',
    install: (host: HTMLElement) =>
      document.addEventListener('selectionchange', () => {
        const selection = getSelection();
        if (selection?.rangeCount && !selection.isCollapsed && host.contains(selection.anchorNode))
          selection.collapseToEnd();
      }),
    says: 'The editor moved the selection off the claim, so nothing was written. Copy the correction instead.',
  },
])
  test(`an editor that ${behaves}: the card says so, and stays open`, async ({ checkDraftOn }) => {
    const { page, field: editor } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, (element) =>
      element.evaluate(install),
    );
    await clickApply(page, /^False: The far side/);
    await expect(card(page).getByRole('status')).toHaveText(says);
    await expect(card(page)).toBeVisible();
    await expect(editor).toContainText('The far side of the Moon never receives sunlight');
  });

test('an editor that hears typing as Draft.js does (a textInput event, written where selectionchange last put the selection): the correction goes over its claim', async ({
  checkDraftOn,
}) => {
  // The two things Draft.js itself (tested with the other editors below) needs, in a page small enough to show
  // them: without the textInput event it took only the first of the claim's text nodes into its model; without
  // the wait for selectionchange, its old caret.
  const { page, field: editor } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, (element) =>
    element.evaluate((host: HTMLElement) => {
      let own = [...host.childNodes].map((node) => node.cloneNode(true));
      let seen: Range | null = null;
      document.addEventListener('selectionchange', () => {
        const selection = getSelection();
        if (selection?.rangeCount && host.contains(selection.anchorNode)) seen = selection.getRangeAt(0).cloneRange();
      });
      host.addEventListener('textInput', (event) => {
        event.preventDefault();
        seen?.deleteContents();
        seen?.insertNode(document.createTextNode((event as TextEvent).data));
        own = [...host.childNodes].map((node) => node.cloneNode(true));
      });
      // Any other change to its text is put back.
      host.addEventListener('input', () => host.replaceChildren(...own.map((node) => node.cloneNode(true))));
    }),
  );
  const original = (await editor.innerText()).replace(/\s+/g, ' ').trim();
  const claim = 'The far side of the Moon never receives sunlight, which is why it is so cold.';
  const correction = await applyCorrection(page, /^False: The far side/);
  expect((await editor.innerText()).replace(/\s+/g, ' ').trim()).toBe(original.replace(claim, correction));
});

test('a textarea whose length limit the correction does not fit: nothing is changed, and the card says why', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  const [claim] = await highlightedTexts(page, ['refuted']);
  // A limit 3 characters short of the corrected text (as a page may set once its text is there): the browser would
  // cut the correction short, mid-word.
  let limit = 0;
  await clickApply(page, /^False: /, page, async (correction) => {
    limit = original.length - claim!.length + correction.length - 3;
    await field.evaluate((element: HTMLTextAreaElement, length) => (element.maxLength = length), limit);
  });
  await expect(card(page).getByRole('status')).toHaveText(
    `This field takes at most ${limit} characters and the correction does not fit, so nothing was changed. Shorten the text, or copy the correction.`,
  );
  await expect(field).toHaveValue(original);
});

test('React-controlled textarea: React state ends up matching after apply and after undo', async ({
  configure,
  openPopup,
  openBundledPage,
}) => {
  await configure();
  const { page, tabId } = await openBundledPage('react-draft.ts', '<body><div id="root"></div></body>');
  const field = page.locator('textarea');
  const original = await field.inputValue();
  await field.click();
  const popup = await openPopup(tabId);
  await checkDraft(page, popup, 4);
  const refuted = await highlightedTexts(page, ['refuted']);
  const claim = refuted[0]!;
  const correction = await applyCorrection(page, /^False: /);
  const edited = original.replace(claim, correction);
  await expect(field).toHaveValue(edited);
  await expect(page.locator('#state')).toHaveText(edited);
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
  await expect(page.locator('#state')).toHaveText(original);
});

for (const [editor, name] of richEditors)
  test(`in a ${name} editor, words typed after the check and then a correction: one Ctrl+Z, pressed at once, takes back the correction alone, and the claim is drawn again`, async ({
    configure,
    openPopup,
    openBundledPage,
  }) => {
    const { page, field, editorText } = await checkRichEditor(editor, { configure, openPopup, openBundledPage });
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' We will watch it rise.');
    await expect.poll(editorText).toMatch(/We will watch it rise\.$/);
    const typed = await editorText();
    // Quill joins the changes of one second into one undo step (its history's delay, which no event marks), the
    // user's own as well.
    await page.waitForTimeout(1000);
    const refuted = 'The far side of the Moon never receives sunlight, which is why it is so cold.';
    // Before the page checker has seen the correction (it looks a moment after the page changes): that moment is
    // stretched, and the steps must fit in it.
    await stretchDelay(page, 'reanchor', RACE_WINDOW_MS * 2);
    const started = Date.now();
    await clickApply(page, /^False: The far side/);
    await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
    await field.press('Control+z');
    expectWithinRaceWindow(Date.now() - started, RACE_WINDOW_MS * 2);
    await expect.poll(editorText).toBe(typed);
    await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([refuted]);
  });

for (const [editor, name] of richEditors)
  test(`in a ${name} editor, which re-renders what is typed, claims follow edits around them, and a claim typed in goes stale`, async ({
    configure,
    openPopup,
    openBundledPage,
  }) => {
    const { page, field, editorText, original } = await checkRichEditor(editor, {
      configure,
      openPopup,
      openBundledPage,
    });
    // Typed before a claim, in its paragraph: no claim's text changed.
    await field.getByText('This month we look up.').click({ position: { x: 2, y: 5 } });
    await page.keyboard.press('Home');
    await page.keyboard.type('So: ');
    await expect.poll(() => highlightedTexts(page)).toHaveLength(3);
    await expect(page.getByRole('button', { name: /changed since the check/ })).toHaveCount(0);
    // The refuted claim's correction still goes exactly over it.
    const refuted = 'The far side of the Moon never receives sunlight, which is why it is so cold.';
    const correction = await applyCorrection(page, /^False: The far side/);
    await expect.poll(editorText).toBe(`So: ${original.replace(refuted, correction)}`);
    // Typed in a claim: that one goes stale; the other keeps its highlight on its text.
    await field.getByText('walked on the Moon').click({ position: { x: 40, y: 8 } });
    await page.keyboard.type('XYZ');
    const stale = page.getByRole('button', { name: /changed since the check/ });
    await expect(stale).toHaveCount(1);
    await expect(stale).toHaveAccessibleName(/^True \(changed since the check\): Twelve astronauts/);
    expect(await editorText()).toContain('XYZ');
    expect(await highlightedTexts(page, ['supported'])).toEqual([
      'The Moon is about 384,400 kilometres from Earth on average.',
    ]);
  });

test('a block editor (each paragraph an editing host, as in WordPress and Notion): the whole post is checked, and a correction goes into its block', async ({
  checkDraftOn,
  double,
}) => {
  // The focus is in the second paragraph's block; the post's other blocks are checked with it.
  const { page, field: block } = await checkDraftOn('block-editor.html', 'main p:nth-of-type(2)', 3);
  const sent = (double.endpointCalls('detectClaims')[0]?.body as { blog: string }).blog;
  expect(sent).toContain('Notes on the Moon');
  expect(sent).toContain('The Moon is about 384,400 kilometres');
  expect(sent).toContain('Twelve astronauts walked on the Moon');
  // The note beside the post, a box of its own, is not the post.
  expect(sent).not.toContain('Espresso');
  const original = await block.innerText();
  const correction = await applyCorrection(page, /^False: The far side/);
  await expect(block).toHaveText(correction);
  await block.press('Control+z');
  await expect(block).toHaveText(original);
});

test('a claim the user edited goes stale: its Apply gives way to checking the draft again, and the others still follow their text', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  // Type inside the Espresso claim (refuted, so its card offers a correction).
  await field.evaluate((element: HTMLTextAreaElement) => {
    const at = element.value.indexOf('Espresso has more') + 'Espresso has'.length;
    element.focus();
    element.setSelectionRange(at, at);
  });
  await page.keyboard.type(' much');
  const stale = page.getByRole('button', { name: /changed since the check/ });
  await expect(stale).toHaveCount(1);
  await expect(stale).toHaveAccessibleName(/^False \(changed since the check\): Espresso/);
  await stale.click();
  await expect(card(page)).toContainText('(the text changed since the check)');
  // Its text is not the claim's any more: nothing to apply; the next step in Apply's place, with why.
  await expect(card(page).getByRole('button', { name: 'Apply correction' })).toHaveCount(0);
  const again = card(page).getByRole('button', { name: 'Check the draft again' });
  await expect(again).toHaveAccessibleDescription(
    'The text under this claim changed since the check: its correction can no longer be applied.',
  );
  await expect(card(page).getByRole('button', { name: 'Copy correction' })).toBeVisible();
  // The other three claims are still highlighted on their text (which moved by five characters).
  const ranges = await highlightedTexts(page);
  expect(ranges).toHaveLength(3);
  const value = await field.inputValue();
  for (const text of ranges) expect(value).toContain(text);
  // The results list tells it as its badge does.
  await card(page).getByRole('button', { name: 'All claims' }).click();
  const listed = page.locator('factlens-overlay .card.list li button');
  await expect(listed.filter({ hasText: 'Espresso' })).toHaveText(/^✗ False \(changed since the check\): Espresso/);
  await expect(listed.filter({ hasText: 'changed since the check' })).toHaveCount(1);
});

test('re-checking an edited draft sends only the changed sentence; the others keep their verdicts', async ({
  checkDraftOn,
  double,
}) => {
  const { page, popup, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const callsBefore = double.endpointCalls().length;

  // The user rewrites one sentence, then checks the draft again.
  await checkEditedDraftAgain(page, popup, field, (await field.inputValue()).replace('about a third', 'about half'));
  await expect(
    popup.getByText('3 unchanged sentences reused from your last check; only the 1 new or changed one is sent.'),
  ).toBeVisible();
  await expect(popup.getByText('Checked 4 claims.')).toBeVisible();
  const newCalls = double.endpointCalls().slice(callsBefore);
  expect(newCalls.map((call) => call.endpoint)).toEqual(['detectClaims', 'factCheckClaims']);
  expect(newCalls[0]?.body).toEqual({ blog: "Brazil produces about half of the world's coffee." });
  expect((newCalls[1]?.body as { claims: string[] }).claims).toEqual([
    "Brazil produces about half of the world's coffee.",
  ]);
});

/**
 * Claims a language-model detector writes in other words than the draft's: each is highlighted on its own sentence,
 * corrected there in a textarea draft, and one Ctrl+Z restores the draft.
 */
for (const { about, draft, claims, highlighted, label, corrected } of [
  {
    about:
      'a claim made to stand alone (a name for the draft’s “She”) is corrected in its own sentence: the sentence before keeps its last word',
    draft:
      'Marie Curie moved to Paris in 1891 to study at the Sorbonne. She won the Nobel Prize in Physics in 1904 with Pierre Curie.',
    claims: 2,
    // The service's claim names her.
    highlighted: 'She won the Nobel Prize in Physics in 1904 with Pierre Curie.',
    label: /^False: Marie Curie won/,
    corrected:
      'Marie Curie moved to Paris in 1891 to study at the Sorbonne. Marie Curie won the Nobel Prize in Physics in 1903.',
  },
  {
    about:
      'a claim with its clauses in another order than the draft’s (its source put last) is highlighted and corrected on its whole sentence',
    draft: 'Our guide to the Moon. According to NASA, the far side of the Moon never receives sunlight. Visit it soon.',
    claims: 1,
    // The service's claim is "The far side of the Moon never receives sunlight, according to NASA."
    highlighted: 'According to NASA, the far side of the Moon never receives sunlight.',
    label: /^False: The far side/,
    corrected:
      'Our guide to the Moon. The far side of the Moon is never visible from Earth, but it receives as much sunlight as the near side. Visit it soon.',
  },
])
  test(about, async ({ checkDraftOn }) => {
    const { page, popup, field } = await checkDraftOn('draft-textarea.html', 'textarea', claims, (textarea) =>
      textarea.fill(draft),
    );
    await expect(popup.getByText(`Located ${claims} of ${claims} claims`)).toBeVisible();
    expect(await highlightedTexts(page)).toContain(highlighted);
    await page.bringToFront();
    await applyCorrection(page, label);
    await expect(field).toHaveValue(corrected);
    await field.press('Control+z');
    await expect(field).toHaveValue(draft);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  for (const { aside, quoted } of [
    // The service quotes it as "The Great Wall of China … is visible…".
    { aside: '(built over many centuries by several dynasties)', quoted: 'as "…"' },
    // The service quotes it as "The Great Wall of China is visible…".
    { aside: '(about 21,000 km)', quoted: 'with nothing to say so' },
  ])
    test(`a claim that quotes the draft with words left out (an aside, ${quoted}) has no Apply, in ${file}: its correction would delete those words`, async ({
      checkDraftOn,
    }) => {
      const draft = `The Great Wall of China ${aside} is visible from the Moon with the naked eye.`;
      const { page, popup, field } = await checkDraftOn(file, selector, 1, async (editor) => {
        if (selector === 'textarea') await editor.fill(draft);
        else await editor.evaluate((element, text) => (element.textContent = text), draft);
      });
      await expect(popup.getByText('Located 1 of 1 claims')).toBeVisible();
      // Highlighted from its first word to its last, the aside with them.
      expect(await highlightedTexts(page)).toEqual([draft]);
      await page.bringToFront();
      await badges(page)
        .and(page.getByRole('button', { name: /^False: The Great Wall/ }))
        .click();
      await expect(card(page)).toBeVisible();
      await expect(card(page).getByText(/^Correction:/)).toBeVisible();
      await expect(card(page).getByRole('button', { name: 'Copy correction' })).toBeVisible();
      await expect(card(page).getByRole('button', { name: 'Apply correction' })).toHaveCount(0);
      await expect(card(page)).toContainText(
        'This claim quotes your draft only in part, so its correction cannot replace the highlighted text exactly. Copy the correction instead.',
      );
      expect(selector === 'textarea' ? await field.inputValue() : await field.textContent()).toBe(draft);
    });

const GREAT_WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';
const GREAT_WALL_DRAFT = `Our guide to China. ${GREAT_WALL} Visit it soon.`;

/**
 * Writes `draft` (by default GREAT_WALL_DRAFT; one claim) in `file`'s field (`selector`), with the service's
 * corrections set to `correction`, and checks it; returns the page, the field and a reader of the field's text.
 */
async function checkGreatWallDraft(
  { checkDraftOn, double }: Pick<TestFixtures, 'checkDraftOn'> & { double: ServiceDouble },
  { file, selector }: { file: string; selector: string },
  correction: string,
  draft = GREAT_WALL_DRAFT,
): Promise<{ page: Page; field: Locator; text: () => Promise<string> }> {
  double.setVerdictPatch({ correction });
  const { page, popup, field } = await checkDraftOn(file, selector, 1, async (editor) => {
    if (selector === 'textarea') await editor.fill(draft);
    else await editor.evaluate((element, text) => (element.textContent = text), draft);
  });
  await expect(popup.getByText('Located 1 of 1 claims')).toBeVisible();
  await page.bringToFront();
  const text = () => (selector === 'textarea' ? field.inputValue() : field.innerText());
  return { page, field, text };
}

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction written without its full stop and its first word in lower case fits the draft's sentence, in ${file}: the stop is kept, the capital too; one Ctrl+Z restores it`, async ({
    checkDraftOn,
    double,
  }) => {
    const draft = GREAT_WALL_DRAFT;
    // As a language model may write it: the claim's words, its first one in lower case, with no full stop.
    const { page, field, text } = await checkGreatWallDraft(
      { checkDraftOn, double },
      { file, selector },
      'the Great Wall of China cannot be seen from the Moon with the naked eye',
    );
    await applyCorrection(page, /^False: The Great Wall/);
    expect(await text()).toBe(
      'Our guide to China. The Great Wall of China cannot be seen from the Moon with the naked eye. Visit it soon.',
    );
    if (selector === 'textarea') {
      await field.press('Control+z');
      await expect(field).toHaveValue(draft);
    } else await undoRestoresEditor(field, draft);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction that keeps its claim's words and adds to them, in ${file}: the claim stays corrected (not drawn again on its words in the correction, nor offered to apply again), also once words are typed before it; Ctrl+Z restores the draft, and the claim is drawn again`, async ({
    checkDraftOn,
    double,
    serviceWorker,
  }) => {
    const [claim, draft] = [GREAT_WALL, GREAT_WALL_DRAFT];
    const { page, field, text } = await checkGreatWallDraft(
      { checkDraftOn, double },
      { file, selector },
      `${claim} So goes the myth: it cannot be seen from there.`,
    );
    let runs = await pageCheckerRuns(serviceWorker, page);
    await applyCorrection(page, /^False: The Great Wall/);
    const corrected = `Our guide to China. ${claim} So goes the myth: it cannot be seen from there. Visit it soon.`;
    expect(await text()).toBe(corrected);
    const expectCorrected = async () => {
      // Once the page checker has looked at the changed draft, with nothing more to do.
      await pageCheckerSettled(serviceWorker, page, runs);
      expect(await highlightedTexts(page)).toEqual([]);
      expect(await highlightedTexts(page, ['stale'])).toEqual([]);
      await expect(badges(page)).toHaveCount(0);
    };
    await expectCorrected();
    // Words typed at the draft's start: the correction no longer stands where it was written, but it still stands.
    runs = await pageCheckerRuns(serviceWorker, page);
    await field.press('Control+Home');
    await page.keyboard.type('Hello. ');
    await expect.poll(text).toBe(`Hello. ${corrected}`);
    await expectCorrected();
    // Ctrl+Z takes back the typing, then the correction.
    await field.press('Control+z');
    await expect.poll(text).toBe(corrected);
    await field.press('Control+z');
    await expect.poll(text).toBe(draft);
    await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([claim]);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction whose words the draft already says elsewhere, in ${file}: applied, the claim stays corrected; Ctrl+Z takes it back, and the claim is drawn again (its correction's words further on are not it)`, async ({
    checkDraftOn,
    double,
    serviceWorker,
  }) => {
    // The user wrote the right sentence further on, and left the myth in: the service corrects it with that sentence.
    const rightSentence = 'It cannot be seen from there with the naked eye.';
    const draft = `${GREAT_WALL_DRAFT} ${rightSentence}`;
    const { page, field, text } = await checkGreatWallDraft(
      { checkDraftOn, double },
      { file, selector },
      rightSentence,
      draft,
    );
    const runs = await pageCheckerRuns(serviceWorker, page);
    await applyCorrection(page, /^False: The Great Wall/);
    expect(await text()).toBe(`Our guide to China. ${rightSentence} Visit it soon. ${rightSentence}`);
    await pageCheckerSettled(serviceWorker, page, runs);
    expect(await highlightedTexts(page)).toEqual([]);
    await field.press('Control+z');
    await expect.poll(text).toBe(draft);
    await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([GREAT_WALL]);
    await expect(badges(page).and(page.getByRole('button', { name: /^False: The Great Wall/ }))).toHaveCount(1);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction that is the same as its claim's text, in ${file}: nothing is written, the card says so, and the claim keeps its verdict`, async ({
    checkDraftOn,
    double,
    serviceWorker,
  }) => {
    const [claim, draft] = [GREAT_WALL, GREAT_WALL_DRAFT];
    const { page, text } = await checkGreatWallDraft({ checkDraftOn, double }, { file, selector }, claim);
    const runs = await pageCheckerRuns(serviceWorker, page);
    await clickApply(page, /^False: The Great Wall/);
    await expect(card(page).getByRole('status')).toHaveText(
      'The correction is the same as your text, so nothing was changed.',
    );
    expect(await text()).toBe(draft);
    await expect(card(page).getByRole('button', { name: 'Apply correction' })).toBeVisible();
    // The card opened and the status shown: the checker has looked since; once it has nothing more to do, still drawn.
    await pageCheckerSettled(serviceWorker, page, runs);
    expect(await highlightedTexts(page, ['refuted'])).toEqual([claim]);
  });

test('a Japanese draft, whose sentences have no space between them, is checked again one changed sentence at a time', async ({
  checkDraftOn,
  double,
}) => {
  const draft = '東京タワーは1958年に完成した。高さは333メートルである。東京スカイツリーは2012年に開業した。';
  const { page, popup, field } = await checkDraftOn('draft-textarea.html', 'textarea', 3, (textarea) =>
    textarea.fill(draft),
  );
  await expect(popup.getByText('Located 3 of 3 claims')).toBeVisible();
  expect(await highlightedTexts(page)).toEqual(
    expect.arrayContaining(['東京タワーは1958年に完成した。', '高さは333メートルである。']),
  );
  const callsBefore = double.endpointCalls().length;

  await checkEditedDraftAgain(page, popup, field, draft.replace('333', '332'));
  await expect(
    popup.getByText('2 unchanged sentences reused from your last check; only the 1 new or changed one is sent.'),
  ).toBeVisible();
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();
  const newCalls = double.endpointCalls().slice(callsBefore);
  expect(newCalls.map((call) => call.endpoint)).toEqual(['detectClaims', 'factCheckClaims']);
  expect(newCalls[0]?.body).toEqual({ blog: '高さは332メートルである。' });
});

test('a textarea inside a web component: checked, highlighted, corrected, and one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  // Playwright's CSS selectors enter open shadow roots: this is the component's own textarea.
  const { page, field } = await checkDraftOn('components-draft.html', 'comment-box textarea', 2);
  const original = await field.inputValue();
  await expectMirrorOver(page, field);
  const refuted = await highlightedTexts(page, ['refuted']);
  expect(refuted).toEqual([
    'Espresso has more caffeine per serving than drip coffee, which is why a single shot keeps you up all night.',
  ]);
  const correction = await applyCorrection(page, /^False: Espresso/);
  await expect(field).toHaveValue(original.replace(refuted[0]!, correction));
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
});

test('a contenteditable editor inside a web component: checked, highlighted, corrected, and one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  let original = '';
  const { page, field: editor } = await checkDraftOn('components-draft.html', 'rich-note #note', 2, async (element) => {
    original = await element.innerText();
  });
  expect(await highlightedTexts(page, ['refuted'])).toEqual([
    'The far side of the Moon never receives sunlight, which is why it is so cold.',
  ]);
  const correction = await applyCorrection(page, /^False: The far side/);
  await expect(editor).toContainText(correction);
  await expect(editor).not.toContainText('never receives sunlight');
  await undoRestoresEditor(editor, original);
});

/** A contenteditable draft of three paragraphs, two of whose claims are false (see the double's verdicts). */
const TWO_FALSE_PARAGRAPHS = [
  'This month we look up. The Great Wall of China is visible from the Moon with the naked eye.',
  'Marie Curie won the Nobel Prize in Physics in 1904.',
  'Twelve astronauts walked on the Moon between 1969 and 1972.',
];

for (const [kind, file, selector, told, presses] of [
  ['a textarea, as one edit', 'draft-textarea.html', 'textarea', 'One Ctrl+Z takes them all back.', 1],
  [
    'a contenteditable, one edit each',
    'draft-contenteditable.html',
    '#editor',
    'Ctrl+Z takes them back one at a time.',
    0,
  ],
] as const)
  test(`“Apply all corrections” in the results list of ${kind}: every correction in one click, how many said, and Ctrl+Z takes them back`, async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn(file, selector, selector === 'textarea' ? 4 : 3, (draft) =>
      selector === 'textarea'
        ? Promise.resolve()
        : draft.evaluate((element, texts) => {
            element.replaceChildren(
              ...texts.map((text) => Object.assign(document.createElement('p'), { textContent: text })),
            );
          }, TWO_FALSE_PARAGRAPHS),
    );

    const text = () =>
      field.evaluate((element) =>
        element instanceof HTMLTextAreaElement ? element.value : (element as HTMLElement).innerText,
      );
    const original = await text();
    await page
      .getByRole('button', { name: /^False: / })
      .first()
      .click();
    await card(page).getByRole('button', { name: 'All claims' }).click();
    const list = page.locator('factlens-overlay .card.list');
    const applyAll = list.getByRole('button', { name: /^Apply all corrections \((\d+)\)$/ });
    const count = Number(/\((\d+)\)/.exec((await applyAll.textContent()) ?? '')![1]);
    expect(count).toBeGreaterThan(1);
    // A script's click writes nothing.
    await applyAll.dispatchEvent('click');
    expect(await text()).toBe(original);

    await clickArmed(applyAll);
    await expect(list.getByRole('status')).toHaveText(`Applied ${count} corrections. ${told}`);
    const corrected = await text();
    expect(corrected).not.toBe(original);
    await field.focus();
    for (let step = 0; step < (presses || count); step++) await page.keyboard.press('Control+z');
    await expect.poll(text).toBe(original);
  });
