/**
 * The options form's fields: the key (or gateway token), how FactLens signs in, an address, the output language, the
 * check mode, and a number of credits. A field the organization sets is read-only, and says so.
 */
import { useState } from 'preact/hooks';
import { LANGUAGES } from '@/utils/contract/language';
import { AUTH_MODES, CHECK_MODES, type AuthMode, type Settings } from '@/utils/contract/settings';
import { t, type MessageKey } from '@/utils/shared/i18n';
import { languageName } from '@/utils/shared/page-language';
import { formatCredits } from '@/utils/shared/format';

const CHECK_MODE_LABELS: Record<(typeof CHECK_MODES)[number], MessageKey> = {
  progressive: 'checkModeProgressive',
  'one-call': 'checkModeOneCall',
};

const AUTH_MODE_LABELS: Record<AuthMode, MessageKey> = { key: 'authModeKey', gateway: 'authModeGateway' };

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

/**
 * The service key, or in gateway mode the person's gateway token. A token the organization's policy gives is not
 * shown (it stays in the worker): the field says that it is set.
 */
export function ApiKeyField({
  apiKey,
  setApiKey,
  authMode,
  byOrganization,
  disabled,
}: {
  apiKey: string;
  setApiKey: (key: string) => void;
  authMode: AuthMode;
  byOrganization: boolean;
  disabled: boolean;
}) {
  const [showKey, setShowKey] = useState(false);
  const gateway = authMode === 'gateway';
  const locked = disabled || byOrganization;
  return (
    <div class="field">
      <label for="api-key">{t(gateway ? 'gatewayToken' : 'apiKey')}</label>
      <div class="row">
        <input
          id="api-key"
          type={showKey ? 'text' : 'password'}
          autocomplete="off"
          spellcheck={false}
          value={byOrganization ? '' : apiKey}
          placeholder={byOrganization ? t('managedShort') : undefined}
          onInput={(event) => setApiKey(event.currentTarget.value)}
          aria-describedby="api-key-hint"
          readOnly={byOrganization}
          disabled={disabled}
        />
        <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey} disabled={locked}>
          {t(showKey ? 'hideKey' : 'showKey')}
        </button>
        <button type="button" onClick={() => setApiKey('')} disabled={locked || !apiKey}>
          {t('clear')}
        </button>
      </div>
      <HintAndError
        id="api-key"
        hint={byOrganization ? t('setByOrganization') : t(gateway ? 'gatewayTokenHint' : 'apiKeyHint')}
      />
    </div>
  );
}

/** How FactLens signs in: the user's own key, or their token for the organization's gateway (docs/teams.md). */
export function AuthModeField({ settings, disabled, managed, update }: SettingsFieldProps & { managed: boolean }) {
  return (
    <fieldset aria-describedby={managed ? 'auth-mode-hint' : undefined}>
      <legend>{t('authMode')}</legend>
      {AUTH_MODES.map((mode) => (
        <div key={mode}>
          <input
            type="radio"
            id={`auth-${mode}`}
            name="auth-mode"
            checked={settings.authMode === mode}
            disabled={disabled || managed}
            onChange={() => update('authMode', mode)}
          />{' '}
          <label for={`auth-${mode}`}>{t(AUTH_MODE_LABELS[mode])}</label>
        </div>
      ))}
      {managed && (
        <span id="auth-mode-hint" class="hint">
          {t('setByOrganization')}
        </span>
      )}
    </fieldset>
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
  /** Set by the organization: read-only (still focusable and read aloud), with the reason as its hint. */
  managed?: boolean;
  onInput: (value: string) => void;
}

export function UrlField({ id, label, value, error, hint, disabled, managed, onInput }: UrlFieldProps) {
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
        readOnly={managed}
        onInput={(event) => onInput(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
      />
      <HintAndError id={id} hint={managed ? t('setByOrganization') : hint} error={error} />
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
  /** The organization's cap: the field takes no more, and says so. */
  cap?: number;
  /** The number typed, or null when the field is emptied. */
  onInput: (value: number | null) => void;
}

/** A whole number of credits, at least 1 (and at most the organization's cap). */
export function CreditsField({ id, label, hint, value, error, disabled, cap, onInput }: CreditsFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <div class="row">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={cap}
          step={1}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          onInput={(event) => onInput(event.currentTarget.value === '' ? null : event.currentTarget.valueAsNumber)}
        />{' '}
        {t('creditsUnit')}
      </div>
      <HintAndError
        id={id}
        hint={cap === undefined ? hint : `${hint} ${t('capHint', formatCredits(cap))}`}
        error={error}
      />
    </div>
  );
}
