import { render } from 'preact';
import { PopupApp } from '@/components/popup/PopupApp';

render(<PopupApp />, document.getElementById('app')!);
