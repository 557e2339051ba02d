/**
 * Writing tasks: a rephrasing or an extension of the user's selection, and the Write view's generations. Each runs in
 * the background (the popup may close), is kept in storage.session, and can be written into the page and undone.
 */
import { ServiceError, retryNotice } from './api/errors';
import type { PageSnapshot } from '../contract/page-actions';
import type { GenerationRequest, JobCredits, WriteHow, WritingKind, WritingTask } from '../contract/jobs';
import { languageTagOrUnknown } from '../shared/page-language';
import { hasWords } from '../shared/check-input';
import type { WritingStore } from './check/store';
import { clientFromSettings } from './service';
import type { EventHub } from './events';
import { keepAlive } from './keepalive';
import { insertAtCaret, replaceSelection } from './tab-access';
import { t } from '../shared/i18n';
import { inPrivateWindow } from './tab-info';

/** Rephrase and extend take a passage, not a page. */
const MAX_WRITING_CHARS = 5_000;

export interface WritingTaskDeps {
  writing: WritingStore;
  hub: EventHub;
  /** The stores are loaded. */
  ready: Promise<void>;
  /** Told of each answer's credits, for the ledger. */
  spend: (credits: JobCredits) => void;
  /** Keeps the alarm that resumes running work after a worker restart in step with it. */
  syncResumeAlarm: () => Promise<void>;
  /** Reads the tab's selection (see the controller's snapshotOf). */
  snapshotOf: (request: { tabId: number; scope: 'selection'; fallback?: PageSnapshot }) => Promise<PageSnapshot>;
}

export function createWritingTasks({ writing, hub, ready, spend, syncResumeAlarm, snapshotOf }: WritingTaskDeps) {
  const writingAborts = new Map<string, AbortController>();

  /** Stops a running task, and aborts its call. */
  async function cancel(id: string): Promise<void> {
    const task = writing.get(id);
    if (task?.state !== 'running') return;
    writingAborts.get(id)?.abort();
    await changeTask(id, (current) => ({ ...current, state: 'cancelled' }));
  }

  /**
   * Sends a failed writing task's request again (a rephrasing asked for from the menu has no form to send it from),
   * unless it failed before it had anything to send (no selection).
   */
  async function retryWriting(task: WritingTask): Promise<void> {
    if (task.state !== 'failed' || (!task.generation && !hasWords(task.input))) return;
    await changeTask(task.id, (current) => ({
      ...current,
      state: 'running',
      error: null,
      texts: [],
      citations: [],
      credits: { used: 0, unreported: 0 },
      createdAt: Date.now(),
    }));
    void runWriting(task.id);
  }

  async function changeTask(id: string, change: (task: WritingTask) => WritingTask): Promise<WritingTask | undefined> {
    const next = await writing.update(id, change);
    if (next) hub.publish(next.tabId);
    void syncResumeAlarm();
    return next;
  }

  async function startWriting(tabId: number, kind: WritingKind, fallback?: PageSnapshot): Promise<WritingTask> {
    await ready;
    let input = fallback?.selection ?? '';
    try {
      const snapshot = await snapshotOf({ tabId, scope: 'selection', fallback });
      input = snapshot.selection;
      return await queueWriting(tabId, kind, input, snapshot.selectionEditable, snapshot.frameId ?? 0, {
        textLang: languageTagOrUnknown(snapshot.selectionLang),
      });
    } catch (error) {
      if (error instanceof ServiceError) {
        // Recorded, so that the popup opened after a menu click can say why nothing happened.
        await store({ ...newTask(tabId, kind, input, false), state: 'failed', error: error.toData() });
        hub.publish(tabId);
      }
      throw error;
    }
  }

  /**
   * Stores a new task, marked if its tab is in a private window (see Controller.privateWindowsClosed). Stored at once,
   * before anything is awaited, so that the same request made meanwhile finds it and joins it (see runningTask).
   */
  async function store(task: WritingTask): Promise<void> {
    const stored = writing.put(task);
    if (await inPrivateWindow(task.tabId))
      await writing.update(task.id, (current) => ({ ...current, privateWindow: true }));
    await stored;
  }

  function newTask(tabId: number, kind: WritingKind, input: string, editable: boolean, frameId = 0): WritingTask {
    return {
      id: crypto.randomUUID(),
      tabId,
      kind,
      input,
      editable,
      frameId,
      state: 'running',
      notice: '',
      texts: [],
      credits: { used: 0, unreported: 0 },
      createdAt: Date.now(),
      error: null,
      replacedWith: null,
      replacedOver: null,
      generation: null,
      citations: [],
      privateWindow: false,
    };
  }

  /** The tab's running writing task that `matches`, if there is one: a request made again while it runs joins it. */
  function runningTask(tabId: number, matches: (task: WritingTask) => boolean): WritingTask | undefined {
    return writing.all().find((task) => task.tabId === tabId && task.state === 'running' && matches(task));
  }

  /** Starts one of the Write view's generation tools; its result waits in the background for the popup. */
  async function startGeneration(tabId: number, generation: GenerationRequest): Promise<WritingTask> {
    await ready;
    await clientFromSettings();
    // The same request sent twice while it runs: joined, as a rephrasing is (see queueWriting).
    const asked = JSON.stringify(generation);
    const running = runningTask(tabId, (task) => JSON.stringify(task.generation) === asked);
    if (running) return running;
    const task: WritingTask = {
      ...newTask(tabId, 'rephrase', describeGeneration(generation), false),
      kind: generation.tool,
      generation,
    };
    await store(task);
    hub.publish(tabId);
    void syncResumeAlarm();
    void runWriting(task.id);
    return task;
  }

  async function queueWriting(
    tabId: number,
    kind: WritingKind,
    input: string,
    editable: boolean,
    frameId: number,
    /** The language the page declares where the selection is. */
    { textLang }: { textLang: string },
  ): Promise<WritingTask> {
    const rephrase = kind === 'rephrase';
    if (!hasWords(input))
      throw new ServiceError({
        kind: 'invalid-input',
        message: t(rephrase ? 'selectToRephrase' : 'selectToExtend'),
      });
    if (input.length > MAX_WRITING_CHARS)
      throw new ServiceError({
        kind: 'invalid-input',
        message: t(rephrase ? 'tooLongToRephrase' : 'tooLongToExtend', input.length, MAX_WRITING_CHARS),
      });
    await clientFromSettings();
    // The same rephrasing or extension asked for again while it runs (the menu clicked twice): joined, not paid twice.
    const running = runningTask(tabId, (task) => task.kind === kind && task.input === input);
    if (running) return running;
    const task = { ...newTask(tabId, kind, input, editable, frameId), textLang };
    await store(task);
    hub.publish(tabId);
    void syncResumeAlarm();
    void runWriting(task.id);
    return task;
  }

  async function runWriting(id: string): Promise<void> {
    const task = writing.get(id);
    if (task?.state !== 'running' || writingAborts.has(id)) return;
    const controller = new AbortController();
    writingAborts.set(id, controller);
    try {
      const client = await clientFromSettings();
      // A wait before the call is sent again (the service said it was busy, or asked to be called less often) is told
      // in the panel: without it, the clock ran on for as long as the service asked, 30 s or more, with no reason given.
      const onRetry = ({ delayMs, error }: { delayMs: number; error: ServiceError }) =>
        void changeTask(id, (current) =>
          current.state === 'running' ? { ...current, notice: retryNotice(delayMs, error) } : current,
        );
      const options = { signal: controller.signal, onRetry };
      const generation = task.generation;
      const result = await keepAlive(
        !generation
          ? task.kind === 'extend'
            ? client.extendText({ text: task.input }, options)
            : client.rephraseText({ text: task.input }, options)
          : generation.tool === 'bullets'
            ? client.paragraphFromBulletPoints(generation.request, options)
            : generation.tool === 'keywords'
              ? client.paragraphFromKeywords(generation.request, options)
              : generation.tool === 'grounded'
                ? client.generateGrounded(generation.request, options)
                : client.productCopies(generation.request, options),
      );
      const credits = { used: result.credits.used, unreported: result.credits.reported ? 0 : 1 };
      spend(credits);
      await changeTask(id, (current) =>
        current.state === 'running'
          ? { ...current, state: 'done', notice: '', texts: result.texts, citations: result.citations, credits }
          : current,
      );
    } catch (error) {
      const data =
        error instanceof ServiceError
          ? error.toData()
          : {
              kind: 'service' as const,
              message: t('requestStoppedByBug'),
            };
      await changeTask(id, (current) =>
        current.state === 'running' ? { ...current, state: 'failed', notice: '', error: data } : current,
      );
    } finally {
      writingAborts.delete(id);
    }
  }

  async function replaceWithResult(taskId: string, index: number, how: WriteHow = 'replace'): Promise<string> {
    await ready;
    const task = writing.get(taskId);
    const text = task?.texts[index];
    if (!task || task.tabId === null || text === undefined)
      throw new ServiceError({ kind: 'invalid-input', message: t('resultGone') });
    // Inserting after the selection keeps the selected text and puts the result after it, as one edit (one Ctrl+Z).
    const { frameId, undoable, written, undoHere } =
      how === 'caret'
        ? await insertAtCaret(task.tabId, text)
        : {
            frameId: task.frameId,
            ...(await replaceSelection(
              task.tabId,
              task.frameId,
              task.input,
              how === 'insert' ? `${task.input}${/\s$/.test(task.input) ? '' : ' '}${text}` : text,
            )),
          };
    const over = how === 'caret' ? '' : task.input;
    // Kept for the popup's Undo, which can select back only what it can find before the caret (see undoHere).
    await changeTask(taskId, (current) => ({
      ...current,
      frameId,
      replacedWith: undoHere ? written : null,
      replacedOver: undoHere ? over : null,
    }));
    const done = t(how === 'caret' ? 'insertedAtCaret' : how === 'insert' ? 'inserted' : 'replaced');
    if (!undoable) return t(over ? 'noPageUndoWritesBack' : 'noPageUndoTakesOut', done);
    return t(undoHere ? 'undoInFieldOrHere' : 'undoInField', done);
  }

  /** Writes the selection back over what `replaceWithResult` wrote, which must still end at the caret. */
  async function undoReplace(taskId: string): Promise<string> {
    await ready;
    const task = writing.get(taskId);
    if (!task || task.tabId === null || task.replacedWith === null)
      throw new ServiceError({ kind: 'invalid-input', message: t('nothingToUndo') });
    const over = task.replacedOver ?? task.input;
    await replaceSelection(task.tabId, task.frameId, task.replacedWith, over, 'before-caret');
    await changeTask(taskId, (current) => ({ ...current, replacedWith: null, replacedOver: null }));
    return t(over ? 'undoneTextBack' : 'undoneInsertionGone');
  }

  return {
    cancel,
    retry: retryWriting,
    run: runWriting,
    startWriting,
    startGeneration,
    replaceWithResult,
    undoReplace,
  };
}

/** A generation request in a few words, for the result's heading. */
function describeGeneration(generation: GenerationRequest): string {
  switch (generation.tool) {
    case 'bullets':
      return generation.request.bullet_points.join(' · ');
    case 'keywords':
      return generation.request.keywords;
    case 'grounded':
      return [generation.request.instruction, generation.request.topic].filter(Boolean).join(' · ');
    case 'product':
      return [generation.request.product, generation.request.description].filter(Boolean).join(' · ');
  }
}

export type WritingTasks = ReturnType<typeof createWritingTasks>;
