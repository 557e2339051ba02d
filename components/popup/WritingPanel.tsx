/** The result of a rephrase or an extension: copy it, or write it over the selection it came from. */
import { useState } from 'preact/hooks';
import type { WritingTask } from '@/utils/check/model';
import { formatCredits } from '@/utils/format';
import { ErrorBox } from './JobPanel';

interface WritingPanelProps {
  task: WritingTask;
  onCancel: () => void;
  onReplace: (index: number) => Promise<string>;
}

export function WritingPanel({ task, onCancel, onReplace }: WritingPanelProps) {
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const title = task.kind === 'rephrase' ? 'Rephrased selection' : 'Extended selection';
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage({ text: 'Copied.', ok: true });
    } catch {
      setMessage({ text: 'The browser refused the copy; select the text and copy it yourself.', ok: false });
    }
  };
  const replace = async (index: number) => {
    try {
      setMessage({ text: await onReplace(index), ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), ok: false });
    }
  };
  return (
    <section class="writing" aria-labelledby="writing-heading" aria-busy={task.state === 'running'}>
      <h2 id="writing-heading">{title}</h2>
      <blockquote class="claim-text">{task.input}</blockquote>
      {task.state === 'running' && (
        <p role="status" class="row">
          {task.kind === 'rephrase' ? 'Rephrasing…' : 'Extending…'}
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </p>
      )}
      {task.state === 'cancelled' && <p role="status">Cancelled.</p>}
      {task.error && <ErrorBox error={task.error} />}
      {task.texts.map((text, index) => (
        <div class="result" key={index}>
          <p class="result-text">{text}</p>
          <div class="row">
            <button type="button" onClick={() => void copy(text)}>
              Copy
            </button>
            {task.editable && task.tabId !== null && (
              <button type="button" class="primary" onClick={() => void replace(index)}>
                Replace selection
              </button>
            )}
          </div>
        </div>
      ))}
      {task.state === 'done' && (
        <p class="credits">Used {formatCredits(task.credits.used, task.credits.unreported)}.</p>
      )}
      {message && (
        <p role="status" class={`status ${message.ok ? 'ok' : 'error'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
