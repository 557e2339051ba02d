/**
 * A textarea draft where pages put them, written once and run in Chromium and in Firefox: in vertical lines, in a web
 * component's modal dialog, in a popover (the top layer), and under a chat button fixed over it. Its mirror sits over
 * it, its badges stand above every layer, and a correction is applied and undone there.
 */
import { expect } from './quick-expect';
import { expectAtTheirFeet, showInWebComponentDialog, verticalStandings } from './in-page-probes';
import { checkDraftFromPopup, correctionIn, draftUser, type DraftUser } from './users/draft-user';
import { inBothBrowsers } from './users/in-both-browsers';
import { boxOf, expectMirrorOver, VERDICTS_ON_LIGHT } from './users/steps';
import type { BrowserUser, PageUser } from './users/user';

/** Opens the demo textarea draft, lets `prepare` set it up, and checks it from the popup until its 4 claims are drawn. */
async function checkedTextarea(
  browser: BrowserUser,
  prepare?: (page: PageUser) => Promise<unknown>,
): Promise<DraftUser> {
  await browser.configure();
  const page = await browser.openDemoPage('draft-textarea.html');
  await prepare?.(page);
  await checkDraftFromPopup(browser, page, 'textarea', 4);
  return draftUser(page, 'textarea');
}

/** The refuted claim's correction applied from its card, closed by its own Close button; one Ctrl+Z takes it back. */
async function correctThenUndo(draft: DraftUser): Promise<void> {
  const original = await draft.text();
  const [claim] = await draft.highlighted(['refuted']);
  await draft.openCard(/^False: /);
  const correction = correctionIn(await draft.cardText());
  await draft.clickArmed('Apply correction');
  await expect.poll(draft.cardText).toContain('Correction applied.');
  // Closed from its own button: the focus is in the field, where Esc is the page's, and would close a popover too.
  await draft.clickInCard('Close');
  await expect.poll(draft.cardText).toBe('');
  await expect.poll(draft.text).toBe(original.replace(claim!, correction));
  await draft.undoInDraft();
  await expect.poll(draft.text).toBe(original);
}

/** Where the overlay stands: the local name of its parent. */
const overlayParent = (page: PageUser) =>
  page.evaluate(() => document.querySelector('factlens-overlay')?.parentElement?.localName);

inBothBrowsers(
  'a textarea set in vertical lines (as a Japanese draft may be): its mirror sets them so, and each badge stands at its claim’s foot',
  async (browser) => {
    const draft = await checkedTextarea(browser, (page) =>
      page.evaluate(() =>
        Object.assign(document.querySelector('textarea')!.style, { writingMode: 'vertical-rl', color: 'black' }),
      ),
    );
    await expectMirrorOver(draft, 'textarea');
    // Before, the mirror set the text in horizontal lines: each badge stood at the end of a line that was not there.
    expectAtTheirFeet(await draft.evaluate(verticalStandings), 4);
  },
);

inBothBrowsers(
  'a textarea in a web component’s modal dialog (its own <dialog> in its shadow tree, the textarea slotted in, as Material Web’s md-dialog has it): badges and card above the dialog, corrected, and one Ctrl+Z restores it; closed, the overlay is back in the document',
  async (browser) => {
    const draft = await checkedTextarea(browser, (page) => page.evaluate(showInWebComponentDialog, 'textarea'));
    await expectMirrorOver(draft, 'textarea');
    // Each badge is what the page shows at its middle: not under the dialog (the top layer), nor made inert by it.
    await expect.poll(draft.badgesShownOnTop).toBe(4);
    await correctThenUndo(draft);
    expect(
      await draft.evaluate(() => document.querySelector('compose-dialog')!.shadowRoot!.querySelector('dialog')!.open),
    ).toBe(true);
    await draft.screenshot(`artifacts/e2e-${browser.name.toLowerCase()}-web-component-dialog.png`);
    // Closed in its shadow tree (unseen by the document's observer): the overlay goes back to the document.
    await draft.evaluate(() => document.querySelector('compose-dialog')!.shadowRoot!.querySelector('dialog')!.close());
    await expect.poll(() => overlayParent(draft)).toBe('html');
  },
);

inBothBrowsers(
  'a textarea in a popover (the top layer, as a compose box may be shown): its badges and card stand above the popover, closed and shown again too, and a correction is applied and undone there',
  async (browser) => {
    const draft = await checkedTextarea(browser, (page) =>
      page.evaluate(() => {
        const popover = document.createElement('div');
        popover.popover = 'auto';
        popover.style.cssText = 'width: 640px; padding: 16px; border: 1px solid #888';
        popover.append(document.querySelector('textarea')!);
        document.body.append(popover);
        popover.showPopover();
      }),
    );
    await expectMirrorOver(draft, 'textarea');
    // Each badge is what the page shows at its middle: not under the popover.
    await expect.poll(draft.badgesShownOnTop).toBe(4);
    // Closed (the overlay goes back to the document) and shown again (its `toggle` event): above it again.
    await draft.evaluate(() => (document.querySelector('[popover]') as HTMLElement).hidePopover());
    await expect.poll(() => overlayParent(draft)).toBe('html');
    await draft.evaluate(() => (document.querySelector('[popover]') as HTMLElement).showPopover());
    await expect.poll(draft.badgesShownOnTop).toBe(4);
    await correctThenUndo(draft);
    expect(await draft.evaluate(() => document.querySelector('[popover]')!.matches(':popover-open'))).toBe(true);
  },
);

inBothBrowsers(
  'a chat button fixed over part of a checked textarea (off the view’s edges): no highlight or badge is drawn over it',
  async (browser) => {
    const draft = await checkedTextarea(browser);
    await expect.poll(draft.badgesShownOnTop).toBe(4);
    // Over the first line's words, from the field's left edge, as a page's floating button can stand.
    const textarea = (await draft.evaluate(boxOf, 'textarea'))!;
    const button = { x: Math.round(textarea.x) + 4, y: Math.round(textarea.y) + 4, width: 160, height: 48 };
    await draft.evaluate(({ x, y, width, height }) => {
      const chat = document.createElement('button');
      chat.textContent = 'Chat with us';
      chat.style.cssText = `position: fixed; left: ${x}px; top: ${y}px; width: ${width}px; height: ${height}px; z-index: 10; background: #36c; color: #fff; border: 0`;
      document.body.append(chat);
    }, button);
    // Nothing of ours paints over it: it looks the same with the overlay and without it; the rest of the field is
    // still highlighted.
    const setOverlayVisibility = (visibility: string) =>
      draft.evaluate((value) => {
        document.querySelector<HTMLElement>('factlens-overlay')!.style.setProperty('visibility', value, 'important');
      }, visibility);
    const looksWithoutOverlay = async () => {
      await draft.evaluate(() => new Promise(requestAnimationFrame));
      const shown = await draft.picture(button);
      await setOverlayVisibility('hidden');
      const without = await draft.picture(button);
      await setOverlayVisibility('visible');
      return shown === without;
    };
    await expect.poll(looksWithoutOverlay).toBe(true);
    expect(await draft.highlighted(VERDICTS_ON_LIGHT)).toHaveLength(4);
    // Once the page is still and the button found, no badge shows over it: one whose claim ends under it (in Firefox's
    // layout, the first) is placed unseen; every other shows, on top. Before, one was drawn over the button until then.
    await expect.poll(() => draft.evaluate(badgesSeenOver, button)).toEqual([]);
    const seen = await draft.evaluate(
      () =>
        document.querySelector('factlens-overlay')!.shadowRoot!.querySelectorAll('.badge:not(.rough):not([hidden])')
          .length,
    );
    expect(seen).toBeGreaterThanOrEqual(3);
    await expect.poll(draft.badgesShownOnTop).toBe(seen);
  },
);

/** Runs in the page: the labels of the badges that show (not placed unseen) over `box`. */
function badgesSeenOver(box: { x: number; y: number; width: number; height: number }): string[] {
  const badges = document
    .querySelector('factlens-overlay')!
    .shadowRoot!.querySelectorAll('.badge:not(.rough):not([hidden])');
  return [...badges]
    .filter((badge) => {
      const { left, top, right, bottom } = badge.getBoundingClientRect();
      return left < box.x + box.width && right > box.x && top < box.y + box.height && bottom > box.y;
    })
    .map((badge) => badge.getAttribute('aria-label') ?? '');
}
