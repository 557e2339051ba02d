/** The popup's header: its views, the side panel (from the popup only) and Settings. */
import { openSettings } from './JobPanel';
import { openSidePanel } from './side-panel';
import { t } from '@/utils/shared/i18n';

export type PopupView = 'check' | 'write' | 'library' | 'history';

export function ViewNav({
  view,
  setView,
  follow,
  hidden = [],
}: {
  view: PopupView;
  setView: (view: PopupView) => void;
  /** The side panel, which offers no way to itself. */
  follow: boolean;
  /** Views of features the organization turned off. */
  hidden?: PopupView[];
}) {
  return (
    <header class="row spread">
      <h1>{t('extName')}</h1>
      <nav class="row" aria-label={t('navViews')}>
        <button type="button" class="link" aria-pressed={view === 'check'} onClick={() => setView('check')}>
          {t('navCheck')}
        </button>
        {!hidden.includes('write') && (
          <button type="button" class="link" aria-pressed={view === 'write'} onClick={() => setView('write')}>
            {t('navWrite')}
          </button>
        )}
        {!hidden.includes('library') && (
          <button type="button" class="link" aria-pressed={view === 'library'} onClick={() => setView('library')}>
            {t('navLibrary')}
          </button>
        )}
        <button type="button" class="link" aria-pressed={view === 'history'} onClick={() => setView('history')}>
          {t('navHistory')}
        </button>
        {!follow && (
          <button type="button" class="link" onClick={() => void openSidePanel()}>
            {t('navSidePanel')}
          </button>
        )}
        <button type="button" class="link" onClick={openSettings}>
          {t('navSettings')}
        </button>
      </nav>
    </header>
  );
}
