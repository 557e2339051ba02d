/** What the Write view's forms share: their props, buttons, submit, fields and field errors. */
import { useState } from 'preact/hooks';
import type { GenerationRequest } from '@/utils/contract/jobs';
import { t } from '@/utils/shared/i18n';

/** An uploaded file picked in the library to write from: its id, and its name for the picker. */
export interface PickedFile {
  id: string;
  name: string;
}

export type Errors = Record<string, string>;

export const lines = (text: string) =>
  text
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export interface FormProps {
  onStart: (generation: GenerationRequest) => Promise<void>;
  running: boolean;
  /** Empties the form (what it kept too). */
  onClear: () => void;
}

/** A form's buttons: send it, or empty it (its fields are kept while the popup is closed, see drafts.ts). */
export function FormActions({ label, busy, onClear }: { label: string; busy: boolean; onClear: () => void }) {
  return (
    <div class="row">
      <button type="submit" class="primary" disabled={busy}>
        {label}
      </button>
      <button type="button" onClick={onClear}>
        {t('clear')}
      </button>
    </div>
  );
}

/** A form's submit: checks the fields, then sends; field errors show next to their fields. */
export function useSubmit(onStart: FormProps['onStart'], running: boolean) {
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

export function FieldError({ id, errors }: { id: string; errors: Errors }) {
  return errors[id] ? (
    <span id={`${id}-error`} class="status error">
      {errors[id]}
    </span>
  ) : null;
}

export const describedBy = (id: string, errors: Errors) => (errors[id] ? `${id}-error` : undefined);

/** A labelled text field (one line, or `rows` lines), with its error under it. */
export function TextBox({
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
