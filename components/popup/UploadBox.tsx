/** Upload a file to the library: a file picker or drag and drop, with progress and a clear error. */
import { useRef, useState } from 'preact/hooks';
import { ServiceError } from '@/utils/shared/service-error';
import { formatBytes } from '@/utils/shared/format';
import { t } from '@/utils/shared/i18n';
import { sendMessage } from '@/utils/shared/messaging';
import { checkUploadable, MAX_UPLOAD_BYTES, uploadFile, type UploadHandle } from '@/utils/shared/upload';
import type { PickedFile } from './WriteView';

type Status =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; size: number }
  | { kind: 'done'; name: string; fileId: string }
  | { kind: 'failed'; message: string };

export function UploadBox({
  onUploaded,
  onUse,
}: {
  onUploaded: (name: string) => void;
  /** Writes from the file just uploaded (fact-grounded content grounded in it). */
  onUse?: (file: PickedFile) => void;
}) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  const handle = useRef<UploadHandle | null>(null);

  const upload = async (file: File) => {
    try {
      checkUploadable(file);
      setStatus({ kind: 'uploading', name: file.name, size: file.size });
      const target = await sendMessage('getUploadTarget', undefined);
      handle.current = uploadFile(file, target);
      const { fileId } = await handle.current.done;
      setStatus({ kind: 'done', name: file.name, fileId });
      onUploaded(file.name);
    } catch (error) {
      setStatus({
        kind: 'failed',
        message: error instanceof ServiceError || error instanceof Error ? error.message : String(error),
      });
    } finally {
      handle.current = null;
    }
  };

  return (
    <div
      class={`upload${over ? ' over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer?.files[0];
        if (file) void upload(file);
      }}
    >
      <label for="upload-file">{t('uploadLabel')}</label>
      <input
        id="upload-file"
        type="file"
        disabled={status.kind === 'uploading'}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
      <UploadStatus status={status} onCancel={() => handle.current?.abort()} onUse={onUse} />
      <p class="hint">{t('uploadUpTo', formatBytes(MAX_UPLOAD_BYTES))}</p>
    </div>
  );
}

/** An upload under way (with Cancel), done (with the offer to write from it), or failed. */
function UploadStatus({
  status,
  onCancel,
  onUse,
}: {
  status: Status;
  onCancel: () => void;
  onUse: ((file: PickedFile) => void) | undefined;
}) {
  if (status.kind === 'uploading')
    return (
      <div class="row">
        {/* Under way, not how far: an upload that refuses redirects is sent by fetch, which reports no progress. */}
        <progress aria-label={t('uploading', status.name)} />
        <span role="status">{formatBytes(status.size)}</span>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    );
  if (status.kind === 'done')
    return (
      <div role="status" class="status ok">
        <p>{t('uploaded', status.name)}</p>
        {onUse && (
          <button type="button" onClick={() => onUse({ id: status.fileId, name: status.name })}>
            {t('useForGeneration')}
          </button>
        )}
      </div>
    );
  if (status.kind === 'failed')
    return (
      <p role="alert" class="status error">
        {status.message}
      </p>
    );
  return null;
}
