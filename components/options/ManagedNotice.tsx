/** Says that the organization manages FactLens, and names the policies of its that could not be used. */
import type { ManagedView } from '@/utils/contract/messages';
import { t } from '@/utils/shared/i18n';

export function ManagedNotice({ managed }: { managed: ManagedView }) {
  if (!managed.managed) return null;
  return (
    <section class="managed" aria-label={t('managedShort')}>
      <p>{t('managedNotice')}</p>
      {managed.dropped.length > 0 && <p class="status warning">{t('managedDropped', managed.dropped.join(', '))}</p>}
    </section>
  );
}
