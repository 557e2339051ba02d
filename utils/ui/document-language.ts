/** An extension page's own language and title: the interface's, which its static HTML cannot know. */
import { t, uiLanguage, type MessageKey } from '../shared/i18n';

export function declareInterfaceLanguage(title?: MessageKey): void {
  document.documentElement.lang = uiLanguage();
  if (title) document.title = t(title);
}
