/**
 * The generation tools: a paragraph from bullet points or from keywords, fact-grounded content, and
 * product copies. Each is a small form that checks its fields before anything is sent; the result waits
 * in the background (the popup may close) and shows in the writing panel.
 */
import { useEffect, useState } from 'preact/hooks';
import type { GenerationRequest, GenerationTool } from '@/utils/contract/jobs';
import { DEFAULT_SETTINGS, settingsItem } from '@/utils/shared/settings-item';
import { t, type MessageKey } from '@/utils/shared/i18n';
import { createDrafts, DraftsContext, loadDraftValues, useDraft, type Drafts } from './drafts';
import { BulletsForm } from './write/BulletsForm';
import { GroundedForm } from './write/GroundedForm';
import type { PickedFile } from './write/form-kit';
import { KeywordsForm } from './write/KeywordsForm';
import { LANGUAGES, ProductForm } from './write/ProductForm';

export type { PickedFile };

const TOOLS: { tool: GenerationTool; label: MessageKey }[] = [
  { tool: 'bullets', label: 'toolBullets' },
  { tool: 'keywords', label: 'toolKeywords' },
  { tool: 'grounded', label: 'toolGrounded' },
  { tool: 'product', label: 'toolProduct' },
];

/** How long the forms wait for the settings' language (read from IndexedDB in a few ms) before they show without it. */
const SETTINGS_WAIT_MS = 500;

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
      <h2 id="write-heading">{t('navWrite')}</h2>
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
        <label for="write-tool">{t('tool')}</label>
        <select id="write-tool" value={tool} onChange={(event) => setTool(event.currentTarget.value as GenerationTool)}>
          {TOOLS.map((entry) => (
            <option key={entry.tool} value={entry.tool}>
              {t(entry.label)}
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
