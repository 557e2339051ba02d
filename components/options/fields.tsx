/** The options form's fields: the key, an address, the output language, the check mode, and a number of credits. */
import { useState } from 'preact/hooks';
import { LANGUAGES } from '@/utils/contract/language';
import { CHECK_MODES, type Settings } from '@/utils/contract/settings';
import { t, type MessageKey } from '@/utils/shared/i18n';
import { languageName } from '@/utils/shared/page-language';

const CHECK_MODE_LABELS: Record<(typeof CHECK_MODES)[number], MessageKey> = {
  progressive: 'checkModeProgressive',
  'one-call': 'checkModeOneCall',
};

/** A field's hint, and its error when it has one, under it (the input is described by both). */
function HintAndError({ id, hint, error }: { id: string; hint: string; error?: string }) {
  return (
    <>
      <span id={`${id}-hint`} class="hint">
        {hint}
      </span>
      {error && (
        <span id={`${id}-error`} class="status error">
          {error}
        </span>
      )}
    </>
  );
}

const describedBy = (id: string, error?: string) => `${id}-hint${error ? ` ${id}-error` : ''}`;

export function ApiKeyField({
  apiKey,
  setApiKey,
  disabled,
}: {
  apiKey: string;
  setApiKey: (key: string) => void;
  disabled: boolean;
}) {
  const [showKey, setShowKey] = useState(false);
  return (
    <div class="field">
      <label for="api-key">{t('apiKey')}</label>
      <div class="row">
        <input
          id="api-key"
          type={showKey ? 'text' : 'password'}
          autocomplete="off"
          spellcheck={false}
          value={apiKey}
          onInput={(event) => setApiKey(event.currentTarget.value)}
          aria-describedby="api-key-hint"
          disabled={disabled}
        />
        <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey} disabled={disabled}>
          {t(showKey ? 'hideKey' : 'showKey')}
        </button>
        <button type="button" onClick={() => setApiKey('')} disabled={disabled || !apiKey}>
          {t('clear')}
        </button>
      </div>
      <HintAndError id="api-key" hint={t('apiKeyHint')} />
    </div>
  );
}

interface UrlFieldProps {
  /** The input's id; the label points at it. */
  id: string;
  /** The accessible label. */
  label: string;
  value: string;
  /** Validation message shown under the field, if any. */
  error?: string;
  hint: string;
  disabled: boolean;
  onInput: (value: string) => void;
}

export function UrlField({ id, label, value, error, hint, disabled, onInput }: UrlFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="url"
        inputMode="url"
        spellcheck={false}
        value={value}
        disabled={disabled}
        onInput={(event) => onInput(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
      />
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

interface SettingsFieldProps {
  settings: Settings;
  disabled: boolean;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}

export function LanguageField({ settings, disabled, update }: SettingsFieldProps) {
  return (
    <div class="field">
      <label for="language">{t('outputLanguage')}</label>
      <select
        id="language"
        aria-describedby="language-hint"
        value={settings.language}
        disabled={disabled}
        onChange={(event) => update('language', event.currentTarget.value as Settings['language'])}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {languageName(language)}
          </option>
        ))}
      </select>
      <label class="choice">
        <input
          type="checkbox"
          checked={settings.languageFromPage}
          disabled={disabled}
          onChange={(event) => update('languageFromPage', event.currentTarget.checked)}
        />{' '}
        {t('languageFromPage')}
      </label>
      <HintAndError id="language" hint={t('languageHint')} />
    </div>
  );
}

export function CheckModeField({ settings, disabled, update }: SettingsFieldProps) {
  return (
    <fieldset>
      <legend>{t('checkMode')}</legend>
      {CHECK_MODES.map((mode) => (
        <div key={mode}>
          <input
            type="radio"
            id={`mode-${mode}`}
            name="check-mode"
            checked={settings.checkMode === mode}
            disabled={disabled}
            onChange={() => update('checkMode', mode)}
          />{' '}
          <label for={`mode-${mode}`}>{t(CHECK_MODE_LABELS[mode])}</label>
        </div>
      ))}
    </fieldset>
  );
}

interface CreditsFieldProps {
  id: string;
  label: string;
  hint: string;
  /** The number shown ('' for none). */
  value: number | '';
  error?: string;
  disabled: boolean;
  /** The number typed, or null when the field is emptied. */
  onInput: (value: number | null) => void;
}

/** A whole number of credits, at least 1. */
export function CreditsField({ id, label, hint, value, error, disabled, onInput }: CreditsFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <div class="row">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          onInput={(event) => onInput(event.currentTarget.value === '' ? null : event.currentTarget.valueAsNumber)}
        />{' '}
        {t('creditsUnit')}
      </div>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}
