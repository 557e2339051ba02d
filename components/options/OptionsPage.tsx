/** The options page: the settings form (key, service addresses, language, check mode, credits), sites and shortcuts. */
import { FIRST_CLAIMS } from '@/utils/shared/check-input';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { t, tAround } from '@/utils/shared/i18n';
import { ApiKeyField, CheckModeField, CreditsField, LanguageField, UrlField } from './fields';
import { useSettingsForm } from './settings-form';
import { Shortcuts } from './Shortcuts';
import { SiteAccess } from './SiteAccess';
import { WriteSites } from './WriteSites';

export function OptionsPage() {
  const form = useSettingsForm();
  const { settings, fieldErrors, update, status, busy, loaded } = form;
  const disabled = !loaded;
  const [privacyBefore, privacyAfter] = tAround('privacyFooter');
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <form onSubmit={form.onSave} noValidate>
        <ApiKeyField apiKey={form.apiKey} setApiKey={form.setApiKey} disabled={disabled} />
        <UrlField
          id="api-base-url"
          label={t('apiBaseUrl')}
          value={settings.apiBaseUrl}
          error={fieldErrors.apiBaseUrl}
          hint={t('apiBaseUrlHint', DEFAULT_SETTINGS.apiBaseUrl)}
          disabled={disabled}
          onInput={(value) => update('apiBaseUrl', value)}
        />
        <UrlField
          id="upload-base-url"
          label={t('uploadBaseUrl')}
          value={settings.uploadBaseUrl}
          error={fieldErrors.uploadBaseUrl}
          hint={t('uploadBaseUrlHint')}
          disabled={disabled}
          onInput={(value) => update('uploadBaseUrl', value)}
        />
        <LanguageField settings={settings} disabled={disabled} update={update} />
        <CheckModeField settings={settings} disabled={disabled} update={update} />
        <CreditsField
          id="ask-above-credits"
          label={t('askAboveCredits')}
          hint={t('askAboveCreditsHint', FIRST_CLAIMS)}
          value={settings.askAboveCredits ?? ''}
          error={fieldErrors.askAboveCredits}
          disabled={disabled}
          onInput={(value) => update('askAboveCredits', value)}
        />
        <CreditsField
          id="write-daily-limit"
          label={t('writeDailyLimit')}
          hint={t('writeDailyLimitHint', DEFAULT_SETTINGS.writeDailyLimit)}
          value={Number.isNaN(settings.writeDailyLimit) ? '' : settings.writeDailyLimit}
          error={fieldErrors.writeDailyLimit}
          disabled={disabled}
          // An emptied field is not a limit: the schema refuses it, with the field's message.
          onInput={(value) => update('writeDailyLimit', value ?? Number.NaN)}
        />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy || disabled}>
            {t('save')}
          </button>
          <button type="button" onClick={form.onTest} disabled={busy || disabled}>
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
