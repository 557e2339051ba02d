/** The DraftUser of Firefox: puppeteer's handles and keyboard over WebDriver BiDi, on a draft checked from the popup. */
import type { ElementHandle, Page } from 'puppeteer-core';
import { stretchDelay } from '../fixtures';
import {
  cardText,
  checkDraftIn,
  clickArmed,
  expect,
  highlightedTexts,
  openCard,
  overlayBadges,
  type FirefoxFixtures,
} from '../firefox';
import { caretBefore, claimsIn, openDraftPage, type DraftPage, type DraftUser } from './draft-user';

type Opening = Pick<FirefoxFixtures, 'configure' | 'openPopup' | 'openDemoPage' | 'openBundledPage'>;

/** Opens the draft's page, clicks into the draft and checks it from the popup, until its claims are drawn. */
export async function checkedDraftInFirefox(fixtures: Opening, draft: DraftPage): Promise<DraftUser> {
  await fixtures.configure();
  const { page, tabId } = await openDraftPage(fixtures, draft);
  const field = (await page.$(
    'editor' in draft ? '[contenteditable]:not([contenteditable="false"])' : draft.selector,
  ))!;
  await checkDraftIn({ page, tabId, openPopup: fixtures.openPopup }, field, claimsIn(draft));
  return firefoxUser(page, field, 'editor' in draft);
}

function firefoxUser(page: Page, field: ElementHandle, richEditor: boolean): DraftUser {
  return {
    text: richEditor
      ? () => page.evaluate(() => (window as unknown as { editorText: () => string | Promise<string> }).editorText())
      : () =>
          field.evaluate((element) =>
            element instanceof HTMLTextAreaElement ? element.value : (element as HTMLElement).innerText,
          ),
    highlighted: (kinds) => highlightedTexts(page, kinds),
    badgeLabels: async () =>
      Promise.all(
        (await overlayBadges(page)).map(
          async (badge) => (await badge.evaluate((element) => element.getAttribute('aria-label'))) ?? '',
        ),
      ),
    openCard: (label) => openCard(page, label),
    cardText: () => cardText(page),
    cardLinks: async () => {
      const links = await page.$$('factlens-overlay >>> .card a[href^="http"]');
      return Promise.all(links.map(async (link) => (await link.evaluate((a) => a.getAttribute('href'))) ?? ''));
    },
    clickArmed: (name) => clickArmed(page, name),
    closeCard: async () => {
      await page.keyboard.press('Escape');
      await expect.poll(() => cardText(page)).toBe('');
    },
    undoInDraft: async () => {
      await field.focus();
      await page.keyboard.down('Control');
      await page.keyboard.press('z');
      await page.keyboard.up('Control');
    },
    type: (text) => page.keyboard.type(text),
    caretBefore: (words) => field.evaluate(caretBefore, words),
    linksInDraft: () =>
      field.evaluate((element) => [...element.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '')),
    stretchDelay: (name) => stretchDelay(page, name),
  };
}
