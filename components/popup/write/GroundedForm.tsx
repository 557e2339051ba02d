/** Fact-grounded content (4.10): from the web, chosen domains, chosen pages or an uploaded file, in a brand voice. */
import { useEffect, useState } from 'preact/hooks';
import type { Asset, BrandVoice, Page } from '@/utils/contract/results';
import { sendMessage } from '@/utils/shared/messaging';
import { domainFromInput, safeHttpUrl } from '@/utils/shared/urls';
import { useDraft } from '../drafts';
import { t } from '@/utils/shared/i18n';
import {
  describedBy,
  FieldError,
  FormActions,
  lines,
  TextBox,
  useSubmit,
  type Errors,
  type FormProps,
  type PickedFile,
} from './form-kit';

/** The first 50 brand voices and assets, for the pickers. */
function useLibraryChoices() {
  const [voices, setVoices] = useState<BrandVoice[]>([]);
  const [assets, setAssets] = useState<Asset[]>([]);
  useEffect(() => {
    sendMessage('listBrandVoices', { query: '', page: 1, pageSize: 50 })
      .then((page: Page<BrandVoice>) => setVoices(page.items))
      .catch(() => setVoices([]));
    sendMessage('listAssets', { query: '', page: 1, pageSize: 50 })
      .then((page: Page<Asset>) => setAssets(page.items))
      .catch(() => setAssets([]));
  }, []);
  return { voices, assets };
}

export function GroundedForm({
  onStart,
  running,
  onClear,
  voiceId = '',
  file: pickedFile,
}: FormProps & { voiceId?: string; file?: PickedFile | undefined }) {
  const [instruction, setInstruction] = useDraft('grounded.instruction', '');
  const [topic, setTopic] = useDraft('grounded.topic', '');
  const [mode, setMode] = useDraft<'serp' | 'domain' | 'url' | 'file'>(
    'grounded.mode',
    'serp',
    pickedFile ? 'file' : undefined,
  );
  const [domains, setDomains] = useDraft('grounded.domains', '');
  const [urls, setUrls] = useDraft('grounded.urls', '');
  const [fileId, setFileId] = useDraft('grounded.fileId', '', pickedFile?.id);
  const [voice, setVoice] = useDraft('grounded.voice', '', voiceId || undefined);
  const { voices, assets } = useLibraryChoices();
  const { errors, busy, submit } = useSubmit(onStart, running);
  const check = (): Errors => {
    const found: Errors = {};
    if (!instruction.trim()) found.instruction = t('instructionMissing');
    if (mode === 'domain') {
      const list = lines(domains);
      const notDomain = list.find((line) => !domainFromInput(line));
      if (!list.length) found.domains = t('domainsMissing');
      else if (notDomain !== undefined) found.domains = t('notADomain', notDomain);
    }
    if (mode === 'url') {
      const list = lines(urls);
      if (!list.length) found.urls = t('urlsMissing');
      else if (list.some((url) => !safeHttpUrl(url)))
        found.urls = t(
          'notAWebAddress',
          list.find((url) => !safeHttpUrl(url))!,
        );
    }
    if (mode === 'file' && !fileId) found.file = t('fileMissing');
    return found;
  };
  return (
    <form
      onSubmit={(event) =>
        void submit(event, check, () => ({
          tool: 'grounded',
          request: {
            instruction: instruction.trim(),
            topic: topic.trim() || undefined,
            mode,
            // An address pasted in place of a domain is sent as its host (`check` refused anything else).
            domain_list:
              mode === 'domain' ? [...new Set(lines(domains).map((line) => domainFromInput(line)!))] : undefined,
            url_list: mode === 'url' ? lines(urls) : undefined,
            file_id: mode === 'file' ? fileId : undefined,
            brand_voice: voice || undefined,
          },
        }))
      }
    >
      <TextBox
        id="instruction"
        label={t('instruction')}
        value={instruction}
        onChange={setInstruction}
        rows={3}
        errors={errors}
      />
      <TextBox id="topic" label={t('topicOptional')} value={topic} onChange={setTopic} />
      <fieldset>
        <legend>{t('cardSources')}</legend>
        {(
          [
            ['serp', 'sourcesWeb'],
            ['domain', 'sourcesDomains'],
            ['url', 'sourcesPages'],
            ['file', 'sourcesFile'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} class="choice">
            <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />{' '}
            {t(label)}
          </label>
        ))}
      </fieldset>
      {mode === 'domain' && (
        <TextBox
          id="domains"
          label={t('domainsLabel')}
          value={domains}
          onChange={setDomains}
          rows={3}
          errors={errors}
        />
      )}
      {mode === 'url' && (
        <TextBox id="urls" label={t('urlsLabel')} value={urls} onChange={setUrls} rows={3} errors={errors} />
      )}
      {mode === 'file' && (
        <div class="field">
          <label for="file">{t('file')}</label>
          <select
            id="file"
            value={fileId}
            aria-describedby={describedBy('file', errors)}
            onChange={(event) => setFileId(event.currentTarget.value)}
          >
            <option value="">{t('chooseFile')}</option>
            {/* A file picked in the library past the first 50 the list holds. */}
            {pickedFile && !assets.some((asset) => asset.id === pickedFile.id) && (
              <option value={pickedFile.id} lang="">
                {pickedFile.name}
              </option>
            )}
            {assets.map((asset) => (
              <option key={asset.id} value={asset.id} lang="">
                {asset.filename}
              </option>
            ))}
          </select>
          <FieldError id="file" errors={errors} />
        </div>
      )}
      <div class="field">
        <label for="voice">{t('voiceOptional')}</label>
        <select id="voice" value={voice} onChange={(event) => setVoice(event.currentTarget.value)}>
          <option value="">{t('none')}</option>
          {voices.map((entry) => (
            <option key={entry.id} value={entry.id} lang="">
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      <FormActions label={t('writeIt')} busy={busy} onClear={onClear} />
    </form>
  );
}
