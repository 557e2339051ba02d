/**
 * Badges and cards among the page's layers, in Chromium: above a modal dialog, a popover (with a transform too) or a
 * web component's own, hidden under a sticky header, a fixed bar, a fixed box or a pane's edge, placed as scrolling
 * brings a far claim near, on a zoomed page and in an old one in quirks mode; Tab still reaches each.
 */
import type { Locator } from '@playwright/test';
import {
  CENTRED_POPOVER,
  claimsPaint,
  padToScopedHighlights,
  overlayShownAt,
  showFactsInPopover,
} from './in-page-probes';
import { expect } from './quick-expect';
import { highlightedTexts, overlayCard as card } from './chromium-steps';
import { test } from './fixtures';
import { badgeOffset, farSideBadge, unseen, scrollFarSideTo, tabToFarSide } from './in-page-steps';

test('claims in a modal dialog have their badges and card above it; those behind it are unseen until it closes', async ({
  checkArticle,
}) => {
  // The last paragraph shown in a modal dialog (as an article's "quick view" or a gallery's caption has it).
  const { page, popup } = await checkArticle((page) =>
    page.evaluate(() => {
      const dialog = document.createElement('dialog');
      dialog.append(document.querySelectorAll('article p')[4]!);
      document.body.append(dialog);
      dialog.showModal();
    }),
  );
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  // Its claims' badges show at their ends, above the dialog, and take a click: the card opens, usable.
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await expect.poll(() => unseen(farSideBadge(page))).toBe(false);
  await farSideBadge(page).click();
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Copy correction' })).toBeEnabled();
  // Esc closes the card, and only the card: the dialog stays open.
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelector('dialog')!.open)).toBe(true);
  // The claims behind it (covered by its backdrop, and inert) have their badges unseen.
  const moonBadge = page.getByRole('button', { name: /^True: The Moon is about 384,400/ });
  expect(await unseen(moonBadge)).toBe(true);
  // Closed: the badges behind it are back, and those of the dialog's claims, no longer shown, are hidden.
  await page.evaluate(() => document.querySelector('dialog')!.close());
  await expect.poll(() => unseen(moonBadge)).toBe(false);
  await expect(farSideBadge(page)).toBeHidden();
  expect(await page.locator('factlens-overlay').evaluate((host) => host.parentElement!.tagName)).toBe('HTML');
});

test('on an old page in quirks mode (no doctype), a card near the view’s bottom opens above its badge, and a fixed bottom bar hides the badges under it', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle(async (opened) => {
    // The same article, written again without its doctype: the browser lays it out in quirks mode, where the root
    // element's client box is the whole document's, not the view's.
    await opened.evaluate(() => {
      const html = document.documentElement.outerHTML;
      document.open();
      // eslint-disable-next-line no-unsanitized/method -- the page's own markup, written back without its doctype
      document.write(html);
      document.close();
    });
    expect(await opened.evaluate(() => document.compatMode)).toBe('BackCompat');
  });
  await page.setViewportSize({ width: 1280, height: 700 });
  // Room to scroll the claim anywhere in the view.
  await page.evaluate(() => {
    document.querySelector('main')!.style.marginTop = '800px';
    document.querySelector('footer')!.style.marginBottom = '800px';
  });
  const farBadge = farSideBadge(page);
  // The claim 60 px above the view's bottom: its card has no room below the badge, and opens above it.
  await scrollFarSideTo(page, 700 - 60);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await farBadge.click();
  await expect(card(page)).toBeVisible();
  const [badge, opened] = [(await farBadge.boundingBox())!, (await card(page).boundingBox())!];
  expect(opened.y + opened.height).toBeLessThanOrEqual(badge.y);
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  // A cookie bar 60 px high fixed to the view's bottom: a claim under it has no badge showing over it.
  await page.evaluate(() => {
    const bar = document.createElement('div');
    bar.textContent = 'We use cookies.';
    bar.style.cssText = 'position: fixed; left: 0; right: 0; bottom: 0; height: 60px; background: #eee';
    document.body.append(bar);
  });
  await scrollFarSideTo(page, 700 - 30);
  await expect.poll(() => unseen(farBadge)).toBe(true);
});

test('a claim far from the view gets its badge placed when scrolling brings it near, and Tab still reaches it', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  const farBadge = farSideBadge(page);
  const rough = () => farBadge.evaluate((badge) => badge.classList.contains('rough'));
  const exactlyPlaced = async () => {
    const { dx, dy } = await badgeOffset(page, 'The far side');
    return !(await rough()) && Math.abs(dx) <= 1 && Math.abs(dy + 9) <= 1;
  };
  // Near the view, every badge is placed exactly: at the end of its claim's last line, raised.
  expect(await exactlyPlaced()).toBe(true);

  // The claim moves 3000 px down, in a view 200 px high: its badge is placed roughly, and unseen.
  await page.setViewportSize({ width: 1280, height: 200 });
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.querySelectorAll('article p')[4]!.before(spacer);
  });
  await expect.poll(rough).toBe(true);
  await expect(farBadge).toHaveCSS('opacity', '0');

  // Scrolled to, it is placed exactly.
  await page.evaluate(() => document.querySelectorAll('article p')[4]!.scrollIntoView());
  await expect.poll(exactlyPlaced).toBe(true);
  await expect(farBadge).toHaveCSS('opacity', '1');

  // Back at the top, it is far again; Tab from the badge before it reaches it, and brings it into view.
  await page.evaluate(() => scrollTo(0, 0));
  await expect.poll(rough).toBe(true);
  await tabToFarSide(page);
  await expect(farBadge).toBeFocused();
  await expect.poll(exactlyPlaced).toBe(true);
  await expect(farBadge).toBeInViewport();
});

test('a claim under the page’s sticky header or fixed bottom bar has no badge showing over them; Tab brings it out', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.setViewportSize({ width: 1280, height: 400 });
  // The site's navigation becomes a header 80 px high that sticks to the top, and a cookie bar 60 px high is
  // fixed to the bottom, both drawn over the text as it scrolls under them; room below the article to scroll.
  await page.evaluate(() => {
    document.querySelector('nav')!.style.cssText =
      'position: sticky; top: 0; height: 80px; background: #fff; z-index: 1; border-bottom: 1px solid #ccc';
    const bar = document.createElement('div');
    bar.id = 'cookie-bar';
    bar.textContent = 'We use cookies.';
    bar.style.cssText = 'position: fixed; left: 0; right: 0; bottom: 0; height: 60px; background: #eee';
    document.body.append(bar);
    document.querySelector('footer')!.style.marginBottom = '800px';
  });
  const farBadge = farSideBadge(page);
  const scrollClaimTo = (y: number) => scrollFarSideTo(page, y);

  // Under the header: unseen, and a click there reaches the header.
  await scrollClaimTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  const badgeBox = (await farBadge.boundingBox())!;
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('nav') !== null, {
      x: badgeBox.x + badgeBox.width / 2,
      y: badgeBox.y + badgeBox.height / 2,
    }),
  ).toBe(true);
  // Clear of it, in the middle of the view: shown at its claim.
  await scrollClaimTo(200);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  // Under the cookie bar: unseen.
  await scrollClaimTo(400 - 30);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  // The bar closed: shown again, where it is.
  await page.evaluate(() => document.getElementById('cookie-bar')!.remove());
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });

  // A wholly transparent layer over the whole view (one that only catches clicks) hides nothing, and the header is
  // still found through it.
  await page.evaluate(() => {
    const layer = document.createElement('div');
    layer.id = 'click-catcher';
    layer.style.cssText = 'position: fixed; inset: 0; opacity: 0; z-index: 5; background: #000';
    document.body.append(layer);
  });
  await scrollClaimTo(201);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await scrollClaimTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await page.evaluate(() => document.getElementById('click-catcher')!.remove());

  // Under the header again, Tab from the badge before it reaches it, and brings its claim out from under it.
  await scrollClaimTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await tabToFarSide(page);
  await expect(farBadge).toBeFocused();
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
});

test('a fixed box that stands off the view’s edges (a chat button in a corner, a newsletter box in the middle, a popover) hides the badges under it', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.evaluate(() => (document.querySelector('footer')!.style.marginBottom = '800px'));
  const farBadge = farSideBadge(page);
  await scrollFarSideTo(page, 300);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  const badge = (await farBadge.boundingBox())!;
  // Each box, 20 px or more from every edge of the view, over the badge: fixed to the view (and drawn over the
  // page's text) as such boxes are; the popover in the top layer, as `showPopover()` puts it.
  const boxes = {
    'chat button': `position: fixed; right: ${1280 - badge.x - badge.width - 20}px; bottom: ${600 - badge.y - badge.height - 20}px; width: 60px; height: 60px; border-radius: 30px; background: #36c; z-index: 1000`,
    'newsletter box': `position: fixed; left: ${badge.x - 200}px; top: ${badge.y - 100}px; width: 400px; height: 200px; background: #fff; border: 1px solid #999; z-index: 1000`,
    popover: `inset: auto; margin: 0; left: ${badge.x - 100}px; top: ${badge.y - 50}px; width: 200px; height: 100px`,
  };
  for (const [name, css] of Object.entries(boxes)) {
    await page.evaluate(
      ({ id, style }) => {
        const box = document.createElement('div');
        box.id = id;
        box.style.cssText = style;
        document.body.append(box);
        if (id !== 'popover') return;
        box.popover = 'manual';
        box.textContent = 'Sign up';
        box.showPopover();
      },
      { id: name.replace(' ', '-'), style: css },
    );
    await expect.poll(() => unseen(farBadge), { message: `the badge under the ${name}` }).toBe(true);
    // Scrolled clear of the box, the badge shows at its claim; back under it, it is hidden again.
    await scrollFarSideTo(page, 120);
    await expect.poll(() => unseen(farBadge), { message: `the badge clear of the ${name}` }).toBe(false);
    await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
    await scrollFarSideTo(page, 300);
    await expect.poll(() => unseen(farBadge), { message: `the badge under the ${name} again` }).toBe(true);
    // Closed: the badge shows again.
    await page.evaluate((id) => document.getElementById(id)!.remove(), name.replace(' ', '-'));
    await expect.poll(() => unseen(farBadge), { message: `the ${name} closed` }).toBe(false);
  }
});

test('claims in an open popover (the top layer) have their badges and card above it; claims under it have theirs hidden; closed, the overlay is back in the document', async ({
  checkArticle,
}) => {
  // A paragraph shown in a popover (a "key facts" box, an annotation) laid over the article's first paragraph.
  const { page, popup } = await checkArticle(async (page) => {
    const covered = await page.locator('article p').nth(1).boundingBox();
    await page.evaluate(
      showFactsInPopover,
      `inset: auto; margin: 0; left: 0; top: ${covered!.y - 10}px; width: 100vw; height: ${covered!.height + 20}px; background: #fff; border: 2px solid #333; padding: 0 20px`,
    );
  });
  await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
  /** Whether our element is the topmost at the middle of `target`'s box (so it shows, and takes a click). */
  const onTop = (target: Locator) =>
    target.evaluate((element) => {
      const { left, top, width, height } = element.getBoundingClientRect();
      const [x, y] = [left + width / 2, top + height / 2];
      const host = document.querySelector('factlens-overlay')!;
      return document.elementFromPoint(x, y) === host && element.contains(host.shadowRoot!.elementFromPoint(x, y));
    });
  const farBadge = farSideBadge(page);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => onTop(farBadge)).toBe(true);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await farBadge.click();
  await expect(card(page)).toBeVisible();
  expect(await onTop(card(page))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  // The first paragraph's claims are under the popover: their badges are hidden.
  const moonBadge = page.getByRole('button', { name: /^True: The Moon is about 384,400/ });
  await expect.poll(() => unseen(moonBadge)).toBe(true);
  // Badges of claims around the popover, drawn in it but fixed to the view, follow their claims as the page scrolls.
  await expect.poll(() => badgeOffset(page, 'Many people')).toMatchObject({ dx: 0, dy: -9 });
  await page.evaluate(() => {
    document.querySelector('footer')!.style.marginBottom = '800px';
    scrollBy(0, 40);
  });
  expect(await page.evaluate(() => scrollY)).toBe(40);
  await expect.poll(() => badgeOffset(page, 'Many people')).toMatchObject({ dx: 0, dy: -9 });
  // Closed: the overlay is back in the document, and the first paragraph's badges show.
  await page.evaluate(() => document.getElementById('facts')!.hidePopover());
  await expect
    .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')!.parentElement!.localName))
    .toBe('html');
  await expect.poll(() => unseen(moonBadge)).toBe(false);
  await expect.poll(() => onTop(moonBadge)).toBe(true);
});

// On a large page too, whose highlights' rules name the claims' elements, and whose page sheet (with the rule that keeps
// the page's backdrop off ours) is adopted only once the overlay needs it (see Overlay).
for (const large of [false, true])
  test(`claims in an open popover with a transform (centred by translate, as many are)${large ? ', on a large page' : ''}: the badges around it and its claims’ card are not clipped to its box`, async ({
    checkArticle,
  }) => {
    // A transform makes the popover the box that a fixed element inside it stands in, and its `overflow: auto` (the
    // browser's own style for popovers) clips it there. The page dims what is under its popovers.
    const { page, popup } = await checkArticle(async (page) => {
      await page.addStyleTag({ content: '::backdrop { background: rgb(0 0 0 / 0.5); }' });
      await page.evaluate(showFactsInPopover, CENTRED_POPOVER);
      if (large) await padToScopedHighlights(page);
    });
    await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
    expect(await claimsPaint(page)).toEqual({ ranges: 12, unpainted: [] });
    // The overlay, shown above the popover, does not dim it as the page's own popovers would be.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const host = document.querySelector('factlens-overlay')!;
          return { open: host.matches(':popover-open'), backdrop: getComputedStyle(host, '::backdrop').display };
        }),
      )
      .toEqual({ open: true, backdrop: 'none' });
    // A claim around the popover, far from its box: its badge shows at its claim.
    const manyPeople = page.getByRole('button', { name: /^False: Many people/ });
    await expect.poll(() => unseen(manyPeople)).toBe(false);
    await expect.poll(() => manyPeople.evaluate(overlayShownAt)).toBe(true);
    await expect.poll(() => badgeOffset(page, 'Many people')).toMatchObject({ dx: 0, dy: -9 });
    // A page script that hides every open popover but its own (as one of its menus opens) finds ours in its popover:
    // ours is shown again, above it.
    await page.evaluate(() => {
      for (const open of document.querySelectorAll<HTMLElement>(':popover-open'))
        if (open.id !== 'facts') open.hidePopover();
    });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')!.matches(':popover-open')))
      .toBe(true);
    await expect.poll(() => manyPeople.evaluate(overlayShownAt)).toBe(true);
    // A claim in the popover: its badge at its claim, and its card (wider than the popover) shown whole, above it.
    const farBadge = farSideBadge(page);
    await expect.poll(() => farBadge.evaluate(overlayShownAt)).toBe(true);
    await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
    await farBadge.click();
    await expect(card(page)).toBeVisible();
    expect(await card(page).evaluate(overlayShownAt, 8)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
    await expect(farBadge).toBeFocused();
    // The popover is still open (a click on our badge is not a click outside it), and closes: the overlay follows.
    expect(await page.evaluate(() => document.getElementById('facts')!.matches(':popover-open'))).toBe(true);
    await page.evaluate(() => document.getElementById('facts')!.hidePopover());
    await expect
      .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')!.parentElement!.localName))
      .toBe('html');
    await expect.poll(() => manyPeople.evaluate(overlayShownAt)).toBe(true);
  });

/**
 * A paragraph given to a web component that shows it in a popover or a modal dialog of its own shadow tree (a
 * tooltip, an annotation, a "quick view"), slotted in: neither the document's `:popover-open` nor its `:modal` sees
 * it, and its `toggle` event and `open` attribute do not leave the shadow tree.
 */
for (const { shown, tag, open, close } of [
  { shown: 'a popover', tag: 'div', open: 'showPopover', close: 'hidePopover' },
  { shown: 'a modal dialog', tag: 'dialog', open: 'showModal', close: 'close' },
] as const)
  test(`claims given to a web component that shows them in ${shown} of its own shadow tree: their badges and card above it; closed, the overlay is back in the document`, async ({
    checkArticle,
  }) => {
    const { page, popup } = await checkArticle((page) =>
      page.evaluate(
        ({ tag, open }) => {
          const host = document.createElement('fact-box');
          const shell = host.attachShadow({ mode: 'open' }).appendChild(document.createElement(tag));
          shell.append(document.createElement('slot'));
          if (tag === 'div') {
            shell.popover = 'manual';
            shell.style.cssText =
              'inset: auto; margin: 0; left: 0; top: 200px; width: 100vw; background: #fff; border: 2px solid #333; padding: 0 20px';
          }
          host.append(document.querySelectorAll('article p')[4]!);
          document.body.append(host);
          (shell as unknown as Record<string, () => void>)[open]!();
        },
        { tag, open },
      ),
    );
    await expect(popup.getByText('Located 12 of 12 claims in the page.')).toBeVisible();
    const farBadge = farSideBadge(page);
    // Before, the overlay stayed under the top layer: the badge was not what the page showed at its middle.
    await expect.poll(() => farBadge.evaluate(overlayShownAt)).toBe(true);
    await farBadge.click();
    await expect(card(page)).toBeVisible();
    expect(await card(page).evaluate(overlayShownAt, 8)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
    await page.evaluate(
      (close) =>
        (document.querySelector('fact-box')!.shadowRoot!.firstElementChild as unknown as Record<string, () => void>)[
          close
        ]!(),
      close,
    );
    await expect
      .poll(() => page.evaluate(() => document.querySelector('factlens-overlay')?.parentElement?.localName))
      .toBe('html');
  });

test('on a page zoomed to 2, a badge is hidden under the sticky header by its size on screen (34 px), not its own (17 px)', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle((page) =>
    page.addStyleTag({
      content:
        'html { zoom: 2; } nav { position: sticky; top: 0; height: 80px; background: #fff; z-index: 1; } footer { margin-bottom: 800px; }',
    }),
  );
  const farBadge = farSideBadge(page);
  // The header is 160 px high on screen. The claim's line at 173 px: its badge, raised 18 px, reaches 5 px under
  // the header (at 17 px raised 9, it would not).
  await scrollFarSideTo(page, 173);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await scrollFarSideTo(page, 200);
  await expect.poll(() => unseen(farBadge)).toBe(false);
});

test('in a web app’s fixed shell that scrolls by itself, the shell’s sticky header hides the badges under it, and the shell hides none', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  // The whole page moves into a shell fixed over the view, which scrolls by itself, with the site's navigation as a
  // header 80 px high that sticks to the shell's top (as web apps lay themselves out).
  await page.evaluate(() => {
    const shell = document.createElement('div');
    shell.id = 'shell';
    shell.style.cssText = 'position: fixed; inset: 0; overflow: auto; background: #fff';
    const nav = document.querySelector('nav')!;
    nav.style.cssText = 'position: sticky; top: 0; height: 80px; background: #fff; z-index: 1';
    shell.append(nav, document.querySelector('main')!);
    shell.append(Object.assign(document.createElement('div'), { style: 'height: 1200px' }));
    document.body.append(shell);
  });
  // Moved, the claims' Ranges collapsed: they are anchored again.
  await expect
    .poll(() => highlightedTexts(page, ['refuted']))
    .toContain('The far side of the Moon never receives sunlight.');
  const farBadge = farSideBadge(page);
  const scrollShellTo = (y: number) => scrollFarSideTo(page, y, 'shell');
  await scrollShellTo(300);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await scrollShellTo(40);
  await expect.poll(() => unseen(farBadge)).toBe(true);
});

test('in a pane that scrolls by itself (as web apps and chats have), a claim out of the pane’s view has no badge showing; Tab brings it into view', async ({
  checkArticle,
}) => {
  const { page } = await checkArticle();
  // The article moves into a pane 250 px high: its last paragraph is below the pane's fold, though within the view.
  await page.evaluate(() => {
    const pane = document.createElement('div');
    pane.id = 'pane';
    pane.style.cssText = 'height: 250px; overflow: auto';
    const article = document.querySelector('article')!;
    article.before(pane);
    pane.append(article);
  });
  const farBadge = farSideBadge(page);
  const firstBadge = page.getByRole('button', { name: /^True: The Moon is about 384,400/ });
  await expect.poll(() => unseen(farBadge)).toBe(true);
  expect(await unseen(firstBadge)).toBe(false);
  await expect(firstBadge).toBeInViewport();

  // Scrolled in the pane to that paragraph: its badge shows at its claim, and the first paragraph's is unseen.
  const scrollPaneTo = (paragraph: number) =>
    page.evaluate((index) => {
      const pane = document.getElementById('pane')!;
      const top = document.querySelectorAll('article p')[index]!.getBoundingClientRect().top;
      pane.scrollTop += top - pane.getBoundingClientRect().top;
    }, paragraph);
  await scrollPaneTo(4);
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await expect.poll(() => unseen(firstBadge)).toBe(true);

  // Back at the pane's top, Tab from the badge before it reaches it, scrolls the pane to its claim, and shows it there.
  await scrollPaneTo(0);
  await expect.poll(() => unseen(farBadge)).toBe(true);
  await tabToFarSide(page);
  await expect(farBadge).toBeFocused();
  await expect.poll(() => unseen(farBadge)).toBe(false);
  await expect.poll(() => badgeOffset(page, 'The far side')).toMatchObject({ dx: 0, dy: -9 });
  await expect(farBadge).toBeInViewport();

  // Its card, open, follows it as the pane scrolls.
  await page.keyboard.press('Enter');
  const card = page.locator('factlens-overlay .card[role="dialog"]');
  await expect(card).toBeVisible();
  const gap = async () => (await card.boundingBox())!.y - (await farBadge.boundingBox())!.y;
  const before = { gap: await gap(), badge: (await farBadge.boundingBox())!.y };
  await page.evaluate(() => (document.getElementById('pane')!.scrollTop += 40));
  await expect.poll(async () => before.badge - (await farBadge.boundingBox())!.y).toBe(40);
  await expect.poll(gap).toBe(before.gap);
  // And as the page changes: content added above the paragraph moves it down, with no scrolling.
  const paragraphTop = () => page.evaluate(() => document.querySelectorAll('article p')[4]!.getBoundingClientRect().y);
  const moved = { paragraph: await paragraphTop(), badge: (await farBadge.boundingBox())!.y };
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '20px';
    document.querySelectorAll('article p')[4]!.before(spacer);
  });
  const shift = (await paragraphTop()) - moved.paragraph;
  expect(shift).toBeGreaterThanOrEqual(20);
  await expect.poll(async () => Math.round((await farBadge.boundingBox())!.y - moved.badge)).toBe(Math.round(shift));
  await expect.poll(gap).toBe(before.gap);
});
