/**
 * A past check exported as ClaimReview JSON-LD (see claim-review.ts): asked for the address it will be published at,
 * with the publisher named in the options as its author; a draft for an editor to review.
 */
import { useState } from 'preact/hooks';
import type { HistoryEntry } from '@/utils/contract/history-entries';
import { t, tp } from '@/utils/shared/i18n';
import { sendMessage } from '@/utils/shared/messaging';
import { safeHttpUrl } from '@/utils/shared/urls';
import { exportName } from '@/utils/ui/report';
import { toClaimReview } from '@/utils/ui/claim-review';
import { download } from './download';

export function ClaimReviewExport({ entry }: { entry: HistoryEntry }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t('exportClaimReview')}
      </button>
    );
  const onDownload = async (event: Event) => {
    event.preventDefault();
    const address = safeHttpUrl(url.trim());
    if (!address) return setStatus({ tone: 'error', text: t('claimReviewNeedsUrl') });
    try {
      const { settings } = await sendMessage('getSettings', undefined);
      if (!settings.publisherName) return setStatus({ tone: 'error', text: t('claimReviewNeedsPublisher') });
      const exported = toClaimReview(entry, {
        url: address,
        publisherName: settings.publisherName,
        datePublished: new Date().toISOString().slice(0, 10),
      });
      download(
        exportName(entry, 'json').replace(/\.json$/, '.claimreview.jsonld'),
        exported.json,
        'application/ld+json',
      );
      setStatus({
        tone: 'ok',
        text: exported.leftOut
          ? `${t('claimReviewDraft')} ${tp('claimReviewLeftOut', exported.leftOut)}`
          : t('claimReviewDraft'),
      });
    } catch (error) {
      setStatus({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <form class="claim-review" onSubmit={(event) => void onDownload(event)} noValidate>
      <label for="claim-review-url">{t('claimReviewUrl')}</label>
      <div class="row">
        <input
          id="claim-review-url"
          type="url"
          inputMode="url"
          spellcheck={false}
          value={url}
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
        <button type="submit">{t('claimReviewDownload')}</button>
      </div>
      <p role="status" class={status ? `status ${status.tone}` : 'hint'}>
        {status?.text ?? t('claimReviewDraft')}
      </p>
    </form>
  );
}
