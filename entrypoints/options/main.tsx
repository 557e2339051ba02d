// First: zod reads this as each schema is made (see zod-jitless.ts).
import '@/utils/background/zod-jitless';
import { render } from 'preact';
import { OptionsPage } from '@/components/OptionsPage';

render(<OptionsPage />, document.getElementById('app')!);
