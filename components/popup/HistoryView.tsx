/** The last checks: reopen one, export it as Markdown, JSON or ClaimReview, remove it (with an Undo), or clear them all. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { HistoryEntry, HistorySummary } from '@/utils/contract/history-entries';
import { formatAge, formatCredits } from '@/utils/shared/format';
import { t, tAround, tp } from '@/utils/shared/i18n';
import { sendMessage } from '@/utils/shared/messaging';
import { exportName, toJson, toMarkdown } from '@/utils/ui/report';
import { safeHttpUrl } from '@/utils/shared/urls';
import { VERDICT_ICONS, VERDICT_LABELS, VERDICTS } from '@/utils/shared/verdicts';
import type { Language } from '@/utils/contract/language';
import { LANGUAGE_TAGS } from '@/utils/shared/page-language';
import { MAX_HISTORY } from '@/utils/shared/history-limit';
import { ClaimList } from './ClaimList';
import { ClaimReviewExport } from './ClaimReviewExport';
import { download } from './download';

/**
 * The language of a past check's page title: the one its page declared for itself. Undefined leaves it unsaid (an
 * address in place of a title, or an entry kept from before, of a selection, whose text's language may not be the
 * title's).
 */
function titleLang(entry: HistorySummary | HistoryEntry): string | undefined {
  if (!entry.pageTitle) return undefined;
  // Entries kept before titles had their own language: a page's check has its text's, which is its title's too.
  return entry.titleLang ?? (entry.scope === 'page' ? entry.textLang : undefined);
}

/** The checks kept, the one open, the one just removed (for its Undo), and what the view does with them. */
function useHistory() {
  const [entries, setEntries] = useState<HistorySummary[] | null>(null);
  const [open, setOpen] = useState<HistoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The check just removed, for its Undo, while the view is open.
  const [removed, setRemoved] = useState<HistoryEntry | null>(null);
  // Where the keyboard goes once the list shows a change: the Undo, or the check it put back.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const list = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focusTarget) return;
    list.current?.querySelector<HTMLElement>(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget, entries, removed]);

  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  useEffect(() => {
    void run(async () => setEntries(await sendMessage('getHistory', undefined)));
  }, []);

  const remove = (entry: HistorySummary) =>
    run(async () => {
      const taken = await sendMessage('removeHistoryEntry', { id: entry.id });
      setEntries((current) => current?.filter((other) => other.id !== entry.id) ?? null);
      setRemoved(taken);
      setFocusTarget('.undo-remove');
    });
  const undoRemove = (entry: HistoryEntry) =>
    run(async () => {
      await sendMessage('restoreHistoryEntry', entry);
      setEntries(await sendMessage('getHistory', undefined));
      setRemoved(null);
      setFocusTarget(`[data-entry="${CSS.escape(entry.id)}"] .link`);
    });

  const exportEntry = (id: string, format: 'md' | 'json') =>
    run(async () => {
      const entry = await sendMessage('getHistoryEntry', { id });
      if (format === 'md') download(exportName(entry, 'md'), toMarkdown(entry), 'text/markdown');
      else download(exportName(entry, 'json'), toJson(entry), 'application/json');
    });

  return { entries, setEntries, open, setOpen, error, removed, setRemoved, list, run, remove, undoRemove, exportEntry };
}

export function HistoryView() {
  const { entries, setEntries, open, setOpen, error, removed, setRemoved, list, run, remove, undoRemove, exportEntry } =
    useHistory();
  if (open) return <OpenEntry entry={open} onBack={() => setOpen(null)} onExport={exportEntry} />;

  return (
    <section aria-labelledby="history-heading" ref={list}>
      <h2 id="history-heading">{t('historyRecent')}</h2>
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
      {removed && <RemovedNotice entry={removed} onUndo={() => void undoRemove(removed)} />}
      {entries === null && !error && <p role="status">{t('loading')}</p>}
      {entries?.length === 0 && <p class="hint empty">{tp('historyEmpty', MAX_HISTORY)}</p>}
      {entries && entries.length > 0 && (
        <>
          <ol class="history">
            {entries.map((entry) => (
              <HistoryItem
                key={entry.id}
                entry={entry}
                onOpen={() => void run(async () => setOpen(await sendMessage('getHistoryEntry', { id: entry.id })))}
                onExport={exportEntry}
                onRemove={() => void remove(entry)}
              />
            ))}
          </ol>
          <ClearHistory
            count={entries.length}
            onClear={() =>
              run(async () => {
                await sendMessage('clearHistory', undefined);
                setEntries([]);
                setRemoved(null);
              })
            }
          />
        </>
      )}
    </section>
  );
}

type ExportEntry = (id: string, format: 'md' | 'json') => Promise<void>;

/** The two export buttons of a check. */
function ExportButtons({ id, onExport }: { id: string; onExport: ExportEntry }) {
  return (
    <>
      <button type="button" onClick={() => void onExport(id, 'md')}>
        {t('exportMarkdown')}
      </button>
      <button type="button" onClick={() => void onExport(id, 'json')}>
        {t('exportJson')}
      </button>
    </>
  );
}

/** A past check, opened: its page, when it was checked, what it cost, its exports, and its claims. */
function OpenEntry({ entry, onBack, onExport }: { entry: HistoryEntry; onBack: () => void; onExport: ExportEntry }) {
  // Only a web page's address is a link (a history entry's address came from a page, and is not trusted).
  const pageLink = safeHttpUrl(entry.pageUrl);
  return (
    <section aria-labelledby="history-entry-heading">
      <button type="button" class="link" onClick={onBack}>
        ← {t('historyAllChecks')}
      </button>
      <h2 id="history-entry-heading" dir="auto" lang={titleLang(entry)}>
        {entry.pageTitle || entry.pageUrl}
      </h2>
      <p class="hint">
        {t('historyChecked', formatAge(entry.finishedAt))} ·{' '}
        {formatCredits(entry.credits.used, entry.credits.unreported)}
        {pageLink && (
          <>
            {' · '}
            <a href={pageLink} target="_blank" rel="noopener noreferrer">
              {t('historyOpenPage')}
            </a>
          </>
        )}
      </p>
      <div class="row wrap">
        <ExportButtons id={entry.id} onExport={onExport} />
        <ClaimReviewExport entry={entry} />
      </div>
      <ClaimList
        claims={entry.claims.map((claim, id) => ({ ...claim, id, missing: claim.result === null }))}
        mode="progressive"
        active={false}
        anchoring={null}
        verdictLang={LANGUAGE_TAGS[entry.language as Language]}
        textLang={entry.textLang}
      />
    </section>
  );
}

/** The check just removed, named, with its Undo. */
function RemovedNotice({ entry, onUndo }: { entry: HistoryEntry; onUndo: () => void }) {
  const [removedBefore, removedAfter] = tAround('historyRemoved');
  return (
    <div class="row wrap">
      <p role="status">
        {removedBefore}
        <bdi lang={titleLang(entry)}>{entry.pageTitle || entry.pageUrl}</bdi>
        {removedAfter}
      </p>
      <button type="button" class="undo-remove" onClick={onUndo}>
        {t('undo')}
      </button>
    </div>
  );
}

/** A past check in the list: its page (opens it), its summary, and its exports and removal. */
function HistoryItem({
  entry,
  onOpen,
  onExport,
  onRemove,
}: {
  entry: HistorySummary;
  onOpen: () => void;
  onExport: ExportEntry;
  onRemove: () => void;
}) {
  return (
    <li class="history-entry" data-entry={entry.id}>
      <button type="button" class="link" onClick={onOpen}>
        <bdi lang={titleLang(entry)}>{entry.pageTitle || entry.pageUrl}</bdi>
      </button>
      <p class="hint">{historySummary(entry)}</p>
      <div class="row wrap">
        <ExportButtons id={entry.id} onExport={onExport} />
        <button type="button" aria-label={t('removeNamed', entry.pageTitle || entry.pageUrl)} onClick={onRemove}>
          {t('remove')}
        </button>
      </div>
    </li>
  );
}

/**
 * "Clear history", asked again before anything is removed: one click would have taken every check kept, with no way
 * back. The question takes the keyboard, and Keep gives it back to the button.
 */
function ClearHistory({ count, onClear }: { count: number; onClear: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLButtonElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Asked once: the keyboard comes back to the button when the question goes.
  const asked = useRef(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (asked.current) button.current?.focus();
    asked.current ||= asking;
  }, [asking]);
  if (!asking)
    return (
      <button type="button" ref={button} onClick={() => setAsking(true)}>
        {t('clearHistory')}
      </button>
    );
  return (
    <div class="confirm" role="group" aria-labelledby="clear-history-question">
      <p id="clear-history-question">{tp('clearHistoryQuestion', count)}</p>
      <div class="row wrap">
        <button type="button" class="danger" ref={question} onClick={() => void onClear()}>
          {tp('removeThem', count)}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          {tp('keepThem', count)}
        </button>
      </div>
    </div>
  );
}

/**
 * A history entry in a line: when, how many claims, their verdicts (or that they were not verified: a detection), and
 * what it cost.
 */
function historySummary(entry: HistorySummary): string {
  const verdicts = VERDICTS.filter((verdict) => entry.counts[verdict])
    .map((verdict) => `${VERDICT_ICONS[verdict]} ${entry.counts[verdict]} ${VERDICT_LABELS[verdict]}`)
    .join(', ');
  return [
    formatAge(entry.finishedAt),
    tp('claimCount', entry.claimCount),
    verdicts || (entry.claimCount ? t('historyNotVerified') : ''),
    formatCredits(entry.credits.used, entry.credits.unreported),
  ]
    .filter(Boolean)
    .join(' · ');
}
