/**
 * The interface in the browser's language: Chromium started with `--lang=de` and `--lang=pl` shows the page's badges,
 * card and list of claims in it, with no English words of ours left (the page's and the service's own text keeps its
 * language), and axe finds no violations there. Screenshots of each go to artifacts/.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, overlayBadges, overlayCard, test } from './fixtures';

type Messages = Record<string, { message: string }>;
const messagesOf = (locale: string) =>
  JSON.parse(readFileSync(`public/_locales/${locale}/messages.json`, 'utf8')) as Messages;
const english = messagesOf('en');

/** The words of English messages that `locale` words otherwise: none of them may show in its interface. */
function englishOnly(locale: string): string[] {
  const own = messagesOf(locale);
  return Object.entries(english).flatMap(([key, { message }]) =>
    own[key]?.message === message || key === 'locale'
      ? []
      : // A message's fixed parts, around its placeholders, of a length that is words and not a stray letter.
        message.split(/\$[1-9]/).filter((part) => part.replace(/[\s\p{P}]/gu, '').length >= 6),
  );
}

/** The text of ours in the open card or list: what stands under our `lang`, not the page's nor the service's. */
const ourText = (page: Page, language: string) =>
  page.locator('factlens-overlay .card').evaluateAll(
    (cards, lang) =>
      cards
        .flatMap((card) => {
          const texts: string[] = [];
          const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            if (node.parentElement?.closest('[lang]')?.getAttribute('lang') === lang)
              texts.push(node.textContent ?? '');
          return texts;
        })
        .join(' '),
    language,
  );

for (const language of ['de', 'pl']) {
  test.describe(() => {
    test.use({ browserLanguage: language });

    test(`in ${language}: the badges, the card and the list of claims speak the browser’s language`, async ({
      checkDraftOn,
    }) => {
      const own = messagesOf(language);
      const { page } = await checkDraftOn('draft-contenteditable.html', '#editor', 3);
      const labels = await overlayBadges(page).evaluateAll((badges) =>
        badges.map((badge) => badge.getAttribute('aria-label') ?? ''),
      );
      for (const label of labels) expect(label.endsWith(own.badgeShowDetails!.message)).toBe(true);
      expect(labels.filter((label) => label.startsWith(`${own.verdictFalse!.message}:`))).toHaveLength(1);

      await overlayBadges(page)
        .and(page.getByRole('button', { name: new RegExp(`^${own.verdictFalse!.message}:`) }))
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
      expect(englishOnly(language).filter((words) => ours.includes(words))).toEqual([]);
      await page.screenshot({ path: `artifacts/e2e-i18n-${language}-card.png` });
      const axe = async () =>
        (await new AxeBuilder({ page }).include('factlens-overlay').analyze()).violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(await axe()).toEqual([]);

      await card.getByRole('button', { name: own.cardAllClaims!.message }).click();
      const list = page.locator('factlens-overlay .card.list');
      await expect(list.getByRole('heading')).toContainText(
        own.listLocated!.message.replace('$1', '3').replace('$2', '3'),
      );
      const listed = await ourText(page, language);
      expect(englishOnly(language).filter((words) => listed.includes(words))).toEqual([]);
      await page.screenshot({ path: `artifacts/e2e-i18n-${language}-list.png` });
      expect(await axe()).toEqual([]);
    });
  });
}
