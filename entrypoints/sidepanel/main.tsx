import { render } from 'preact';
import { PopupApp } from '@/components/popup/PopupApp';

// The side panel stays open while the user reads: it follows the active tab.
render(<PopupApp follow />, document.getElementById('app')!);
