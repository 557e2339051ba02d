/** Fact-grounded content (4.10): from the web, chosen domains, chosen pages or an uploaded file, in a brand voice. */
import { useEffect, useState } from 'preact/hooks';
import type { Asset, BrandVoice, Page } from '@/utils/background/api/domain';
import { sendMessage } from '@/utils/shared/messaging';
import { domainFromInput, safeHttpUrl } from '@/utils/shared/urls';
import { useDraft } from '../drafts';
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
    if (!instruction.trim()) found.instruction = 'Say what to write.';
    if (mode === 'domain') {
      const list = lines(domains);
      const notDomain = list.find((line) => !domainFromInput(line));
      if (!list.length) found.domains = 'Give at least one domain, one per line.';
      else if (notDomain !== undefined) found.domains = `Not a domain: ${notDomain}. Give domains such as nasa.gov.`;
    }
    if (mode === 'url') {
      const list = lines(urls);
      if (!list.length) found.urls = 'Give at least one address, one per line.';
      else if (list.some((url) => !safeHttpUrl(url)))
        found.urls = `Not a web address: ${list.find((url) => !safeHttpUrl(url))}. Addresses start with https://.`;
    }
    if (mode === 'file' && !fileId) found.file = 'Pick an uploaded file (upload one in the Library).';
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
        label="Instruction"
        value={instruction}
        onChange={setInstruction}
        rows={3}
        errors={errors}
      />
      <TextBox id="topic" label="Topic (optional)" value={topic} onChange={setTopic} />
      <fieldset>
        <legend>Sources</legend>
        {(
          [
            ['serp', 'The web'],
            ['domain', 'Chosen domains'],
            ['url', 'Chosen pages'],
            ['file', 'An uploaded file'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} class="choice">
            <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {mode === 'domain' && (
        <TextBox
          id="domains"
          label="Domains, one per line"
          value={domains}
          onChange={setDomains}
          rows={3}
          errors={errors}
        />
      )}
      {mode === 'url' && (
        <TextBox
          id="urls"
          label="Page addresses, one per line"
          value={urls}
          onChange={setUrls}
          rows={3}
          errors={errors}
        />
      )}
      {mode === 'file' && (
        <div class="field">
          <label for="file">File</label>
          <select
            id="file"
            value={fileId}
            aria-describedby={describedBy('file', errors)}
            onChange={(event) => setFileId(event.currentTarget.value)}
          >
            <option value="">Choose a file…</option>
            {/* A file picked in the library past the first 50 the list holds. */}
            {pickedFile && !assets.some((asset) => asset.id === pickedFile.id) && (
              <option value={pickedFile.id}>{pickedFile.name}</option>
            )}
            {assets.map((asset) => (
              <option key={asset.id} value={asset.id}>
                {asset.filename}
              </option>
            ))}
          </select>
          <FieldError id="file" errors={errors} />
        </div>
      )}
      <div class="field">
        <label for="voice">Brand voice (optional)</label>
        <select id="voice" value={voice} onChange={(event) => setVoice(event.currentTarget.value)}>
          <option value="">None</option>
          {voices.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      <FormActions label="Write it" busy={busy} onClear={onClear} />
    </form>
  );
}
