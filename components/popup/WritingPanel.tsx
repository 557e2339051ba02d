/** The result of a rephrase or an extension: copy it, or write it over the selection it came from. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Language } from '@/utils/contract/language';
import type { WriteHow, WritingTask } from '@/utils/contract/jobs';
import { LANGUAGE_TAGS } from '@/utils/shared/page-language';
import { hasWords } from '@/utils/shared/check-input';
import { formatCredits } from '@/utils/shared/format';
import { t, type MessageKey } from '@/utils/shared/i18n';
import { Elapsed } from './Elapsed';
import { ErrorBox } from './JobPanel';

const TITLES: Record<WritingTask['kind'], MessageKey> = {
  rephrase: 'toolRephrased',
  extend: 'toolExtended',
  bullets: 'toolBullets',
  keywords: 'toolKeywords',
  grounded: 'toolGrounded',
  product: 'toolProduct',
};

/** What a finished task says, with its credits: read out by a screen reader as it finishes (see the panel). */
const DONE: Record<WritingTask['kind'], MessageKey> = {
  rephrase: 'doneRephrased',
  extend: 'doneExtended',
  bullets: 'doneWritten',
  keywords: 'doneWritten',
  grounded: 'doneWritten',
  product: 'doneWritten',
};

const WORKING: Partial<Record<WritingTask['kind'], MessageKey>> = { rephrase: 'rephrasing', extend: 'extending' };

/** The tools the service's docs warn can take minutes (4.10, 4.11). */
const SLOW_TOOLS: ReadonlySet<WritingTask['kind']> = new Set(['grounded', 'product']);

interface WritingPanelProps {
  task: WritingTask;
  onCancel: () => void;
  /** Sends a failed task's request again (see the `retryJob` message). */
  onRetry: () => void;
  /** Writes a result over the selection, after it, or at the caret of the page's field or editor (see the `replaceSelection` message). */
  onReplace: (index: number, how: WriteHow) => Promise<string>;
  /** Writes the selection back over what a replace wrote (see the `undoReplace` message). */
  onUndoReplace: () => Promise<string>;
  /**
   * The task was started in this popup: the panel is brought into sight as it starts and as it ends. Under a long form
   * (fact-grounded content's), it appeared below the popup's fold, and the result with it.
   */
  reveal?: boolean;
}

export function WritingPanel({ task, onCancel, onRetry, onReplace, onUndoReplace, reveal }: WritingPanelProps) {
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const running = task.state === 'running';
  useEffect(() => {
    if (reveal) heading.current?.scrollIntoView({ block: 'start' });
  }, [reveal, task.id, running]);
  const report = async (action: () => Promise<string>) => {
    try {
      setMessage({ text: await action(), ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), ok: false });
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage({ text: t('copied'), ok: true });
    } catch {
      setMessage({ text: t('copyRefusedSelectText'), ok: false });
    }
  };
  const lang = resultLang(task);
  return (
    <section class="writing" aria-labelledby="writing-heading" aria-busy={running}>
      <h2 id="writing-heading" ref={heading}>
        {t(TITLES[task.kind])}
      </h2>
      <blockquote class="claim-text" dir="auto" lang={task.textLang}>
        {task.input}
      </blockquote>
      {running && <Working task={task} onCancel={onCancel} />}
      {task.state === 'cancelled' && <p role="status">{t('cancelled')}</p>}
      {task.error && (
        <ErrorBox
          error={task.error}
          // Sent again as it was; not a request that failed before it had anything to send (nothing selected).
          onRetry={task.state === 'failed' && (task.generation || hasWords(task.input)) ? onRetry : undefined}
        />
      )}
      {task.texts.map((text, index) => (
        <Result
          key={index}
          text={text}
          lang={lang}
          task={task}
          onCopy={() => void copy(text)}
          onWrite={(how) => void report(() => onReplace(index, how))}
        />
      ))}
      {task.citations.length > 0 && <Citations citations={task.citations} />}
      {/* There from the start, empty while the task runs: a live region that appears with its words is not read out
          by every screen reader, and the end of a task of minutes, with the popup left open, would pass unheard. */}
      <p class="credits" role="status">
        {task.state === 'done' && t(DONE[task.kind], formatCredits(task.credits.used, task.credits.unreported))}
      </p>
      {task.replacedWith !== null && task.tabId !== null && (
        <p class="row">
          <button type="button" onClick={() => void report(onUndoReplace)}>
            {t('undo')}
          </button>
        </p>
      )}
      {message && (
        <p role="status" class={`status ${message.ok ? 'ok' : 'error'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}

/**
 * The results' language: the selection's, for its rephrasings; the one a product copy was asked in (by name, or a
 * short code); else not known (lang=""): a paragraph is written in its points' or keywords' language, grounded content
 * in the one its instruction asks for, not in the popup's English.
 */
function resultLang(task: WritingTask): string {
  const asked = task.generation?.tool === 'product' ? task.generation.request.language : undefined;
  return (asked === undefined ? task.textLang : (LANGUAGE_TAGS[asked as Language] ?? asked)) ?? '';
}

/** A running task: what it does, for how long, Cancel, and why it waits or may take minutes. */
function Working({ task, onCancel }: { task: WritingTask; onCancel: () => void }) {
  return (
    <>
      <div class="row">
        <p role="status">{t(WORKING[task.kind] ?? 'writing')}</p>
        <Elapsed since={task.createdAt} />
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
      {task.notice && <p class="status warning">{task.notice}</p>}
      {SLOW_TOOLS.has(task.kind) && <p class="hint">{t('slowToolHint')}</p>}
    </>
  );
}

/** One result: copied, or written over the selection, after it, or at the caret. */
function Result({
  text,
  lang,
  task,
  onCopy,
  onWrite,
}: {
  text: string;
  lang: string;
  task: WritingTask;
  onCopy: () => void;
  onWrite: (how: WriteHow) => void;
}) {
  return (
    <div class="result">
      <p class="result-text" dir="auto" lang={lang}>
        {text}
      </p>
      <div class="row wrap">
        <button type="button" onClick={onCopy}>
          {t('copy')}
        </button>
        {task.editable && task.tabId !== null && (
          <>
            <button type="button" class="primary" onClick={() => onWrite('replace')}>
              {t('replaceSelection')}
            </button>
            <button type="button" onClick={() => onWrite('insert')}>
              {t('insertAfterSelection')}
            </button>
          </>
        )}
        {!task.editable && task.tabId !== null && (
          <button type="button" onClick={() => onWrite('caret')}>
            {t('insertAtCaret')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The sources a grounded text considered, as links. */
function Citations({ citations }: { citations: WritingTask['citations'] }) {
  return (
    <div class="citations">
      <p>
        <strong>{t('sourcesConsidered')}</strong>
      </p>
      <ol>
        {citations.map((citation, index) => (
          <li key={index}>
            <a href={citation.url} target="_blank" rel="noopener noreferrer" lang="" dir="auto">
              {citation.title || citation.url}
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}
