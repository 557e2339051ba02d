/**
 * The add-on in a German Firefox (its language pack, Debian's firefox-esr-l10n-de): the popup, the page's badges and
 * card, and the options page speak German, with no English words of ours and nothing cut off, as in Chromium (see
 * languages.spec.ts).
 */
import { cardText, checkDraftIn, expect, openCard, test, valuesIn } from './firefox';
import { englishOnly, englishShown, overflowsIn, textOfOurs } from './i18n-checks';
import { wordsIn } from './words';

test.use({ firefoxLanguage: 'de' });

test('Firefox: in German, the popup, the badges, the card and the options page speak German', async ({
  configure,
  openDemoPage,
  openPopup,
  openExtensionPage,
}) => {
  const words = wordsIn('de');
  const german = words.messages;
  await configure();
  const { page, tabId } = await openDemoPage('draft-contenteditable.html');
  const editor = (await page.$('#editor'))!;
  const popup = await checkDraftIn({ page, tabId, openPopup }, editor, 3, page, words);
  for (const view of [popup, await openExtensionPage('options.html')]) {
    await expect.poll(() => view.evaluate(() => document.documentElement.lang)).toBe('de');
    const ours = await view.evaluate(textOfOurs, (await view.$('body'))!, 'de');
    expect(ours).toContain(words.t('navSettings'));
    expect(englishShown(englishOnly('de'), ours)).toEqual([]);
    expect(await view.evaluate(overflowsIn)).toEqual([]);
  }
  await popup.screenshot({ path: 'artifacts/e2e-i18n-firefox-de-popup.png' });
  const labels = await valuesIn(page, { selector: '.badge', inOverlay: true, attribute: 'aria-label' });
  for (const label of labels) expect(label.endsWith(german.badgeShowDetails!.message)).toBe(true);

  await openCard(page, new RegExp(`^${german.verdictFalse!.message}:`));
  const card = await cardText(page);
  for (const key of ['verdictFalse', 'cardCorrection', 'cardApplyCorrection', 'cardAllClaims', 'cardPosition'])
    expect(card).toContain(german[key]!.message.replace('$1', '2').replace('$2', '3'));
  // The overlay's words are declared German, for a screen reader's voice.
  expect(
    await page.evaluate(() =>
      document.querySelector('factlens-overlay')?.shadowRoot?.querySelector('.layer')?.getAttribute('lang'),
    ),
  ).toBe('de');
  await page.screenshot({ path: 'artifacts/e2e-i18n-firefox-de-card.png' });
});
