/**
 * The interface in the browser's language: Chromium started with `--lang=de`, `--lang=fr` and `--lang=pl` shows the popup (each of
 * its views), the page's badges, card and list of claims, and the options page in it, with no English words of ours
 * left (the page's and the service's own text keeps its language), nothing cut off or running past its edge with the
 * language's long words, and no axe violation. Screenshots of each go to artifacts/.
 */
import { axeViolations } from './axe';
import type { Page } from '@playwright/test';
import { checkDraft, overlayBadges, overlayCard } from './chromium-steps';
import { expect } from './quick-expect';
import { test } from './fixtures';
import { englishOnly, englishShown, overflowsIn, textOfOurs } from './i18n-checks';
import { wordsIn } from './words';

/**
 * The language whose every view axe reads: German's long words are the likeliest to push a control out of its box.
 * In the others axe reads one view of each page (the popup's first, the card, the list, the side panel's first, the
 * options): what a language changes for axe (the pages' lang, their names' words) is the same in a page's every view,
 * and each axe run costs the suite about two seconds.
 */
const EVERY_VIEW_AXED = 'de';

/**
 * An extension page of ours, as a user of `language` sees it: declared in the language, its words in it (some of them
 * `expected`), none of English's, nothing cut off, no axe violation (in a further view of a page, in EVERY_VIEW_AXED
 * alone); a screenshot saved as `name`.
 */
async function expectSpoken(
  page: Page,
  language: string,
  name: string,
  expected: string[],
  view: 'first' | 'further' = 'first',
): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  const ours = await page.locator('body').evaluate(textOfOurs, language);
  for (const words of expected) expect(ours).toContain(words);
  expect(englishShown(englishOnly(language), ours)).toEqual([]);
  expect(await page.evaluate(overflowsIn)).toEqual([]);
  await page.screenshot({ path: `artifacts/e2e-i18n-${language}-${name}.png`, fullPage: true });
  if (view === 'first' || language === EVERY_VIEW_AXED) expect(await axeViolations(page)).toEqual([]);
}

/** The text of ours in the open card or list: what stands under our `lang`, not the page's nor the service's. */
const ourText = async (page: Page, language: string) => {
  const cards = await page.locator('factlens-overlay .card').all();
  return (await Promise.all(cards.map((card) => card.evaluate(textOfOurs, language)))).join(' ');
};

for (const language of ['de', 'fr', 'pl']) {
  test.describe(() => {
    test.use({ browserLanguage: language });

    test(`in ${language}: the popup, the badges, the card, the list and the options page speak the browser’s language`, async ({
      configure,
      openDemoPage,
      openPopup,
      openExtensionPage,
    }) => {
      const words = wordsIn(language);
      const own = words.messages;
      await configure();
      const { page, tabId } = await openDemoPage('draft-contenteditable.html');
      await page.locator('#editor').click();
      const popup = await openPopup(tabId);
      await checkDraft(page, popup, 3, words);

      const labels = await overlayBadges(page).evaluateAll((badges) =>
        badges.map((badge) => badge.getAttribute('aria-label') ?? ''),
      );
      for (const label of labels) expect(label.endsWith(own.badgeShowDetails!.message)).toBe(true);
      // French sets a narrow no-break space before the colon (an accessible name reads it as a space).
      const falseLabel = new RegExp(`^${own.verdictFalse!.message}\\s?:`);
      expect(labels.filter((label) => falseLabel.test(label))).toHaveLength(1);

      await overlayBadges(page)
        .and(page.getByRole('button', { name: falseLabel }))
        .click();
      const card = overlayCard(page);
      await expect(card).toBeVisible();
      const apply = card.getByRole('button', { name: own.cardApplyCorrection!.message });
      // Armed, so that the screenshot shows the card as a user about to apply sees it.
      await apply.hover();
      const ours = await ourText(page, language);
      for (const key of [
        'verdictFalse',
        'cardCorrection',
        'cardApplyCorrection',
        'cardApplyWithSource',
        'cardAllClaims',
      ])
        expect(ours).toContain(own[key]!.message);
      expect(englishShown(englishOnly(language), ours)).toEqual([]);
      await page.screenshot({ path: `artifacts/e2e-i18n-${language}-card.png` });
      expect(await axeViolations(page, 'factlens-overlay')).toEqual([]);

      await card.getByRole('button', { name: own.cardAllClaims!.message }).click();
      const list = page.locator('factlens-overlay .card.list');
      await expect(list.getByRole('heading')).toContainText(words.t('listLocated', 3, 3));
      const listed = await ourText(page, language);
      expect(englishShown(englishOnly(language), listed)).toEqual([]);
      await page.screenshot({ path: `artifacts/e2e-i18n-${language}-list.png` });
      expect(await axeViolations(page, 'factlens-overlay')).toEqual([]);

      // The popup after the check: its claims, one's reasoning and sources open, its credits.
      await popup.bringToFront();
      await popup.locator('.claims details summary').first().click();
      await expectSpoken(popup, language, 'popup', [
        words.tp('stageChecked', 3),
        words.t('scopeDraft'),
        words.tp('claimCount', 3),
        words.t('navSettings'),
      ]);
      // Each other view: its forms, the library's lists, the history.
      const views = [
        ['navWrite', ['toolBullets', 'bulletsHint', 'writeParagraph']],
        ['navLibrary', ['brandVoices', 'searchVoices']],
        ['navHistory', ['historyRecent', 'exportMarkdown', 'clearHistory']],
      ] as const;
      for (const [view, expected] of views) {
        await popup.getByRole('button', { name: words.t(view) }).click();
        await expect(popup.getByText(words.t(expected[1])).first()).toBeVisible();
        await expectSpoken(
          popup,
          language,
          `popup-${view.replace('nav', '').toLowerCase()}`,
          expected.map((key) => words.t(key)),
          'further',
        );
      }

      // The side panel, as narrow as Chromium lets the user make it (320 px): the same views, with less room.
      const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
      await panel.setViewportSize({ width: 320, height: 900 });
      await expect(panel.getByText(words.tp('stageChecked', 3))).toBeVisible();
      await expectSpoken(panel, language, 'sidepanel', [words.tp('claimCount', 3), words.t('navSettings')]);
      await panel.getByRole('button', { name: words.t('navWrite') }).click();
      await panel.getByLabel(words.t('tool')).selectOption('grounded');
      await expectSpoken(
        panel,
        language,
        'sidepanel-grounded',
        [words.t('toolGrounded'), words.t('sourcesDomains')],
        'further',
      );

      const options = await openExtensionPage('options.html');
      await expect(options.getByLabel(words.t('apiKey'), { exact: true })).not.toHaveValue('');
      await expect(options.getByRole('heading', { name: words.t('keyboardShortcuts') })).toBeVisible();
      await expectSpoken(options, language, 'options', [
        words.t('optionsTitle'),
        words.t('outputLanguage'),
        words.t('checkModeProgressive'),
        words.t('writeSitesHeading'),
        words.t('commandCheckPage'),
      ]);
      expect(await options.title()).toBe(words.t('optionsTitle'));
    });
  });
}
