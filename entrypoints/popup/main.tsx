import { render } from 'preact';
import { declareInterfaceLanguage } from '@/utils/ui/document-language';
import { PopupApp } from '@/components/popup/PopupApp';

// Firefox for Android opens the popup as a page as wide as the phone (360-412 px), where the desktop popup's width
// (26rem, 390 px) scrolled sideways: there it takes the page's width, as the side panel does.
if (/\bAndroid\b/.test(navigator.userAgent)) document.documentElement.classList.add('phone');

declareInterfaceLanguage();
render(<PopupApp />, document.getElementById('app')!);
