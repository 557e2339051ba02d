import { render } from 'preact';
import { declareInterfaceLanguage } from '@/utils/ui/document-language';
import { PopupApp } from '@/components/popup/PopupApp';

// The side panel stays open while the user reads: it follows the active tab.
declareInterfaceLanguage();
render(<PopupApp follow />, document.getElementById('app')!);
