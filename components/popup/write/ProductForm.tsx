/** Product copies (4.11): a description or a review, in one of the nine languages. */
import type { Language } from '@/utils/background/api/schemas';
import { LANGUAGE_TAGS } from '@/utils/shared/page-language';
import { useDraft } from '../drafts';
import { FormActions, TextBox, useSubmit, type Errors, type FormProps } from './form-kit';

/** The nine documented languages, by the names 4.11 documents (the client falls back to their short codes). */
export const LANGUAGES = Object.keys(LANGUAGE_TAGS) as Language[];

export function ProductForm({ onStart, running, onClear, settingsLanguage }: FormProps & { settingsLanguage: string }) {
  const [product, setProduct] = useDraft('product.product', '');
  const [description, setDescription] = useDraft('product.description', '');
  const [feature, setFeature] = useDraft<'product_description' | 'product_review'>(
    'product.feature',
    'product_description',
  );
  const [language, setLanguage] = useDraft('product.language', settingsLanguage);
  const [serp, setSerp] = useDraft('product.serp', true);
  const [exclude, setExclude] = useDraft('product.exclude', '');
  const { errors, busy, submit } = useSubmit(onStart, running);
  return (
    <form
      onSubmit={(event) =>
        void submit(
          event,
          (): Errors => (product.trim() ? {} : { product: 'Name the product.' }),
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
      <TextBox id="product" label="Product" value={product} onChange={setProduct} errors={errors} />
      <TextBox id="description" label="Description or tagline" value={description} onChange={setDescription} rows={2} />
      <fieldset>
        <legend>Write a</legend>
        <label class="choice">
          <input
            type="radio"
            name="feature"
            checked={feature === 'product_description'}
            onChange={() => setFeature('product_description')}
          />{' '}
          Description
        </label>
        <label class="choice">
          <input
            type="radio"
            name="feature"
            checked={feature === 'product_review'}
            onChange={() => setFeature('product_review')}
          />{' '}
          Review
        </label>
      </fieldset>
      <div class="field">
        <label for="product-language">Language</label>
        <select id="product-language" value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
          {LANGUAGES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <label class="choice">
        <input type="checkbox" checked={serp} onChange={(event) => setSerp(event.currentTarget.checked)} /> Search the
        web for product details
      </label>
      <TextBox id="exclude" label="Phrases to leave out, separated by commas" value={exclude} onChange={setExclude} />
      <FormActions label="Write it" busy={busy} onClear={onClear} />
    </form>
  );
}
