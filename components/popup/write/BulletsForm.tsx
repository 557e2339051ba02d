/** A paragraph from bullet points (4.4): a list editor, one field a point. */
import { useContext, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { DraftsContext, keptDraft } from '../drafts';
import { t } from '@/utils/shared/i18n';
import { describedBy, FieldError, FormActions, lines, useSubmit, type Errors, type FormProps } from './form-kit';

/** One bullet point being written; its id keeps its field (and the focus in it) as points are added and removed. */
interface Point {
  id: number;
  text: string;
}

let nextPointId = 0;
const newPoint = (text = ''): Point => ({ id: nextPointId++, text });

/** A pasted line's own bullet or number, which the list gives it already ("- ", "• ", "2. ", "3) "). */
const LIST_MARKER = /^(?:[-*•‣◦–—]|\d{1,3}[.)])\s+/;

/** The points being written, kept as the form's draft, and the focus to put in one of them once it renders. */
function useKeptPoints() {
  const drafts = useContext(DraftsContext);
  const [points, setPoints] = useState<Point[]>(() => {
    const kept = keptDraft<string[]>(drafts, 'bullets.points', []);
    return (kept.length ? kept : ['', '']).map((text) => newPoint(text));
  });
  const [focusId, setFocusId] = useState<{ id: number; at: number } | null>(null);
  const fields = useRef(new Map<number, HTMLInputElement>());
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
  return { points, setPoints, fields, focusAt: setFocusId };
}

type KeptPoints = ReturnType<typeof useKeptPoints>;

/** What the keys, a paste and the buttons do to the list of points. */
function pointEditing({ points, setPoints, focusAt }: KeptPoints, form: { current: HTMLFormElement | null }) {
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
    if (last) focusAt({ id: last.id, at: caret });
  };
  /** Removes the point at `index`; the keyboard goes to `neighbour`'s end. */
  const removeAt = (index: number, neighbour: Point) => {
    setPoints((current) => current.filter((_, at) => at !== index));
    focusAt({ id: neighbour.id, at: neighbour.text.length });
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const field = event.currentTarget as HTMLInputElement;
    if (event.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) return form.current?.requestSubmit();
      // An empty point gets no empty point after it: Enter moves on to the next one, if there is one.
      if (!field.value.trim()) {
        const next = points[index + 1];
        if (next) focusAt({ id: next.id, at: 0 });
        return;
      }
      const caret = field.selectionStart ?? field.value.length;
      splitAt(index, field.value.slice(0, caret), [field.value.slice(field.selectionEnd ?? caret)], 0);
    } else if (event.key === 'Backspace' && !field.value && points.length > 1) {
      event.preventDefault();
      removeAt(index, points[index - 1] ?? points[index + 1]!);
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

  const setText = (index: number, text: string) =>
    setPoints((current) => current.map((old, at) => (at === index ? { ...old, text } : old)));
  const add = () => {
    const added = newPoint();
    setPoints((current) => [...current, added]);
    focusAt({ id: added.id, at: 0 });
  };
  // The keyboard goes to the point that takes its place, not to the page's top with the button gone.
  const remove = (index: number) => removeAt(index, points[index + 1] ?? points[index - 1]!);
  return { onKeyDown, onPaste, setText, add, remove };
}

/**
 * The bullet points, as a list editor: Enter starts the next point (it does not send the form, which a user
 * typing a list would do by habit, and pay for), Backspace in an empty point removes it, and a pasted list of
 * several lines becomes as many points. Ctrl+Enter (⌘+Enter) writes the paragraph.
 */
export function BulletsForm({ onStart, running, onClear }: FormProps) {
  const kept = useKeptPoints();
  const { points, fields } = kept;
  const form = useRef<HTMLFormElement>(null);
  const editing = pointEditing(kept, form);
  const { errors, busy, submit } = useSubmit(onStart, running);
  const filled = points.map((point) => point.text.trim()).filter(Boolean);
  return (
    <form
      ref={form}
      onSubmit={(event) =>
        void submit(
          event,
          (): Errors => (filled.length ? {} : { points: t('bulletsMissing') }),
          () => ({ tool: 'bullets', request: { bullet_points: filled } }),
        )
      }
    >
      <fieldset>
        <legend>{t('bulletPoints')}</legend>
        <p class="hint" id="points-hint">
          {t('bulletsHint')}
        </p>
        {points.map((point, index) => (
          <div class="row point" key={point.id}>
            <input
              ref={(field) => {
                if (field) fields.current.set(point.id, field);
                else fields.current.delete(point.id);
              }}
              aria-label={t('bulletPoint', index + 1)}
              value={point.text}
              aria-describedby={[describedBy('points', errors), 'points-hint'].filter(Boolean).join(' ')}
              enterKeyHint="next"
              onKeyDown={(event) => editing.onKeyDown(event, index)}
              onPaste={(event) => editing.onPaste(event, index)}
              onInput={(event) => editing.setText(index, event.currentTarget.value)}
            />
            <button
              type="button"
              aria-label={t('removeBulletPoint', index + 1)}
              disabled={points.length === 1}
              onClick={() => editing.remove(index)}
            >
              ✕
            </button>
          </div>
        ))}
        <button type="button" onClick={editing.add}>
          {t('addPoint')}
        </button>
        <FieldError id="points" errors={errors} />
      </fieldset>
      <FormActions label={t('writeParagraph')} busy={busy} onClear={onClear} />
    </form>
  );
}
