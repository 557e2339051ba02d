/**
 * Firefox, in a frame whose parent FactLens cannot look through (as one of another origin), where no
 * IntersectionObserver v2 can tell whether the parent paints over the card: Apply needs a second click on a card that
 * has stood still, or the keyboard.
 */
import { byText, cardText, checkDraftIn, expect, frameOf, openCard, test } from './firefox';
import { ARMED_ATTRIBUTE } from '../../utils/page/click-guard';

test('Firefox: in a frame whose parent cannot be looked through, a first click on Apply asks for a second; the second applies', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('frame-draft.html');
  const frame = await frameOf(page, 'iframe[title="Post body"]');
  const words = () => frame.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim());
  const original = await words();
  await checkDraftIn({ page, tabId, openPopup }, (await frame.$('body'))!, 2, frame);
  // More after the frame than the cover check looks through: to the frame, its parent is as unreadable as one of
  // another origin.
  await page.evaluate(() => {
    const filler = document.createElement('footer');
    for (let index = 0; index < 2_500; index++) filler.appendChild(document.createElement('span'));
    document.body.appendChild(filler);
  });
  await openCard(frame, /^False: The far side/);
  const apply = await byText(frame, 'button', 'Apply correction', true);
  await apply.hover();
  await expect.poll(() => apply.evaluate((element, name) => element.hasAttribute(name), ARMED_ATTRIBUTE)).toBe(true);
  await apply.click();
  await expect.poll(() => cardText(frame)).toContain('cannot see whether the page around this frame covers the card');
  expect(await words()).toBe(original);
  await apply.click();
  await expect.poll(() => cardText(frame)).toContain('Correction applied.');
  expect(await words()).not.toBe(original);
});
