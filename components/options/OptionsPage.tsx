/**
 * The options page: the settings form (key or gateway token, service addresses, language, check mode, credits), sites
 * and shortcuts; what the organization sets, read-only, with the reason.
 */
import { FIRST_CLAIMS } from '@/utils/shared/check-input';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { t, tAround } from '@/utils/shared/i18n';
import { ApiKeyField, AuthModeField, CheckModeField, CreditsField, LanguageField, UrlField } from './fields';
import { ManagedNotice } from './ManagedNotice';
import { EarlierChecksFields } from './EarlierChecksFields';
import { useSettingsForm } from './settings-form';
import { Shortcuts } from './Shortcuts';
import { SiteAccess } from './SiteAccess';
import { WriteSites } from './WriteSites';

export function OptionsPage() {
  const form = useSettingsForm();
  const { settings, fieldErrors, update, status, busy, loaded, managed } = form;
  const disabled = !loaded;
  const set = new Set(managed.set);
  const [privacyBefore, privacyAfter] = tAround('privacyFooter');
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <ManagedNotice managed={managed} />
      <form onSubmit={form.onSave} noValidate>
        <AuthModeField settings={settings} disabled={disabled} managed={set.has('authMode')} update={update} />
        <ApiKeyField
          apiKey={form.apiKey}
          setApiKey={form.setApiKey}
          authMode={settings.authMode}
          byOrganization={managed.tokenByPolicy}
          disabled={disabled}
        />
        <UrlField
          id="api-base-url"
          label={t('apiBaseUrl')}
          value={settings.apiBaseUrl}
          error={fieldErrors.apiBaseUrl}
          hint={t('apiBaseUrlHint', DEFAULT_SETTINGS.apiBaseUrl)}
          disabled={disabled}
          managed={set.has('apiBaseUrl')}
          onInput={(value) => update('apiBaseUrl', value)}
        />
        <UrlField
          id="upload-base-url"
          label={t('uploadBaseUrl')}
          value={settings.uploadBaseUrl}
          error={fieldErrors.uploadBaseUrl}
          hint={t('uploadBaseUrlHint')}
          disabled={disabled}
          managed={set.has('uploadBaseUrl')}
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
          cap={managed.caps.askAboveCredits}
          onInput={(value) => update('askAboveCredits', value)}
        />
        <CreditsField
          id="write-daily-limit"
          label={t('writeDailyLimit')}
          hint={t('writeDailyLimitHint', DEFAULT_SETTINGS.writeDailyLimit)}
          value={Number.isNaN(settings.writeDailyLimit) ? '' : settings.writeDailyLimit}
          error={fieldErrors.writeDailyLimit}
          disabled={disabled}
          cap={managed.caps.writeDailyLimit}
          // An emptied field is not a limit: the schema refuses it, with the field's message.
          onInput={(value) => update('writeDailyLimit', value ?? Number.NaN)}
        />
        <EarlierChecksFields
          settings={settings}
          factCheckKey={form.factCheckKey}
          setFactCheckKey={form.setFactCheckKey}
          errors={fieldErrors}
          disabled={disabled}
          update={update}
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
