import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { hostPermissionFor } from '@/utils/shared/base-url';
import { ServiceError } from '@/utils/shared/service-error';
import { FIRST_CLAIMS } from '@/utils/shared/check-input';
import { LANGUAGES } from '@/utils/contract/language';
import { sendMessage } from '@/utils/shared/messaging';
import { CHECK_MODES, settingsSchema, type Settings } from '@/utils/contract/settings';
import { cleanApiKey } from '@/utils/shared/api-key';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { Shortcuts } from './Shortcuts';
import { SiteAccess } from './SiteAccess';
import { WriteSites } from './WriteSites';
import { t, tAround, type MessageKey } from '@/utils/shared/i18n';
import { languageName } from '@/utils/shared/page-language';

type Status = { tone: 'ok' | 'error' | 'warning'; text: string } | null;

const CHECK_MODE_LABELS: Record<(typeof CHECK_MODES)[number], MessageKey> = {
  progressive: 'checkModeProgressive',
  'one-call': 'checkModeOneCall',
};

/** The settings form: key, service addresses, language and check mode, with save and test. */
export function OptionsPage() {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Settings, string>>>({});
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  // The fields stay disabled until the stored settings are in: otherwise what the user types first
  // would be overwritten when they arrive, and "Test connection" would test the stored values instead.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    sendMessage('getSettings', undefined)
      .then((stored) => {
        setSettings(stored.settings);
        setApiKey(stored.apiKey);
      })
      .catch((error: unknown) => setStatus({ tone: 'error', text: messageOf(error) }))
      .finally(() => setLoaded(true));
  }, []);

  const update = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setSettings((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => ({ ...current, [key]: undefined }));
  };

  /**
   * Validates and saves; asks for host access first (this runs inside the click, as Chrome requires). Returns the key as
   * saved, or null if nothing was saved.
   */
  async function save(): Promise<string | null> {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) {
      const errors: Partial<Record<keyof Settings, string>> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Settings] ??= issue.message;
      setFieldErrors(errors);
      setStatus({ tone: 'error', text: t('settingsInvalid') });
      return null;
    }
    const origins = [...new Set([parsed.data.apiBaseUrl, parsed.data.uploadBaseUrl || parsed.data.apiBaseUrl])].map(
      hostPermissionFor,
    );
    await browser.permissions.request({ origins }).catch(() => false);
    // The fields show what is saved: an address as it is used (https added to a host name alone), the key alone.
    const key = cleanApiKey(apiKey);
    setSettings(parsed.data);
    setApiKey(key);
    const result = await sendMessage('saveSettings', { settings: parsed.data, apiKey: key });
    setStatus(result.warning ? { tone: 'warning', text: result.warning } : { tone: 'ok', text: t('settingsSaved') });
    return key;
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setStatus(null);
    try {
      await action();
    } catch (error) {
      setStatus({ tone: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const onSave = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await save();
    });
  };

  const onTest = () =>
    void run(async () => {
      const key = await save();
      if (key === null) return;
      // Said here, where the key goes (the background's message sends the user to these settings).
      if (!key) {
        setStatus({ tone: 'error', text: t('pasteKeyFirst') });
        return;
      }
      setStatus({ tone: 'ok', text: t('testingConnection') });
      const result = await sendMessage('testConnection', undefined);
      setStatus({ tone: 'ok', text: result.message });
    });

  const [privacyBefore, privacyAfter] = tAround('privacyFooter');
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <form onSubmit={onSave} noValidate>
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
              disabled={!loaded}
            />
            <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey} disabled={!loaded}>
              {t(showKey ? 'hideKey' : 'showKey')}
            </button>
            <button type="button" onClick={() => setApiKey('')} disabled={!loaded || !apiKey}>
              {t('clear')}
            </button>
          </div>
          <span id="api-key-hint" class="hint">
            {t('apiKeyHint')}
          </span>
        </div>

        <UrlField
          id="api-base-url"
          label={t('apiBaseUrl')}
          value={settings.apiBaseUrl}
          error={fieldErrors.apiBaseUrl}
          hint={t('apiBaseUrlHint', DEFAULT_SETTINGS.apiBaseUrl)}
          disabled={!loaded}
          onInput={(value) => update('apiBaseUrl', value)}
        />
        <UrlField
          id="upload-base-url"
          label={t('uploadBaseUrl')}
          value={settings.uploadBaseUrl}
          error={fieldErrors.uploadBaseUrl}
          hint={t('uploadBaseUrlHint')}
          disabled={!loaded}
          onInput={(value) => update('uploadBaseUrl', value)}
        />

        <div class="field">
          <label for="language">{t('outputLanguage')}</label>
          <select
            id="language"
            aria-describedby="language-hint"
            value={settings.language}
            disabled={!loaded}
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
              disabled={!loaded}
              onChange={(event) => update('languageFromPage', event.currentTarget.checked)}
            />{' '}
            {t('languageFromPage')}
          </label>
          <span id="language-hint" class="hint">
            {t('languageHint')}
          </span>
        </div>

        <fieldset>
          <legend>{t('checkMode')}</legend>
          {CHECK_MODES.map((mode) => (
            <div key={mode}>
              <input
                type="radio"
                id={`mode-${mode}`}
                name="check-mode"
                checked={settings.checkMode === mode}
                disabled={!loaded}
                onChange={() => update('checkMode', mode)}
              />{' '}
              <label for={`mode-${mode}`}>{t(CHECK_MODE_LABELS[mode])}</label>
            </div>
          ))}
        </fieldset>

        <div class="field">
          <label for="ask-above-credits">{t('askAboveCredits')}</label>
          <div class="row">
            <input
              id="ask-above-credits"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={settings.askAboveCredits ?? ''}
              disabled={!loaded}
              aria-invalid={fieldErrors.askAboveCredits ? true : undefined}
              aria-describedby={`ask-above-credits-hint${fieldErrors.askAboveCredits ? ' ask-above-credits-error' : ''}`}
              onInput={(event) =>
                update('askAboveCredits', event.currentTarget.value === '' ? null : event.currentTarget.valueAsNumber)
              }
            />{' '}
            {t('creditsUnit')}
          </div>
          <span id="ask-above-credits-hint" class="hint">
            {t('askAboveCreditsHint', FIRST_CLAIMS)}
          </span>
          {fieldErrors.askAboveCredits && (
            <span id="ask-above-credits-error" class="status error">
              {fieldErrors.askAboveCredits}
            </span>
          )}
        </div>

        <div class="field">
          <label for="write-daily-limit">{t('writeDailyLimit')}</label>
          <div class="row">
            <input
              id="write-daily-limit"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={Number.isNaN(settings.writeDailyLimit) ? '' : settings.writeDailyLimit}
              disabled={!loaded}
              aria-invalid={fieldErrors.writeDailyLimit ? true : undefined}
              aria-describedby={`write-daily-limit-hint${fieldErrors.writeDailyLimit ? ' write-daily-limit-error' : ''}`}
              onInput={(event) => update('writeDailyLimit', event.currentTarget.valueAsNumber)}
            />{' '}
            {t('creditsUnit')}
          </div>
          <span id="write-daily-limit-hint" class="hint">
            {t('writeDailyLimitHint', DEFAULT_SETTINGS.writeDailyLimit)}
          </span>
          {fieldErrors.writeDailyLimit && (
            <span id="write-daily-limit-error" class="status error">
              {fieldErrors.writeDailyLimit}
            </span>
          )}
        </div>

        <div class="actions">
          <button type="submit" class="primary" disabled={busy || !loaded}>
            {t('save')}
          </button>
          <button type="button" onClick={onTest} disabled={busy || !loaded}>
            {t('testConnection')}
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {status && <p class={`status ${status.tone}`}>{status.text}</p>}
      </div>
      <WriteSites />
      <SiteAccess />
      <Shortcuts />
      <footer>
        <p>
          {privacyBefore}
          <a href="privacy.html" target="_blank" rel="noopener">
            {t('privacyPolicy')}
          </a>
          {privacyAfter}
        </p>
      </footer>
    </main>
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

function UrlField({ id, label, value, error, hint, disabled, onInput }: UrlFieldProps) {
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
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <span id={`${id}-hint`} class="hint">
        {hint}
      </span>
      {error && (
        <span id={`${id}-error`} class="status error">
          {error}
        </span>
      )}
    </div>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof ServiceError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
