/**
 * The add-on in a German Firefox (its language pack, Debian's firefox-esr-l10n-de): the page's badges and card speak
 * German, with no English words of ours, as in Chromium (see languages.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { cardText, checkDraftIn, expect, openCard, overlayBadges, test } from './firefox';

type Messages = Record<string, { message: string }>;
const messagesOf = (locale: string) =>
  JSON.parse(readFileSync(`public/_locales/${locale}/messages.json`, 'utf8')) as Messages;

test.use({ firefoxLanguage: 'de' });

test('Firefox in German: the badges and the card speak German', async ({ configure, openDemoPage, openPopup }) => {
  const german = messagesOf('de');
  await configure();
  const { page, tabId } = await openDemoPage('draft-contenteditable.html');
  const editor = (await page.$('#editor'))!;
  await checkDraftIn({ page, tabId, openPopup }, editor, 3);
  const labels = await Promise.all(
    (await overlayBadges(page)).map((badge) => badge.evaluate((element) => element.getAttribute('aria-label') ?? '')),
  );
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
