import { render } from 'preact';
import { OptionsPage } from '@/components/OptionsPage';

render(<OptionsPage />, document.getElementById('app')!);
