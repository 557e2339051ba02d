/**
 * Uploading a file (4.12) from an extension page, with progress. The service worker cannot report upload
 * progress (fetch has none, and streamed request bodies need HTTP/2), so the popup or side panel sends
 * the file itself with XMLHttpRequest. It asks the background for the address and the key
 * (`getUploadTarget`, extension pages only), keeps them in this call alone, and never logs them.
 */
import { ServiceError, serviceSaid } from './service-error';
import { endSentence, formatBytes } from './format';

/** Largest file accepted; the service documents no limit, so this keeps a mistake cheap. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 3 * 60_000;
const TITLE = 'Upload file';

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
    throw new ServiceError({ kind: 'invalid-input', endpoint: TITLE, message });
  };
  if (!file.name.trim()) fail('The file has no name.');
  if (file.size === 0) fail(`“${file.name}” is empty.`);
  if (file.size > MAX_UPLOAD_BYTES)
    fail(
      // In the units the upload box states its limit in ("Up to 26.2 MB"), so that the two can be compared.
      `“${file.name}” is ${formatBytes(file.size)}; files up to ${formatBytes(MAX_UPLOAD_BYTES)} can be uploaded.`,
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
      reject(new ServiceError({ endpoint: TITLE, ...data }));
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
        message: 'The upload could not reach the service. Check your connection and the upload address in Settings.',
      });
    request.ontimeout = () =>
      failure({
        kind: 'timeout',
        message: 'The upload got no answer within 3 min, so it was stopped. Try again later.',
      });
    request.onabort = () => failure({ kind: 'cancelled', message: 'The upload was cancelled.' });
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
          message: `The API key was rejected (HTTP ${status}).${suffix} Check the key in Settings.`,
        });
      if (status === 413)
        return failure({
          kind: 'invalid-input',
          httpStatus: status,
          rawBody: text,
          message: `The service refused the file as too large (HTTP 413).${suffix}`,
        });
      if (status === 429 || status >= 500)
        return failure({
          kind: status === 429 ? 'rate-limit' : 'service',
          httpStatus: status,
          rawBody: text,
          message: `The service could not take the upload (HTTP ${status}).${suffix} Try again in a moment.`,
        });
      if (status < 200 || status >= 300)
        return failure({
          kind: 'invalid-input',
          httpStatus: status,
          rawBody: text,
          message: `The service refused the upload (HTTP ${status}).${suffix || ' It gave no reason.'}`,
        });
      let body: { file_id?: unknown; message?: unknown; status?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        return failure({
          kind: 'contract',
          httpStatus: status,
          rawBody: text,
          message: 'The service answered the upload with something that is not JSON. Try again.',
        });
      }
      if (typeof body.file_id !== 'string' || !body.file_id)
        return failure({
          kind: typeof body.status === 'string' && body.status.toLowerCase() === 'failed' ? 'service' : 'contract',
          httpStatus: status,
          rawBody: text,
          message: words
            ? endSentence(`The service could not complete the upload: ${words}`)
            : 'The service’s answer to the upload had no file id.',
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
      throw new ServiceError({ endpoint: TITLE, kind: 'cancelled', message: 'The upload was cancelled.' });
    // Not reachable now: the upload itself says so, with its own message.
    return;
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    throw new ServiceError(redirected(url));
}

function redirected(url: string): ConstructorParameters<typeof ServiceError>[0] {
  return {
    endpoint: TITLE,
    kind: 'invalid-input',
    message: `The upload address (${new URL(url).origin}) redirects to another address, so nothing was sent: FactLens does not send your file or your key where a redirect points. Check the upload base URL in Settings.`,
  };
}
