/**
 * A page that turns FactLens's own host element against its card: it fades, hides, lowers, blends or moves the host
 * (its inline style, which our `!important` rules cannot stop), or makes it inert or a popover of its own, with a decoy
 * under the card for the user to think they click. Each change is put back at once, and a click meanwhile, or too soon
 * after, writes nothing; the indicator's menu is guarded alike. docs/testing.md lists the attacks.
 */
import type { Page } from '@playwright/test';
import { clickArmed, openCardInDraft, overlayCard as card } from './chromium-steps';
import { expect } from './quick-expect';
import { test } from './fixtures';

/** The host's inline style as the page now reads it. */
const hostStyle = (page: Page) =>
  page.evaluate(() => document.querySelector('factlens-overlay')!.getAttribute('style') ?? '');

test('a page that fades the card’s host with filter: opacity(0) over a decoy gets no correction applied; stopped, Apply works', async ({
  checkDraftOn,
}) => {
  const { page, field, original } = await openCardInDraft(checkDraftOn);
  const apply = card(page).getByRole('button', { name: 'Apply correction' });
  // A decoy under the card, and the host faded to nothing, again and again, and as the button is pressed: the user
  // sees only the decoy. (The press, not the timer alone: on a busy machine the timer may not fire for longer than
  // the arming delay, and a card left as drawn that long may rightly be clicked.)
  await page.evaluate(() => {
    const decoy = document.createElement('div');
    decoy.id = 'decoy';
    decoy.style.cssText = 'position:fixed;inset:0;background:#fff;z-index:1';
    decoy.innerHTML = '<button style="margin:40vh 40vw">Claim your prize</button>';
    document.body.appendChild(decoy);
    const fade = () =>
      document.querySelector<HTMLElement>('factlens-overlay')!.style.setProperty('filter', 'opacity(0)', 'important');
    fade();
    window.addEventListener('pointerdown', fade, { capture: true });
    Object.assign(window, { fade, fading: window.setInterval(fade, 50) });
  });
  await apply.hover();
  await apply.click();
  await expect(card(page).getByRole('status')).toContainText('click again');
  await expect(field).toHaveValue(original);
  expect(await hostStyle(page)).not.toContain('opacity(0)');

  // The page stops: the card stands as FactLens drew it, and the user's click, once it has rested, applies.
  await page.evaluate(() => {
    const { fade, fading } = window as unknown as { fade: () => void; fading: number };
    window.clearInterval(fading);
    window.removeEventListener('pointerdown', fade, { capture: true });
  });
  await clickArmed(apply);
  await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
  await expect(field).not.toHaveValue(original);
});

test('every change a page makes to the host is put back: a z-index, a blend mode, a transform, its style removed, inert, a popover', async ({
  checkDraftOn,
}) => {
  const { page } = await openCardInDraft(checkDraftOn);
  const drawn = await hostStyle(page);
  const attacks: [string, (host: HTMLElement) => void][] = [
    ['z-index', (host) => host.style.setProperty('z-index', '0', 'important')],
    ['blend mode', (host) => host.style.setProperty('mix-blend-mode', 'multiply', 'important')],
    ['transform', (host) => host.style.setProperty('transform', 'translate(-200px, 40px)', 'important')],
    ['style removed', (host) => host.removeAttribute('style')],
    ['inert', (host) => host.setAttribute('inert', '')],
    ['popover', (host) => host.setAttribute('popover', 'auto')],
    // A page that sets it back in an observer of its own: no endless loop, and the host ends as it was drawn.
    [
      'fought over',
      (host) => {
        let left = 50;
        new MutationObserver(() => {
          if (left-- > 0) host.style.setProperty('opacity', '0', 'important');
        }).observe(host, { attributes: true });
        host.style.setProperty('opacity', '0', 'important');
      },
    ],
  ];
  for (const [name, attack] of attacks) {
    await page.evaluate(
      (source) =>
        (new Function('host', `(${source})(host)`) as (host: Element) => void)(
          document.querySelector('factlens-overlay')!,
        ),
      attack.toString(),
    );
    await expect.poll(() => hostStyle(page), { message: name }).toBe(drawn);
    expect(
      await page.evaluate(() => document.querySelector('factlens-overlay')!.getAttributeNames().sort()),
      name,
    ).toEqual(['data-factlens-ui', 'style']);
  }
});
