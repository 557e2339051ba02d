/**
 * What a draft's card does, written once and run in Chromium and in Firefox: a stale claim's card checks the draft
 * again (or says why it cannot), decoys drawn over the card get nothing written, and "Copy correction" reaches the
 * clipboard.
 */
import { DECOY_FORMS, drawDecoy } from './decoys';
import { expect } from './quick-expect';
import { checkedDraft, correctionIn, TEXTAREA_DRAFT } from './users/draft-user';
import { inBothBrowsers } from './users/in-both-browsers';
import { announced, removeApiKey } from './users/steps';

inBothBrowsers(
  'an edited claim’s card checks the draft again: only the changed sentence is sent, the caret stays; refused, it says why and the claims stay',
  async (browser) => {
    const draft = await checkedDraft(browser, TEXTAREA_DRAFT);
    const caret = await draft.evaluate(() => {
      const textarea = document.querySelector('textarea')!;
      const at = textarea.value.indexOf('Espresso has more') + 'Espresso has'.length;
      textarea.focus();
      textarea.setSelectionRange(at, at);
      return at + ' much'.length;
    });
    await draft.type(' much');
    const edited = await draft.text();
    const stale = /changed since the check/;
    const staleBadges = async () => (await draft.badgeLabels()).filter((label) => stale.test(label));
    await expect.poll(async () => (await staleBadges()).length).toBe(1);

    // With no key, the card says why; nothing is sent, and the check it explains stays drawn.
    await removeApiKey(browser);
    const callsBefore = browser.double.endpointCalls().length;
    await draft.bringToFront();
    await draft.openCard(stale);
    expect(await draft.cardText()).toContain('(the text changed since the check)');
    await draft.clickArmed('Check the draft again');
    await expect.poll(draft.cardText).toContain('No API key is set. Open Settings and add your key.');
    expect(await draft.badgeLabels()).toHaveLength(4);
    expect(browser.double.endpointCalls()).toHaveLength(callsBefore);

    // With the key, the changed sentence alone is checked, and the draft keeps its text and its caret.
    await browser.configure();
    await draft.bringToFront();
    await draft.clickInCard('Close');
    await expect.poll(draft.cardText).toBe('');
    await draft.openCard(stale);
    await draft.clickArmed('Check the draft again');
    await expect.poll(staleBadges).toEqual([]);
    await expect
      .poll(async () => (await draft.badgeLabels()).filter((label) => /^False: Espresso has much more/.test(label)))
      .toHaveLength(1);
    expect(await draft.badgeLabels()).toHaveLength(4);
    // The card went as the check started, and the popup is closed: the page's live region tells its end.
    await expect.poll(() => draft.evaluate(announced)).toBe('The draft was checked again: 4 claims.');
    const newCalls = browser.double.endpointCalls().slice(callsBefore);
    expect(newCalls.map((call) => call.endpoint)).toEqual(['detectClaims', 'factCheckClaims']);
    expect((newCalls[1]?.body as { claims: string[] }).claims).toEqual([
      expect.stringMatching(/^Espresso has much more caffeine/),
    ]);
    expect(await draft.text()).toBe(edited);
    expect(
      await draft.evaluate(() => {
        const textarea = document.querySelector('textarea')!;
        return [document.activeElement === textarea, textarea.selectionStart];
      }),
    ).toEqual([true, caret]);
  },
);

inBothBrowsers(
  'clickjacking: decoys a hit test or a cover check may let through, drawn over the card, get no correction applied; gone, Apply works',
  async (browser) => {
    const draft = await checkedDraft(browser, TEXTAREA_DRAFT);
    const original = await draft.text();
    // A card each, so that each refusal is its own. Firefox has no IntersectionObserver v2: there, what sees these
    // decoys is the cover check alone.
    for (const [form, reason] of DECOY_FORMS) {
      await draft.openCard(/^False: /);
      await draft.evaluate(drawDecoy, form);
      // The user clicks where the decoy shows its button: Apply, under it, gets the click.
      await draft.clickInCard('Apply correction');
      await expect.poll(draft.cardText, { message: form }).toContain(reason);
      expect(await draft.cardText()).toContain('nothing was written');
      expect(await draft.text()).toBe(original);
      await draft.evaluate(() => document.getElementById('decoy')!.remove());
      await draft.closeCard();
    }
    await draft.openCard(/^False: /);
    await draft.clickArmed('Apply correction');
    await expect.poll(draft.cardText).toContain('Correction applied.');
    expect(await draft.text()).not.toBe(original);
  },
);

inBothBrowsers(
  '“Copy correction” puts the correction on the clipboard, on a page that is a secure context (the Clipboard API): pasted at the draft’s end',
  async (browser) => {
    const draft = await checkedDraft(browser, TEXTAREA_DRAFT);
    expect(await draft.evaluate(() => isSecureContext)).toBe(true);
    await draft.openCard(/^False: /);
    const correction = correctionIn(await draft.cardText());
    await draft.clickInCard('Copy correction');
    await expect.poll(draft.cardText).toContain('Correction copied.');
    // Pasted at the draft's end, the card closed first (it may stand over the field).
    const before = await draft.text();
    await draft.closeCard();
    await draft.click('textarea');
    await draft.press('Control+End');
    await draft.press('Control+v');
    await expect.poll(draft.text).toBe(before + correction);
  },
);
