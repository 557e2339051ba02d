/** The toolbar button on a checked tab: its badge (what needs a look) and its title (the badge in words). */
import { t, tp, type MessageKey } from '../shared/i18n';
import { browser } from '#imports';
import type { Job } from '../contract/jobs';

export class ToolbarButton {
  /** What each tab's button was last set to: a job changes several times per batch, and only a change needs a call. */
  private readonly shown = new Map<number, string>();

  async show(job: Job): Promise<void> {
    if (job.tabId === null) return;
    const { text, color } = badgeOf(job);
    const title = actionTitleOf(job);
    const shown = `${text} ${color} ${title}`;
    if (this.shown.get(job.tabId) === shown) return;
    this.shown.set(job.tabId, shown);
    const action = browser.action ?? browser.browserAction;
    try {
      await action.setBadgeText({ tabId: job.tabId, text });
      await action.setBadgeBackgroundColor({ tabId: job.tabId, color });
      await action.setTitle({ tabId: job.tabId, title });
    } catch {
      this.shown.delete(job.tabId); // The tab is gone.
    }
  }

  /** The tab closed or left its page: its button starts afresh. */
  forget(tabId: number): void {
    this.shown.delete(tabId);
  }
}

/** How many of a job's claims have a verdict other than true: those the badge counts. */
function claimsToLookAt(job: Job): number {
  return job.claims.filter((claim) => claim.result && claim.result.verdict !== 'supported').length;
}

/**
 * The toolbar badge for a job: running (…), failed (!), done with every claim true (✓), or how many claims
 * need a look (detected claims, for detection alone).
 */
function badgeOf(job: Job): { text: string; color: string } {
  const flagged = claimsToLookAt(job);
  const color = job.state === 'failed' || flagged ? '#b3261e' : '#3a5a40';
  if (job.state === 'failed') return { text: '!', color };
  if (job.state === 'cancelled') return { text: '', color };
  if (job.state === 'asking') return { text: '?', color: '#b45309' };
  if (job.state !== 'done') return { text: '…', color };
  // Nothing found to check is not "all true".
  if (!job.claims.length) return { text: '0', color: '#5f6368' };
  if (job.mode === 'detect') return { text: String(job.claims.length), color };
  return { text: flagged ? String(flagged) : '✓', color };
}

/** The toolbar button's name while a check of each scope runs. */
const CHECKING = {
  page: 'toolbarCheckingPage',
  selection: 'toolbarCheckingSelection',
  draft: 'toolbarCheckingDraft',
} as const satisfies Record<Job['scope'], MessageKey>;

/**
 * The toolbar button's name on the job's tab (its tooltip, and what a screen reader says of it): the badge in words,
 * and why a check failed, or what it says while it runs (a refusal of another check, a wait the service asked for).
 */
function actionTitleOf(job: Job): string {
  const flagged = claimsToLookAt(job);
  const total = job.claims.length;
  const title = (() => {
    switch (job.state) {
      case 'failed':
        return t('toolbarFailed', job.error?.message ?? '');
      case 'cancelled':
        return t('toolbarCancelled');
      case 'asking':
        return tp('toolbarAsking', total, job.question?.estimate ?? '?');
      case 'done':
        if (!total) return t('toolbarNoClaims');
        if (job.mode === 'detect') return tp('toolbarDetected', total);
        if (flagged) return tp('toolbarToLookAt', flagged, total);
        return total === 1 ? t('toolbarOneTrue') : tp('toolbarAllTrue', total);
      default:
        return t(CHECKING[job.scope], job.notice);
    }
  })();
  return title.trim();
}
