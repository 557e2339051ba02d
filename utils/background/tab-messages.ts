/** What the worker tells a tab's content scripts: show a claim and open its card, or hide and show the highlights. */
import { browser } from '#imports';
import { ServiceError } from './api/errors';
import type { RevealMessage, ToggleHighlightsMessage } from '../contract/messages';
import { t } from '../shared/i18n';

/** Hides, or shows again, the highlights and badges in every frame of the tab (the hide-highlights command). */
export async function toggleHighlights(tabId: number): Promise<void> {
  const message: ToggleHighlightsMessage = { type: 'factlens:toggle-highlights' };
  // Every frame's content script (a page and an editor's iframe may both show claims); none: nothing to hide.
  await browser.tabs.sendMessage(tabId, message).catch(() => undefined);
}

/**
 * Asks the content script of the frame the check was drawn in (an editor's iframe, or the page) to scroll to a claim
 * and open its card (`'next'`: see RevealMessage).
 */
export async function revealClaim(tabId: number, frameId: number, claimId: number | 'next'): Promise<void> {
  const message: RevealMessage = { type: 'factlens:reveal', claimId };
  try {
    await browser.tabs.sendMessage(tabId, message, { frameId });
  } catch (error) {
    throw new ServiceError(
      {
        kind: 'invalid-input',
        message: t('pageNoLongerShowing'),
      },
      { cause: error },
    );
  }
}
