/** A paragraph from keywords (4.5). */
import { useDraft } from '../drafts';
import { t } from '@/utils/shared/i18n';
import { FormActions, TextBox, useSubmit, type Errors, type FormProps } from './form-kit';

export function KeywordsForm({ onStart, running, onClear }: FormProps) {
  const [keywords, setKeywords] = useDraft('keywords.keywords', '');
  const { errors, busy, submit } = useSubmit(onStart, running);
  return (
    <form
      onSubmit={(event) =>
        void submit(
          event,
          (): Errors => (keywords.split(',').some((word) => word.trim()) ? {} : { keywords: t('keywordsMissing') }),
          () => ({
            tool: 'keywords',
            request: {
              keywords: keywords
                .split(',')
                .map((word) => word.trim())
                .filter(Boolean)
                .join(', '),
            },
          }),
        )
      }
    >
      <TextBox id="keywords" label={t('keywordsLabel')} value={keywords} onChange={setKeywords} errors={errors} />
      <FormActions label={t('writeParagraph')} busy={busy} onClear={onClear} />
    </form>
  );
}
