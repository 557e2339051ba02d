/** The options form's state: the stored settings loaded, each field's value and error, saved and tested. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { hostPermissionFor } from '@/utils/shared/base-url';
import { ServiceError } from '@/utils/shared/service-error';
import { sendMessage } from '@/utils/shared/messaging';
import { settingsSchema, type Settings } from '@/utils/contract/settings';
import { cleanApiKey } from '@/utils/shared/api-key';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { t } from '@/utils/shared/i18n';

export type Status = { tone: 'ok' | 'error' | 'warning'; text: string } | null;
export type FieldErrors = Partial<Record<keyof Settings, string>>;

export interface SettingsForm {
  settings: Settings;
  apiKey: string;
  setApiKey: (key: string) => void;
  fieldErrors: FieldErrors;
  status: Status;
  busy: boolean;
  /** False until the stored settings are in: the fields stay disabled until then. */
  loaded: boolean;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  onSave: (event: Event) => void;
  onTest: () => void;
}

export function useSettingsForm(): SettingsForm {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [apiKey, setApiKey] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  // What the user types first would be overwritten when the stored settings arrive, and "Test connection" would
  // test the stored values instead.
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

  /** Validates and saves (see saveForm); returns the key as saved, or null if nothing was saved. */
  async function save(): Promise<string | null> {
    const saved = await saveForm(settings, apiKey);
    if ('errors' in saved) {
      setFieldErrors(saved.errors);
      setStatus({ tone: 'error', text: t('settingsInvalid') });
      return null;
    }
    // The fields show what is saved: an address as it is used (https added to a host name alone), the key alone.
    setSettings(saved.settings);
    setApiKey(saved.key);
    setStatus(saved.warning ? { tone: 'warning', text: saved.warning } : { tone: 'ok', text: t('settingsSaved') });
    return saved.key;
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
      if (!key) return setStatus({ tone: 'error', text: t('pasteKeyFirst') });
      setStatus({ tone: 'ok', text: t('testingConnection') });
      const result = await sendMessage('testConnection', undefined);
      setStatus({ tone: 'ok', text: result.message });
    });

  return { settings, apiKey, setApiKey, fieldErrors, status, busy, loaded, update, onSave, onTest };
}

/**
 * Validates the form and saves it, after asking for host access to the addresses (this runs inside the click, as
 * Chrome requires): the settings and key as saved, or each field's error.
 */
async function saveForm(
  settings: Settings,
  apiKey: string,
): Promise<{ settings: Settings; key: string; warning?: string } | { errors: FieldErrors }> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) return { errors: errorsByField(parsed.error.issues) };
  const origins = [...new Set([parsed.data.apiBaseUrl, parsed.data.uploadBaseUrl || parsed.data.apiBaseUrl])].map(
    hostPermissionFor,
  );
  await browser.permissions.request({ origins }).catch(() => false);
  const key = cleanApiKey(apiKey);
  const result = await sendMessage('saveSettings', { settings: parsed.data, apiKey: key });
  return { settings: parsed.data, key, warning: result.warning };
}

/** Each field's first validation message. */
function errorsByField(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path[0] as keyof Settings] ??= issue.message;
  return errors;
}

function messageOf(error: unknown): string {
  if (error instanceof ServiceError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
