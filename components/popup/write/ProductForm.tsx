/** Product copies (4.11): a description or a review, in one of the nine languages. */
import type { Language } from '@/utils/contract/language';
import { LANGUAGE_TAGS, languageName } from '@/utils/shared/page-language';
import { useDraft } from '../drafts';
import { t } from '@/utils/shared/i18n';
import { FormActions, TextBox, useSubmit, type Errors, type FormProps } from './form-kit';

/** The nine documented languages, by the names 4.11 documents (the client falls back to their short codes). */
export const LANGUAGES = Object.keys(LANGUAGE_TAGS) as Language[];

type Feature = 'product_description' | 'product_review';

export function ProductForm({ onStart, running, onClear, settingsLanguage }: FormProps & { settingsLanguage: string }) {
  const [product, setProduct] = useDraft('product.product', '');
  const [description, setDescription] = useDraft('product.description', '');
  const [feature, setFeature] = useDraft<Feature>('product.feature', 'product_description');
  const [language, setLanguage] = useDraft('product.language', settingsLanguage);
  const [serp, setSerp] = useDraft('product.serp', true);
  const [exclude, setExclude] = useDraft('product.exclude', '');
  const { errors, busy, submit } = useSubmit(onStart, running);
  return (
    <form
      onSubmit={(event) =>
        void submit(
          event,
          (): Errors => (product.trim() ? {} : { product: t('productMissing') }),
          () => ({
            tool: 'product',
            request: {
              product: product.trim(),
              description: description.trim(),
              feature_type: feature,
              language: LANGUAGES.find((name) => name === language) ?? 'English-US',
              serp,
              phrases_to_exclude: exclude
                .split(',')
                .map((phrase) => phrase.trim())
                .filter(Boolean),
            },
          }),
        )
      }
    >
      <TextBox id="product" label={t('product')} value={product} onChange={setProduct} errors={errors} />
      <TextBox
        id="description"
        label={t('productDescription')}
        value={description}
        onChange={setDescription}
        rows={2}
      />
      <FeatureChoice feature={feature} setFeature={setFeature} />
      <div class="field">
        <label for="product-language">{t('language')}</label>
        <select id="product-language" value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
          {LANGUAGES.map((name) => (
            <option key={name} value={name}>
              {languageName(name)}
            </option>
          ))}
        </select>
      </div>
      <label class="choice">
        <input type="checkbox" checked={serp} onChange={(event) => setSerp(event.currentTarget.checked)} />{' '}
        {t('productSearchWeb')}
      </label>
      <TextBox id="exclude" label={t('productExclude')} value={exclude} onChange={setExclude} />
      <FormActions label={t('writeIt')} busy={busy} onClear={onClear} />
    </form>
  );
}

/** A description or a review. */
function FeatureChoice({ feature, setFeature }: { feature: Feature; setFeature: (feature: Feature) => void }) {
  return (
    <fieldset>
      <legend>{t('productWriteA')}</legend>
      {(
        [
          ['product_description', 'productFeatureDescription'],
          ['product_review', 'productFeatureReview'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} class="choice">
          <input type="radio" name="feature" checked={feature === value} onChange={() => setFeature(value)} />{' '}
          {t(label)}
        </label>
      ))}
    </fieldset>
  );
}
