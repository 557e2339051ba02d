/**
 * Text fields checked in Chromium, where the mirror that holds their highlights must lay their text out as they do:
 * zoom, wrapping, direction, language, vertical lines, a resize; and where their badges and highlights must not show:
 * out of the field's view, past a pane's edge, under a sticky header; a one-line input, a dark theme, a second draft.
 */
import {
  checkDraft,
  contrastRatio,
  highlightedTexts,
  overlayBadges as badges,
  overlayCard as card,
  shownPixels,
} from './chromium-steps';
import { expect } from './quick-expect';
import { inLanguage } from './worker-probes';
import { test } from './fixtures';
import { shownBadges, applyCorrection, expectMirrorOver, mirrorInkOverlap } from './draft-steps';

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
