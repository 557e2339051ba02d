/**
 * Uploading a file (4.12) from an extension page: the popup or side panel sends the file itself, so that a file of
 * megabytes is not copied through a message to the service worker. It asks the background for the address and the key
 * (`getUploadTarget`, extension pages only), keeps them in this call alone, and never logs them.
 */
import { formatWait, ServiceError, serviceSaid, type ServiceErrorKind } from './service-error';
import { endSentence, formatBytes } from './format';
import { t } from './i18n';

/** Largest file accepted; the service documents no limit, so this keeps a mistake cheap. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 3 * 60_000;

export interface UploadTarget {
  url: string;
  apiKey: string;
}

export interface UploadHandle {
  done: Promise<{ fileId: string; message: string }>;
  abort: () => void;
}

/** Refuses what cannot be uploaded before anything is sent, saying why. */
export function checkUploadable(file: { name: string; size: number }): void {
  const fail = (message: string) => {
    throw new ServiceError({ kind: 'invalid-input', endpoint: t('endpointUploadFile'), message });
  };
  if (!file.name.trim()) fail(t('fileNoName'));
  if (file.size === 0) fail(t('fileEmpty', file.name));
  if (file.size > MAX_UPLOAD_BYTES)
    fail(
      // In the units the upload box states its limit in ("Up to 26.2 MB"), so that the two can be compared.
      t('fileTooLarge', file.name, formatBytes(file.size), formatBytes(MAX_UPLOAD_BYTES)),
    );
}

/** The service's words for a failure, from a JSON body (message, or FastAPI detail). */
function said(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; detail?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return body.message.trim();
    if (typeof body.detail === 'string' && body.detail.trim()) return body.detail.trim();
    if (Array.isArray(body.detail))
      return body.detail
        .map((item: { msg?: unknown }) => (typeof item?.msg === 'string' ? item.msg : ''))
        .filter(Boolean)
        .join('; ');
  } catch {
    // Not JSON: no words of the service's to quote.
  }
  return '';
}

/**
 * Sends the file once, to the address set, following no redirect: a redirect's answer is refused with a message that
 * names the setting, and nothing goes where it points (XMLHttpRequest, which reports upload progress, follows every
 * redirect and sends the file again on a 307 or 308, to any origin; fetch can refuse). Fetch reports no upload
 * progress, so the popup shows the upload as under way, not how far.
 */
export function uploadFile(file: File, target: UploadTarget): UploadHandle {
  checkUploadable(file);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, UPLOAD_TIMEOUT_MS);
  const fail = (data: Omit<ConstructorParameters<typeof ServiceError>[0], 'endpoint'>) =>
    new ServiceError({ endpoint: t('endpointUploadFile'), ...data });
  const send = async () => {
    const form = new FormData();
    form.append('file', file, file.name);
    let response: Response;
    try {
      response = await fetch(target.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${target.apiKey}`, Accept: 'application/json' },
        body: form,
        redirect: 'manual',
        credentials: 'omit',
        signal: controller.signal,
      });
    } catch {
      if (timedOut) throw fail({ kind: 'timeout', message: t('uploadTimedOut', formatWait(UPLOAD_TIMEOUT_MS)) });
      if (controller.signal.aborted) throw fail({ kind: 'cancelled', message: t('uploadCancelled') });
      throw fail({ kind: 'network', message: t('uploadUnreachable') });
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
      throw new ServiceError(redirected(target.url));
    const text = (await response.text()).split(target.apiKey).join('[redacted]');
    return judgeUpload(response.status, text, fail);
  };
  return {
    done: send().finally(() => clearTimeout(timer)),
    abort: () => controller.abort(),
  };
}

/** The upload's answer as the file's id and the service's message, or the failure it says, in words. */
function judgeUpload(
  status: number,
  text: string,
  fail: (data: Omit<ConstructorParameters<typeof ServiceError>[0], 'endpoint'>) => ServiceError,
): { fileId: string; message: string } {
  const words = said(text);
  const suffix = serviceSaid(words);
  const refused = (kind: ServiceErrorKind, message: string) =>
    fail({ kind, httpStatus: status, rawBody: text, message });
  if (status === 401 || status === 403)
    throw refused('auth', `${t('keyRejected', String(status))}${suffix} ${t('checkKeyInSettings')}`);
  if (status === 413) throw refused('invalid-input', `${t('uploadTooLarge')}${suffix}`);
  if (status === 429 || status >= 500)
    throw refused(
      status === 429 ? 'rate-limit' : 'service',
      `${t('uploadNotTaken', String(status))}${suffix} ${t('tryAgainInAMoment')}`,
    );
  if (status < 200 || status >= 300)
    throw refused('invalid-input', `${t('uploadRefused', String(status))}${suffix || ` ${t('noReasonGiven')}`}`);
  let body: { file_id?: unknown; message?: unknown; status?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw refused('contract', t('uploadNotJson'));
  }
  if (typeof body.file_id !== 'string' || !body.file_id)
    throw refused(
      typeof body.status === 'string' && body.status.toLowerCase() === 'failed' ? 'service' : 'contract',
      words ? endSentence(t('uploadNotCompleted', words)) : t('uploadNoFileId'),
    );
  return { fileId: body.file_id, message: typeof body.message === 'string' ? body.message : '' };
}

function redirected(url: string): ConstructorParameters<typeof ServiceError>[0] {
  return {
    endpoint: t('endpointUploadFile'),
    kind: 'invalid-input',
    message: `${t('uploadRedirected', new URL(url).origin)} ${t('checkSettingInSettings', t('settingUploadBaseUrl'))}`,
  };
}
