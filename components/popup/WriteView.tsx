/**
 * The generation tools: a paragraph from bullet points or from keywords, fact-grounded content, and
 * product copies. Each is a small form that checks its fields before anything is sent; the result waits
 * in the background (the popup may close) and shows in the writing panel.
 */
import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Asset, BrandVoice, Page } from '@/utils/api/domain';
import type { GenerationRequest, GenerationTool } from '@/utils/check/model';
import type { Language } from '@/utils/api/schemas';
import { LANGUAGE_TAGS } from '@/utils/check/page-language';
import { sendMessage } from '@/utils/messaging';
import { DEFAULT_SETTINGS, settingsItem } from '@/utils/settings-item';
import { domainFromInput, safeHttpUrl } from '@/utils/urls';
import { createDrafts, DraftsContext, keptDraft, loadDraftValues, useDraft, type Drafts } from './drafts';

const TOOLS: { tool: GenerationTool; label: string }[] = [
  { tool: 'bullets', label: 'Paragraph from bullet points' },
  { tool: 'keywords', label: 'Paragraph from keywords' },
  { tool: 'grounded', label: 'Fact-grounded content' },
  { tool: 'product', label: 'Product copy' },
];

/** The nine documented languages, by the names 4.11 documents (the client falls back to their short codes). */
const LANGUAGES = Object.keys(LANGUAGE_TAGS) as Language[];

type Errors = Record<string, string>;

/** How long the forms wait for the settings' language (read from IndexedDB in a few ms) before they show without it. */
const SETTINGS_WAIT_MS = 500;

/** An uploaded file picked in the library to write from: its id, and its name for the picker. */
export interface PickedFile {
  id: string;
  name: string;
}

const lines = (text: string) =>
  text
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export function WriteView({
  onStart,
  voiceId = '',
  file,
  running = false,
}: {
  onStart: (generation: GenerationRequest) => Promise<void>;
  /** A brand voice picked in the library: fact-grounded content opens with it chosen. */
  voiceId?: string;
  /** An uploaded file picked in the library: fact-grounded content opens grounded in it. */
  file?: PickedFile;
  /** A writing task of the tab's is running: another is not started over it (a second click would pay twice). */
  running?: boolean;
}) {
  // The forms start from what was typed into them before the popup last closed, once that is read (a few ms), and
  // write in the language of the settings until another is picked.
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const [settingsLanguage, setSettingsLanguage] = useState<string>(DEFAULT_SETTINGS.language);
  useEffect(() => {
    // Read as stored, without the settings' schema (see settings-item.ts): a language that is not one of the nine
    // (an older version's, or none) leaves the default, and so does a store that does not answer at once (the forms
    // do not wait on it: the language can be picked in the form).
    const readLanguage = Promise.race([
      settingsItem.getValue().then(
        (settings): string =>
          LANGUAGES.some((name) => name === settings?.language) ? settings.language : DEFAULT_SETTINGS.language,
        () => DEFAULT_SETTINGS.language,
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve(DEFAULT_SETTINGS.language), SETTINGS_WAIT_MS)),
    ]);
    void Promise.all([loadDraftValues(), readLanguage]).then(([values, language]) => {
      setSettingsLanguage(language);
      setDrafts(createDrafts(values));
    });
  }, []);
  return (
    <section aria-labelledby="write-heading">
      <h2 id="write-heading">Write</h2>
      {drafts && (
        <DraftsContext.Provider value={drafts}>
          <WriteTools
            onStart={onStart}
            voiceId={voiceId}
            file={file}
            running={running}
            drafts={drafts}
            settingsLanguage={settingsLanguage}
          />
        </DraftsContext.Provider>
      )}
    </section>
  );
}

function WriteTools({
  onStart,
  voiceId,
  file,
  running,
  drafts,
  settingsLanguage,
}: {
  onStart: (generation: GenerationRequest) => Promise<void>;
  voiceId: string;
  file: PickedFile | undefined;
  running: boolean;
  drafts: Drafts;
  /** The settings' language: a product copy's, until another is picked. */
  settingsLanguage: string;
}) {
  const [tool, setTool] = useDraft<GenerationTool>('tool', 'bullets', voiceId || file ? 'grounded' : undefined);
  // Bumped when a form is cleared: the form is made afresh, from its defaults.
  const [cleared, setCleared] = useState(0);
  const onClear = () => {
    drafts.forget(`${tool}.`);
    setCleared((count) => count + 1);
  };
  const props = { onStart, running, onClear };
  // Given apart: a key in a spread object does not reach Preact's JSX runtime.
  const key = `${tool}-${cleared}`;
  return (
    <>
      <div class="field">
        <label for="write-tool">Tool</label>
        <select id="write-tool" value={tool} onChange={(event) => setTool(event.currentTarget.value as GenerationTool)}>
          {TOOLS.map((entry) => (
            <option key={entry.tool} value={entry.tool}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      {tool === 'bullets' && <BulletsForm key={key} {...props} />}
      {tool === 'keywords' && <KeywordsForm key={key} {...props} />}
      {tool === 'grounded' && <GroundedForm key={key} {...props} voiceId={voiceId} file={file} />}
      {tool === 'product' && <ProductForm key={key} {...props} settingsLanguage={settingsLanguage} />}
    </>
  );
}

interface FormProps {
  onStart: (generation: GenerationRequest) => Promise<void>;
  running: boolean;
  /** Empties the form (what it kept too). */
  onClear: () => void;
}

/** A form's buttons: send it, or empty it (its fields are kept while the popup is closed, see drafts.ts). */
function FormActions({ label, busy, onClear }: { label: string; busy: boolean; onClear: () => void }) {
  return (
    <div class="row">
      <button type="submit" class="primary" disabled={busy}>
        {label}
      </button>
      <button type="button" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}

/** A form's submit: checks the fields, then sends; field errors show next to their fields. */
function useSubmit(onStart: FormProps['onStart'], running: boolean) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event, check: () => Errors, build: () => GenerationRequest) => {
    event.preventDefault();
    if (running) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onStart(build());
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy: busy || running, submit };
}

function FieldError({ id, errors }: { id: string; errors: Errors }) {
  return errors[id] ? (
    <span id={`${id}-error`} class="status error">
      {errors[id]}
    </span>
  ) : null;
}

const describedBy = (id: string, errors: Errors) => (errors[id] ? `${id}-error` : undefined);

/** A labelled text field (one line, or `rows` lines), with its error under it. */
function TextBox({
  id,
  label,
  value,
  onChange,
  rows,
  errors = {},
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  errors?: Errors;
}) {
  const common = { id, value, 'aria-describedby': describedBy(id, errors) };
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {rows ? (
        <textarea {...common} rows={rows} onInput={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} onInput={(event) => onChange(event.currentTarget.value)} />
      )}
      <FieldError id={id} errors={errors} />
    </div>
  );
}

/** One bullet point being written; its id keeps its field (and the focus in it) as points are added and removed. */
interface Point {
  id: number;
  text: string;
}

let nextPointId = 0;
const newPoint = (text = ''): Point => ({ id: nextPointId++, text });

/** A pasted line's own bullet or number, which the list gives it already ("- ", "• ", "2. ", "3) "). */
const LIST_MARKER = /^(?:[-*•‣◦–—]|\d{1,3}[.)])\s+/;

/**
 * The bullet points, as a list editor: Enter starts the next point (it does not send the form, which a user
 * typing a list would do by habit, and pay for), Backspace in an empty point removes it, and a pasted list of
 * several lines becomes as many points. Ctrl+Enter (⌘+Enter) writes the paragraph.
 */
function BulletsForm({ onStart, running, onClear }: FormProps) {
  const drafts = useContext(DraftsContext);
  const [points, setPoints] = useState<Point[]>(() => {
    const kept = keptDraft<string[]>(drafts, 'bullets.points', []);
    return (kept.length ? kept : ['', '']).map((text) => newPoint(text));
  });
  const [focusId, setFocusId] = useState<{ id: number; at: number } | null>(null);
  const fields = useRef(new Map<number, HTMLInputElement>());
  const form = useRef<HTMLFormElement>(null);
  const { errors, busy, submit } = useSubmit(onStart, running);
  const filled = points.map((point) => point.text.trim()).filter(Boolean);
  // Kept as each change renders (see useDraft, which this is, for a list whose items carry ids besides their text).
  useLayoutEffect(() => {
    const texts = points.map((point) => point.text);
    // Empty points, as the form opens, are nothing to keep.
    if (!drafts || (!texts.some(Boolean) && drafts.values['bullets.points'] === undefined)) return;
    drafts.save('bullets.points', texts.some(Boolean) ? texts : []);
  }, [drafts, points]);

  // A layout effect, run as the new points are rendered (a microtask after the key): an effect waits for the next
  // frame, and keys typed before it (a quick Enter, then the next point's words) went to the point left behind.
  useLayoutEffect(() => {
    if (!focusId) return;
    const field = fields.current.get(focusId.id);
    if (field) {
      field.focus();
      field.setSelectionRange(focusId.at, focusId.at);
    }
    setFocusId(null);
  }, [focusId]);

  /**
   * Keeps `before` as the text of the point at `index`, and puts points of `added` after it (the text after the caret,
   * on Enter; the pasted lines, on a paste), with the caret at `caret` in the last of them.
   */
  const splitAt = (index: number, before: string, added: string[], caret: number) => {
    const created = added.map((text) => newPoint(text));
    setPoints((current) => [
      ...current.slice(0, index),
      { ...current[index]!, text: before },
      ...created,
      ...current.slice(index + 1),
    ]);
    const last = created.at(-1);
    if (last) setFocusId({ id: last.id, at: caret });
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const field = event.currentTarget as HTMLInputElement;
    if (event.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) {
        form.current?.requestSubmit();
        return;
      }
      // An empty point gets no empty point after it: Enter moves on to the next one, if there is one.
      if (!field.value.trim()) {
        const next = points[index + 1];
        if (next) setFocusId({ id: next.id, at: 0 });
        return;
      }
      const caret = field.selectionStart ?? field.value.length;
      splitAt(index, field.value.slice(0, caret), [field.value.slice(field.selectionEnd ?? caret)], 0);
    } else if (event.key === 'Backspace' && !field.value && points.length > 1) {
      event.preventDefault();
      const previous = points[index - 1] ?? points[index + 1]!;
      setPoints((current) => current.filter((_, at) => at !== index));
      setFocusId({ id: previous.id, at: previous.text.length });
    }
  };

  const onPaste = (event: ClipboardEvent, index: number) => {
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    const pastedLines = lines(pasted).map((line) => line.replace(LIST_MARKER, '').trim());
    if (pastedLines.length < 2) return;
    event.preventDefault();
    const field = event.currentTarget as HTMLInputElement;
    const before = field.value.slice(0, field.selectionStart ?? field.value.length);
    const after = field.value.slice(field.selectionEnd ?? field.value.length);
    const [first = '', ...rest] = pastedLines;
    const caret = rest.at(-1)!.length;
    rest[rest.length - 1] += after;
    splitAt(index, before + first, rest, caret);
  };

  return (
    <form
      ref={form}
      onSubmit={(event) =>
        void submit(
          event,
          (): Errors => (filled.length ? {} : { points: 'Write at least one bullet point.' }),
          () => ({ tool: 'bullets', request: { bullet_points: filled } }),
        )
      }
    >
      <fieldset>
        <legend>Bullet points</legend>
        <p class="hint" id="points-hint">
          Enter starts the next point; Ctrl+Enter writes the paragraph. A pasted list becomes its points.
        </p>
        {points.map((point, index) => (
          <div class="row point" key={point.id}>
            <input
              ref={(field) => {
                if (field) fields.current.set(point.id, field);
                else fields.current.delete(point.id);
              }}
              aria-label={`Bullet point ${index + 1}`}
              value={point.text}
              aria-describedby={[describedBy('points', errors), 'points-hint'].filter(Boolean).join(' ')}
              enterKeyHint="next"
              onKeyDown={(event) => onKeyDown(event, index)}
              onPaste={(event) => onPaste(event, index)}
              onInput={(event) => {
                const value = event.currentTarget.value;
                setPoints((current) => current.map((old, at) => (at === index ? { ...old, text: value } : old)));
              }}
            />
            <button
              type="button"
              aria-label={`Remove bullet point ${index + 1}`}
              disabled={points.length === 1}
              onClick={() => {
                // The keyboard goes to the point that takes its place, not to the page's top with the button gone.
                const neighbour = points[index + 1] ?? points[index - 1]!;
                setPoints((current) => current.filter((_, at) => at !== index));
                setFocusId({ id: neighbour.id, at: neighbour.text.length });
              }}
            >
              ✕
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() => {
            const added = newPoint();
            setPoints((current) => [...current, added]);
            setFocusId({ id: added.id, at: 0 });
          }}
        >
          Add a point
        </button>
        <FieldError id="points" errors={errors} />
      </fieldset>
      <FormActions label="Write the paragraph" busy={busy} onClear={onClear} />
    </form>
  );
}

function KeywordsForm({ onStart, running, onClear }: FormProps) {
  const [keywords, setKeywords] = useDraft('keywords.keywords', '');
  const { errors, busy, submit } = useSubmit(onStart, running);
  return (
    <form
      onSubmit={(event) =>
        void submit(
          event,
          (): Errors =>
            keywords.split(',').some((word) => word.trim()) ? {} : { keywords: 'Give at least one keyword.' },
          () => ({
            tool: 'keywords',
            request: {
              keywords: keywords
                .split(',')
                .map((word) => word.trim())
                .filter(Boolean)
                .join(', '),
            },
          }),
        )
      }
    >
      <TextBox
        id="keywords"
        label="Keywords, separated by commas"
        value={keywords}
        onChange={setKeywords}
        errors={errors}
      />
      <FormActions label="Write the paragraph" busy={busy} onClear={onClear} />
    </form>
  );
}

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

function GroundedForm({
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

function ProductForm({ onStart, running, onClear, settingsLanguage }: FormProps & { settingsLanguage: string }) {
  const [product, setProduct] = useDraft('product.product', '');
  const [description, setDescription] = useDraft('product.description', '');
  const [feature, setFeature] = useDraft<'product_description' | 'product_review'>(
    'product.feature',
    'product_description',
  );
  const [language, setLanguage] = useDraft('product.language', settingsLanguage);
  const [serp, setSerp] = useDraft('product.serp', true);
  const [exclude, setExclude] = useDraft('product.exclude', '');
  const { errors, busy, submit } = useSubmit(onStart, running);
  return (
    <form
      onSubmit={(event) =>
        void submit(
          event,
          (): Errors => (product.trim() ? {} : { product: 'Name the product.' }),
          () => ({
            tool: 'product',
            request: {
              product: product.trim(),
              description: description.trim(),
              feature_type: feature,
              language: LANGUAGES.find((name) => name === language) ?? 'English-US',
              serp,
              phrases_to_exclude: exclude
                .split(',')
                .map((phrase) => phrase.trim())
                .filter(Boolean),
            },
          }),
        )
      }
    >
      <TextBox id="product" label="Product" value={product} onChange={setProduct} errors={errors} />
      <TextBox id="description" label="Description or tagline" value={description} onChange={setDescription} rows={2} />
      <fieldset>
        <legend>Write a</legend>
        <label class="choice">
          <input
            type="radio"
            name="feature"
            checked={feature === 'product_description'}
            onChange={() => setFeature('product_description')}
          />{' '}
          Description
        </label>
        <label class="choice">
          <input
            type="radio"
            name="feature"
            checked={feature === 'product_review'}
            onChange={() => setFeature('product_review')}
          />{' '}
          Review
        </label>
      </fieldset>
      <div class="field">
        <label for="product-language">Language</label>
        <select id="product-language" value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
          {LANGUAGES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <label class="choice">
        <input type="checkbox" checked={serp} onChange={(event) => setSerp(event.currentTarget.checked)} /> Search the
        web for product details
      </label>
      <TextBox id="exclude" label="Phrases to leave out, separated by commas" value={exclude} onChange={setExclude} />
      <FormActions label="Write it" busy={busy} onClear={onClear} />
    </form>
  );
}
