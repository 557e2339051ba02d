/**
 * Uploading a file (4.12) from an extension page, with progress. The service worker cannot report upload
 * progress (fetch has none, and streamed request bodies need HTTP/2), so the popup or side panel sends
 * the file itself with XMLHttpRequest. It asks the background for the address and the key
 * (`getUploadTarget`, extension pages only), keeps them in this call alone, and never logs them.
 */
import { formatWait, ServiceError, serviceSaid } from './service-error';
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

export function uploadWithProgress(
  file: File,
  target: UploadTarget,
  onProgress: (fraction: number) => void,
): UploadHandle {
  checkUploadable(file);
  const request = new XMLHttpRequest();
  const probe = new AbortController();
  const sent = new Promise<{ fileId: string; message: string }>((resolve, reject) => {
    const failure = (data: ConstructorParameters<typeof ServiceError>[0]) =>
      reject(new ServiceError({ endpoint: t('endpointUploadFile'), ...data }));
    request.open('POST', target.url);
    request.setRequestHeader('Authorization', `Bearer ${target.apiKey}`);
    request.setRequestHeader('Accept', 'application/json');
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      failure({
        kind: 'network',
        message: t('uploadUnreachable'),
      });
    request.ontimeout = () =>
      failure({
        kind: 'timeout',
        message: t('uploadTimedOut', formatWait(UPLOAD_TIMEOUT_MS)),
      });
    request.onabort = () => failure({ kind: 'cancelled', message: t('uploadCancelled') });
    request.onload = () => {
      // Followed anyway (the service began to redirect after the probe): the answer is not the service's.
      if (request.responseURL && new URL(request.responseURL).origin !== new URL(target.url).origin)
        return failure(redirected(target.url));
      const status = request.status;
      const text = request.responseText.split(target.apiKey).join('[redacted]');
      const words = said(text);
      const suffix = serviceSaid(words);
      if (status === 401 || status === 403)
        return failure({
          kind: 'auth',
          httpStatus: status,
          rawBody: text,
          message: `${t('keyRejected', String(status))}${suffix} ${t('checkKeyInSettings')}`,
        });
      if (status === 413)
        return failure({
          kind: 'invalid-input',
          httpStatus: status,
          rawBody: text,
          message: `${t('uploadTooLarge')}${suffix}`,
        });
      if (status === 429 || status >= 500)
        return failure({
          kind: status === 429 ? 'rate-limit' : 'service',
          httpStatus: status,
          rawBody: text,
          message: `${t('uploadNotTaken', String(status))}${suffix} ${t('tryAgainInAMoment')}`,
        });
      if (status < 200 || status >= 300)
        return failure({
          kind: 'invalid-input',
          httpStatus: status,
          rawBody: text,
          message: `${t('uploadRefused', String(status))}${suffix || ` ${t('noReasonGiven')}`}`,
        });
      let body: { file_id?: unknown; message?: unknown; status?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        return failure({
          kind: 'contract',
          httpStatus: status,
          rawBody: text,
          message: t('uploadNotJson'),
        });
      }
      if (typeof body.file_id !== 'string' || !body.file_id)
        return failure({
          kind: typeof body.status === 'string' && body.status.toLowerCase() === 'failed' ? 'service' : 'contract',
          httpStatus: status,
          rawBody: text,
          message: words ? endSentence(t('uploadNotCompleted', words)) : t('uploadNoFileId'),
        });
      onProgress(1);
      resolve({ fileId: body.file_id, message: typeof body.message === 'string' ? body.message : '' });
    };
    const form = new FormData();
    form.append('file', file, file.name);
    void refuseRedirect(target.url, probe.signal).then(
      () => request.send(form),
      (error: unknown) => reject(error instanceof ServiceError ? error : new ServiceError(redirected(target.url))),
    );
  });
  return {
    done: sent,
    abort: () => {
      probe.abort();
      request.abort();
    },
  };
}

/**
 * XMLHttpRequest follows redirects, with no way to refuse them, and would send the file (and, to the same origin, the
 * key) wherever one points. So the upload address is asked first, without the key or the file (an OPTIONS request that
 * does not follow): a redirect there stops the upload before anything is sent.
 */
async function refuseRedirect(url: string, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'OPTIONS', redirect: 'manual', credentials: 'omit', signal });
  } catch {
    if (signal.aborted)
      throw new ServiceError({ endpoint: t('endpointUploadFile'), kind: 'cancelled', message: t('uploadCancelled') });
    // Not reachable now: the upload itself says so, with its own message.
    return;
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    throw new ServiceError(redirected(url));
}

function redirected(url: string): ConstructorParameters<typeof ServiceError>[0] {
  return {
    endpoint: t('endpointUploadFile'),
    kind: 'invalid-input',
    message: `${t('uploadRedirected', new URL(url).origin)} ${t('checkSettingInSettings', t('settingUploadBaseUrl'))}`,
  };
}
