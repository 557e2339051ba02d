/**
 * The options form's state: the stored settings loaded, each field's value and error, saved and tested; and what the
 * organization sets, kept current as its policy changes.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { hostPermissionFor } from '@/utils/shared/base-url';
import { ServiceError } from '@/utils/shared/service-error';
import { sendMessage } from '@/utils/shared/messaging';
import { settingsSchema, type Settings } from '@/utils/contract/settings';
import { cleanApiKey } from '@/utils/shared/api-key';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { t } from '@/utils/shared/i18n';
import { formatCredits } from '@/utils/shared/format';
import type { ManagedView } from '@/utils/contract/messages';
import { overCaps } from '@/utils/contract/managed-policy';
import { isPolicyChange } from '@/utils/shared/policy-change';

export type Status = { tone: 'ok' | 'error' | 'warning'; text: string } | null;
export type FieldErrors = Partial<Record<keyof Settings | 'factCheckKey', string>>;

export interface SettingsForm {
  settings: Settings;
  apiKey: string;
  setApiKey: (key: string) => void;
  factCheckKey: string;
  setFactCheckKey: (key: string) => void;
  fieldErrors: FieldErrors;
  status: Status;
  busy: boolean;
  /** False until the stored settings are in: the fields stay disabled until then. */
  loaded: boolean;
  /** What the organization sets (nothing until loaded). */
  managed: ManagedView;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  onSave: (event: Event) => void;
  onTest: () => void;
}

export function useSettingsForm(): SettingsForm {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [apiKey, setApiKey] = useState('');
  const [factCheckKey, setFactCheckKey] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  // What the user types first would be overwritten when the stored settings arrive, and "Test connection" would
  // test the stored values instead.
  const [loaded, setLoaded] = useState(false);
  const [managed, setManaged] = useState<ManagedView>(UNMANAGED);

  useEffect(() => {
    sendMessage('getSettings', undefined)
      .then((stored) => {
        setSettings(stored.settings);
        setApiKey(stored.apiKey);
        setFactCheckKey(stored.factCheckKey);
        setManaged(stored.managed);
      })
      .catch((error: unknown) => setStatus({ tone: 'error', text: messageOf(error) }))
      .finally(() => setLoaded(true));
    // The organization's policy changed while the page is open: what it sets now shows, the user's edits stay.
    const policyChanged = (changes: Record<string, unknown>, area: string) => {
      if (!isPolicyChange(changes, area)) return;
      void sendMessage('getSettings', undefined).then(
        (stored) => {
          setManaged(stored.managed);
          setSettings((current) => {
            const next = { ...current };
            for (const field of stored.managed.set) Object.assign(next, { [field]: stored.settings[field] });
            return next;
          });
        },
        () => undefined,
      );
    };
    browser.storage.onChanged.addListener(policyChanged);
    return () => browser.storage.onChanged.removeListener(policyChanged);
  }, []);

  const update = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setSettings((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => ({ ...current, [key]: undefined }));
  };

  /** Validates and saves (see saveForm); returns the key as saved, or null if nothing was saved. */
  async function save(): Promise<string | null> {
    const saved = await saveForm(settings, apiKey, factCheckKey, managed);
    if ('errors' in saved) {
      setFieldErrors(saved.errors);
      setStatus({ tone: 'error', text: t('settingsInvalid') });
      return null;
    }
    // The fields show what is saved: an address as it is used (https added to a host name alone), the key alone.
    setSettings(saved.settings);
    setApiKey(saved.key);
    setFactCheckKey(saved.factCheckKey);
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

  const setFactCheckKeyField = (key: string) => {
    setFactCheckKey(key);
    setFieldErrors((current) => ({ ...current, factCheckKey: undefined }));
  };

  return {
    settings,
    apiKey,
    setApiKey,
    factCheckKey,
    setFactCheckKey: setFactCheckKeyField,
    fieldErrors,
    status,
    busy,
    loaded,
    managed,
    update,
    onSave,
    onTest,
  };
}

/**
 * Validates the form and saves it, after asking for host access to the addresses (this runs inside the click, as
 * Chrome requires): the settings and key as saved, or each field's error.
 */
async function saveForm(
  settings: Settings,
  apiKey: string,
  factCheckKey: string,
  managed: ManagedView,
): Promise<{ settings: Settings; key: string; factCheckKey: string; warning?: string } | { errors: FieldErrors }> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) return { errors: errorsByField(parsed.error.issues) };
  const overCaps = capErrors(parsed.data, managed);
  if (Object.keys(overCaps).length) return { errors: overCaps };
  const earlierKey = cleanApiKey(factCheckKey);
  if (parsed.data.earlierChecks && !earlierKey) return { errors: { factCheckKey: t('factCheckKeyMissing') } };
  const bases = [parsed.data.apiBaseUrl, parsed.data.uploadBaseUrl || parsed.data.apiBaseUrl];
  // Fact Check Tools answers a request without the permission too (CORS); asked in the same click all the same.
  if (parsed.data.earlierChecks) bases.push(parsed.data.factCheckToolsUrl);
  await browser.permissions.request({ origins: [...new Set(bases)].map(hostPermissionFor) }).catch(() => false);
  const key = cleanApiKey(apiKey);
  const result = await sendMessage('saveSettings', { settings: parsed.data, apiKey: key, factCheckKey: earlierKey });
  return { settings: parsed.data, key, factCheckKey: earlierKey, warning: result.warning };
}

/** Nothing set by an organization. */
const UNMANAGED: ManagedView = {
  managed: false,
  set: [],
  caps: {},
  tokenByPolicy: false,
  disabledFeatures: [],
  sendPageAddresses: true,
  writeSitesBlocked: [],
  historyDays: null,
  dropped: [],
};

/** The fields over the organization's caps (the worker refuses them too), each with its cap in words. */
function capErrors(settings: Settings, { caps }: ManagedView): FieldErrors {
  return Object.fromEntries(
    Object.entries(overCaps(settings, caps)).map(([field, cap]) => [field, t('capHint', formatCredits(cap))]),
  );
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
