/**
 * Says that the organization manages FactLens, what it decides that has no field of its own (pages sent as text,
 * features turned off, the history's length, sites never checked as you write), and which of its policies could not
 * be used.
 */
import type { ManagedView } from '@/utils/contract/messages';
import type { Feature } from '@/utils/contract/managed-policy';
import { t, uiLanguage, type MessageKey } from '@/utils/shared/i18n';
import { formatDays } from '@/utils/shared/format';

const FEATURE_NAMES: Record<Feature, MessageKey> = {
  generation: 'featureGeneration',
  uploads: 'featureUploads',
  library: 'featureLibrary',
};

const list = (items: string[]) => new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format(items);

export function ManagedNotice({ managed }: { managed: ManagedView }) {
  if (!managed.managed) return null;
  const decided = [
    managed.sendPageAddresses ? null : t('managedPagesAsText'),
    managed.disabledFeatures.length
      ? t('managedFeaturesOff', list(managed.disabledFeatures.map((feature) => t(FEATURE_NAMES[feature]))))
      : null,
    managed.historyDays === null
      ? null
      : managed.historyDays === 0
        ? t('managedHistoryNone')
        : t('managedHistoryDays', formatDays(managed.historyDays)),
    managed.writeSitesBlocked.length ? t('managedSitesBlocked', list(managed.writeSitesBlocked)) : null,
  ].filter((line): line is string => line !== null);
  return (
    <section class="managed" aria-label={t('managedShort')}>
      <p>{t('managedNotice')}</p>
      {decided.length > 0 && (
        <ul>
          {decided.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {managed.dropped.length > 0 && <p class="status warning">{t('managedDropped', list(managed.dropped))}</p>}
    </section>
  );
}
