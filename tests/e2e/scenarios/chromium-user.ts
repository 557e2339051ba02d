/** The DraftUser of Chromium: Playwright's locators and keyboard, on a draft checked from the popup. */
import type { Locator, Page } from '@playwright/test';
import {
  checkDraft,
  clickArmed,
  editorTextOf,
  expect,
  highlightedTexts,
  overlayBadges,
  overlayCard,
  stretchDelay,
  type TestFixtures,
} from '../fixtures';
import { caretBefore, claimsIn, openDraftPage, type DraftPage, type DraftUser } from './draft-user';

type Opening = Pick<TestFixtures, 'configure' | 'openPopup' | 'openDemoPage' | 'openBundledPage'>;

/** Opens the draft's page, clicks into the draft and checks it from the popup, until its claims are drawn. */
export async function checkedDraftInChromium(fixtures: Opening, draft: DraftPage): Promise<DraftUser> {
  await fixtures.configure();
  const { page, tabId } = await openDraftPage(fixtures, draft);
  const field =
    'editor' in draft ? page.getByRole('textbox', { name: 'Newsletter draft' }) : page.locator(draft.selector);
  await field.click();
  await checkDraft(page, await fixtures.openPopup(tabId), claimsIn(draft));
  return chromiumUser(page, field, 'editor' in draft);
}

function chromiumUser(page: Page, field: Locator, richEditor: boolean): DraftUser {
  const card = overlayCard(page);
  return {
    text: richEditor
      ? editorTextOf(page)
      : () =>
          field.evaluate((element) =>
            element instanceof HTMLTextAreaElement ? element.value : (element as HTMLElement).innerText,
          ),
    highlighted: (kinds) => highlightedTexts(page, kinds),
    badgeLabels: () =>
      overlayBadges(page).evaluateAll((all) => all.map((badge) => badge.getAttribute('aria-label') ?? '')),
    openCard: async (label) => {
      await overlayBadges(page)
        .and(page.getByRole('button', { name: label }))
        .first()
        .click();
      await expect(card).toBeVisible();
    },
    cardText: async () => ((await card.count()) ? card.innerText() : ''),
    cardLinks: () =>
      card.locator('a[href^="http"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
    clickArmed: (name) => clickArmed(card.getByRole('button', { name })),
    closeCard: async () => {
      await page.keyboard.press('Escape');
      await expect(card).toHaveCount(0);
    },
    undoInDraft: () => field.press('Control+z'),
    type: (text) => page.keyboard.type(text),
    caretBefore: (words) => field.evaluate(caretBefore, words),
    linksInDraft: () =>
      field.evaluate((element) => [...element.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '')),
    stretchDelay: (name) => stretchDelay(page, name),
  };
}
