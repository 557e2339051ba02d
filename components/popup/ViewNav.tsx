/** The popup's header: its views, the side panel (from the popup only) and Settings. */
import { openSettings } from './JobPanel';
import { openSidePanel } from './side-panel';

export type PopupView = 'check' | 'write' | 'library' | 'history';

export function ViewNav({
  view,
  setView,
  follow,
}: {
  view: PopupView;
  setView: (view: PopupView) => void;
  /** The side panel, which offers no way to itself. */
  follow: boolean;
}) {
  return (
    <header class="row spread">
      <h1>FactLens</h1>
      <nav class="row" aria-label="Views">
        <button type="button" class="link" aria-pressed={view === 'check'} onClick={() => setView('check')}>
          Check
        </button>
        <button type="button" class="link" aria-pressed={view === 'write'} onClick={() => setView('write')}>
          Write
        </button>
        <button type="button" class="link" aria-pressed={view === 'library'} onClick={() => setView('library')}>
          Library
        </button>
        <button type="button" class="link" aria-pressed={view === 'history'} onClick={() => setView('history')}>
          History
        </button>
        {!follow && (
          <button type="button" class="link" onClick={() => void openSidePanel()}>
            Side panel
          </button>
        )}
        <button type="button" class="link" onClick={openSettings}>
          Settings
        </button>
      </nav>
    </header>
  );
}
