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

type GroundedMode = 'serp' | 'domain' | 'url' | 'file';

/** What the form holds, each field kept as a draft. */
interface GroundedFields {
  instruction: string;
  mode: GroundedMode;
  domains: string;
  urls: string;
  fileId: string;
}

/** Each field's error, in the interface's language: what the service would refuse, said before anything is sent. */
function groundedErrors({ instruction, mode, domains, urls, fileId }: GroundedFields): Errors {
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
    const notUrl = list.find((url) => !safeHttpUrl(url));
    if (!list.length) found.urls = t('urlsMissing');
    else if (notUrl !== undefined) found.urls = t('notAWebAddress', notUrl);
  }
  if (mode === 'file' && !fileId) found.file = t('fileMissing');
  return found;
}

const SOURCE_MODES = [
  ['serp', 'sourcesWeb'],
  ['domain', 'sourcesDomains'],
  ['url', 'sourcesPages'],
  ['file', 'sourcesFile'],
] as const;

export function GroundedForm({
  onStart,
  running,
  onClear,
  voiceId = '',
  file: pickedFile,
}: FormProps & { voiceId?: string; file?: PickedFile | undefined }) {
  const [instruction, setInstruction] = useDraft('grounded.instruction', '');
  const [topic, setTopic] = useDraft('grounded.topic', '');
  const [mode, setMode] = useDraft<GroundedMode>('grounded.mode', 'serp', pickedFile ? 'file' : undefined);
  const [domains, setDomains] = useDraft('grounded.domains', '');
  const [urls, setUrls] = useDraft('grounded.urls', '');
  const [fileId, setFileId] = useDraft('grounded.fileId', '', pickedFile?.id);
  const [voice, setVoice] = useDraft('grounded.voice', '', voiceId || undefined);
  const { voices, assets } = useLibraryChoices();
  const { errors, busy, submit } = useSubmit(onStart, running);
  const request = () => ({
    tool: 'grounded' as const,
    request: {
      instruction: instruction.trim(),
      topic: topic.trim() || undefined,
      mode,
      // An address pasted in place of a domain is sent as its host (groundedErrors refused anything else).
      domain_list: mode === 'domain' ? [...new Set(lines(domains).map((line) => domainFromInput(line)!))] : undefined,
      url_list: mode === 'url' ? lines(urls) : undefined,
      file_id: mode === 'file' ? fileId : undefined,
      brand_voice: voice || undefined,
    },
  });
  return (
    <form
      onSubmit={(event) =>
        void submit(event, () => groundedErrors({ instruction, mode, domains, urls, fileId }), request)
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
        {SOURCE_MODES.map(([value, label]) => (
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
        <FilePicker fileId={fileId} setFileId={setFileId} assets={assets} picked={pickedFile} errors={errors} />
      )}
      <VoicePicker voice={voice} setVoice={setVoice} voices={voices} />
      <FormActions label={t('writeIt')} busy={busy} onClear={onClear} />
    </form>
  );
}

/** The brand voice to write in, if any. */
function VoicePicker({
  voice,
  setVoice,
  voices,
}: {
  voice: string;
  setVoice: (id: string) => void;
  voices: BrandVoice[];
}) {
  return (
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
  );
}

/** The uploaded file to ground the text in: the library's first 50, and one picked there past them. */
function FilePicker({
  fileId,
  setFileId,
  assets,
  picked,
  errors,
}: {
  fileId: string;
  setFileId: (id: string) => void;
  assets: Asset[];
  picked: PickedFile | undefined;
  errors: Errors;
}) {
  return (
    <div class="field">
      <label for="file">{t('file')}</label>
      <select
        id="file"
        value={fileId}
        aria-describedby={describedBy('file', errors)}
        onChange={(event) => setFileId(event.currentTarget.value)}
      >
        <option value="">{t('chooseFile')}</option>
        {picked && !assets.some((asset) => asset.id === picked.id) && (
          <option value={picked.id} lang="">
            {picked.name}
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
  );
}
