/**
 * The options' "Earlier fact-checks" section: the switch that turns the search of published fact-checks on (off until
 * the user turns it on: it sends each claim's text to Google), the Fact Check Tools key and address, and the publisher
 * named as the author of checks exported as ClaimReview.
 */
import { useState } from 'preact/hooks';
import { DEFAULT_FACT_CHECK_TOOLS_URL } from '@/utils/shared/endpoints';
import { t } from '@/utils/shared/i18n';
import type { Settings } from '@/utils/contract/settings';
import { UrlField } from './fields';

/** Google's page on the API, which says how to make a key for it. */
const FACT_CHECK_KEY_HELP = 'https://developers.google.com/fact-check/tools/api';

interface EarlierChecksFieldsProps {
  settings: Settings;
  factCheckKey: string;
  setFactCheckKey: (key: string) => void;
  errors: { factCheckToolsUrl?: string; factCheckKey?: string; publisherName?: string };
  disabled: boolean;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}

export function EarlierChecksFields({
  settings,
  factCheckKey,
  setFactCheckKey,
  errors,
  disabled,
  update,
}: EarlierChecksFieldsProps) {
  const [showKey, setShowKey] = useState(false);
  return (
    <fieldset class="section">
      <legend>{t('earlierHeading')}</legend>
      <div class="field">
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={settings.earlierChecks}
            disabled={disabled}
            aria-describedby="earlier-checks-hint"
            onChange={(event) => update('earlierChecks', event.currentTarget.checked)}
          />{' '}
          {t('earlierSwitch')}
        </label>
        <span id="earlier-checks-hint" class="hint">
          {t('earlierSwitchHint')}
        </span>
      </div>
      <div class="field">
        <label for="fact-check-key">{t('factCheckKey')}</label>
        <div class="row">
          <input
            id="fact-check-key"
            type={showKey ? 'text' : 'password'}
            autocomplete="off"
            spellcheck={false}
            value={factCheckKey}
            disabled={disabled}
            aria-invalid={errors.factCheckKey ? true : undefined}
            aria-describedby={`fact-check-key-hint${errors.factCheckKey ? ' fact-check-key-error' : ''}`}
            onInput={(event) => setFactCheckKey(event.currentTarget.value)}
          />
          <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey} disabled={disabled}>
            {t(showKey ? 'hideKey' : 'showKey')}
          </button>
        </div>
        <span id="fact-check-key-hint" class="hint">
          {t('factCheckKeyHint')}{' '}
          <a href={FACT_CHECK_KEY_HELP} target="_blank" rel="noopener noreferrer">
            {t('factCheckKeyHowTo')}
          </a>
        </span>
        {errors.factCheckKey && (
          <span id="fact-check-key-error" class="status error">
            {errors.factCheckKey}
          </span>
        )}
      </div>
      <UrlField
        id="fact-check-tools-url"
        label={t('factCheckToolsUrl')}
        value={settings.factCheckToolsUrl}
        error={errors.factCheckToolsUrl}
        hint={t('factCheckToolsUrlHint', DEFAULT_FACT_CHECK_TOOLS_URL)}
        disabled={disabled}
        onInput={(value) => update('factCheckToolsUrl', value)}
      />
      <div class="field">
        <label for="publisher-name">{t('publisherName')}</label>
        <input
          id="publisher-name"
          type="text"
          maxLength={200}
          value={settings.publisherName}
          disabled={disabled}
          aria-describedby="publisher-name-hint"
          onInput={(event) => update('publisherName', event.currentTarget.value)}
        />
        <span id="publisher-name-hint" class="hint">
          {t('publisherNameHint')}
        </span>
      </div>
    </fieldset>
  );
}
