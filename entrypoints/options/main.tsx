// First: zod reads this as each schema is made (see zod-jitless.ts).
import '@/utils/contract/zod-jitless';
import { render } from 'preact';
import { declareInterfaceLanguage } from '@/utils/ui/document-language';
import { OptionsPage } from '@/components/options/OptionsPage';

declareInterfaceLanguage('optionsTitle');
render(<OptionsPage />, document.getElementById('app')!);
