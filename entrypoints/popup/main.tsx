import { render } from 'preact';
import { declareInterfaceLanguage } from '@/utils/ui/document-language';
import { PopupApp } from '@/components/popup/PopupApp';
import { firstTabView } from '@/components/popup/useTabState';

/** How long the first render waits for the tab's view (see firstTabView): a worker slow to wake does not hold it. */
const FIRST_VIEW_WAIT_MS = 150;

// Firefox for Android opens the popup as a page as wide as the phone (360-412 px), where the desktop popup's width
// (26rem, 390 px) scrolled sideways: there it takes the page's width, as the side panel does.
if (/\bAndroid\b/.test(navigator.userAgent)) document.documentElement.classList.add('phone');

declareInterfaceLanguage();
// The first paint shows the tab's last check, not an empty view that fills in a moment later.
void firstTabView(FIRST_VIEW_WAIT_MS).then((first) =>
  render(<PopupApp first={first} />, document.getElementById('app')!),
);
