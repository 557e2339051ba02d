/**
 * The options page's list of FactLens's keyboard shortcuts, as the browser has them now: the manifest only suggests
 * them, and the browser leaves one unset when another extension (or the browser) has its keys already, which the user
 * would otherwise find out by pressing them to no effect. With a way to the browser's page for changing them.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser, type Browser } from '#imports';
import { t, type MessageKey } from '@/utils/shared/i18n';

/** What the browser's own commands do (their descriptions are empty). */
const BUILT_IN: Record<string, MessageKey> = {
  _execute_action: 'openPopup',
  _execute_browser_action: 'openPopup',
  _execute_sidebar_action: 'openSidebar',
};
const builtIn = (name: string): string | undefined => (name in BUILT_IN ? t(BUILT_IN[name]!) : undefined);

/** Firefox's own way to its shortcut settings (Firefox 137+); Chrome has its page instead. */
type CommandsWithSettings = typeof browser.commands & { openShortcutSettings?: () => Promise<void> };

function openShortcutSettings(): Promise<unknown> {
  const commands = browser.commands as CommandsWithSettings;
  if (commands.openShortcutSettings) return commands.openShortcutSettings();
  return browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
}

export function Shortcuts() {
  const [commands, setCommands] = useState<Browser.commands.Command[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const read = () => {
      browser.commands.getAll().then(setCommands, () => setCommands([]));
    };
    read();
    // Back from the browser's shortcut settings: what was changed there shows.
    window.addEventListener('focus', read);
    return () => window.removeEventListener('focus', read);
  }, []);

  const listed = (commands ?? []).filter((command) => command.name && (command.description || builtIn(command.name)));
  if (!listed.length) return null;
  return (
    <section class="shortcuts" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">{t('keyboardShortcuts')}</h2>
      <dl>
        {listed.map((command) => (
          <div key={command.name}>
            <dt>{builtIn(command.name!) ?? command.description}</dt>
            <dd>
              {command.shortcut ? <kbd>{command.shortcut}</kbd> : <span class="hint">{t('shortcutNotSet')}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <p class="hint">{t('shortcutsHint')}</p>
      <button
        type="button"
        onClick={() => {
          setFailed(false);
          openShortcutSettings().catch(() => setFailed(true));
        }}
      >
        {t('changeShortcuts')}
      </button>
      {failed && <p class="status warning">{t('shortcutSettingsRefused')}</p>}
    </section>
  );
}
