/**
 * Writing tasks: a rephrasing or an extension of the user's selection, and the Write view's generations. Each runs in
 * the background (the popup may close), is kept in storage.session, and can be written into the page and undone.
 */
import { assertFeatureOn } from './feature-guard';
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

/** The writing tasks of every tab: started, joined, run, retried, cancelled, written into the page and undone. */
export class WritingTasks {
  private readonly aborts = new Map<string, AbortController>();

  constructor(private readonly deps: WritingTaskDeps) {}

  /** Stops a running task, and aborts its call. */
  cancel = async (id: string): Promise<void> => {
    const task = this.deps.writing.get(id);
    if (task?.state !== 'running') return;
    this.aborts.get(id)?.abort();
    await this.changeTask(id, (current) => ({ ...current, state: 'cancelled' }));
  };

  /**
   * Sends a failed writing task's request again (a rephrasing asked for from the menu has no form to send it from),
   * unless it failed before it had anything to send (no selection).
   */
  retry = async (task: WritingTask): Promise<void> => {
    if (task.state !== 'failed' || (!task.generation && !hasWords(task.input))) return;
    await this.changeTask(task.id, (current) => ({
      ...current,
      state: 'running',
      error: null,
      texts: [],
      citations: [],
      credits: { used: 0, unreported: 0 },
      createdAt: Date.now(),
    }));
    void this.run(task.id);
  };

  private async changeTask(id: string, change: (task: WritingTask) => WritingTask): Promise<WritingTask | undefined> {
    const next = await this.deps.writing.update(id, change);
    if (next) this.deps.hub.publish(next.tabId);
    void this.deps.syncResumeAlarm();
    return next;
  }

  startWriting = async (tabId: number, kind: WritingKind, fallback?: PageSnapshot): Promise<WritingTask> => {
    await this.deps.ready;
    // The menu and the shortcut come here without a message: the organization's policy is read here too.
    await assertFeatureOn('generation');
    let input = fallback?.selection ?? '';
    try {
      const snapshot = await this.deps.snapshotOf({ tabId, scope: 'selection', fallback });
      input = snapshot.selection;
      return await this.queueWriting(tabId, kind, input, snapshot.selectionEditable, snapshot.frameId ?? 0, {
        textLang: languageTagOrUnknown(snapshot.selectionLang),
      });
    } catch (error) {
      if (error instanceof ServiceError) {
        // Recorded, so that the popup opened after a menu click can say why nothing happened.
        await this.store({ ...newTask(tabId, kind, input, false), state: 'failed', error: error.toData() });
        this.deps.hub.publish(tabId);
      }
      throw error;
    }
  };

  /**
   * Stores a new task, marked if its tab is in a private window (see Controller.privateWindowsClosed). Stored at once,
   * before anything is awaited, so that the same request made meanwhile finds it and joins it (see runningTask).
   */
  private async store(task: WritingTask): Promise<void> {
    const stored = this.deps.writing.put(task);
    if (await inPrivateWindow(task.tabId))
      await this.deps.writing.update(task.id, (current) => ({ ...current, privateWindow: true }));
    await stored;
  }

  /** The tab's running writing task that `matches`, if there is one: a request made again while it runs joins it. */
  private runningTask(tabId: number, matches: (task: WritingTask) => boolean): WritingTask | undefined {
    return this.deps.writing.all().find((task) => task.tabId === tabId && task.state === 'running' && matches(task));
  }

  /** Stores a new task and runs it. */
  private async launch(task: WritingTask): Promise<WritingTask> {
    await this.store(task);
    this.deps.hub.publish(task.tabId);
    void this.deps.syncResumeAlarm();
    void this.run(task.id);
    return task;
  }

  /** Starts one of the Write view's generation tools; its result waits in the background for the popup. */
  startGeneration = async (tabId: number, generation: GenerationRequest): Promise<WritingTask> => {
    await this.deps.ready;
    await assertFeatureOn('generation');
    await clientFromSettings();
    // The same request sent twice while it runs: joined, as a rephrasing is (see queueWriting).
    const asked = JSON.stringify(generation);
    const running = this.runningTask(tabId, (task) => JSON.stringify(task.generation) === asked);
    if (running) return running;
    return this.launch({
      ...newTask(tabId, 'rephrase', describeGeneration(generation), false),
      kind: generation.tool,
      generation,
    });
  };

  private async queueWriting(
    tabId: number,
    kind: WritingKind,
    input: string,
    editable: boolean,
    frameId: number,
    /** The language the page declares where the selection is. */
    { textLang }: { textLang: string },
  ): Promise<WritingTask> {
    refuseWritingInput(kind, input);
    await clientFromSettings();
    // The same rephrasing or extension asked for again while it runs (the menu clicked twice): joined, not paid twice.
    const running = this.runningTask(tabId, (task) => task.kind === kind && task.input === input);
    if (running) return running;
    return this.launch({ ...newTask(tabId, kind, input, editable, frameId), textLang });
  }

  run = async (id: string): Promise<void> => {
    const task = this.deps.writing.get(id);
    if (task?.state !== 'running' || this.aborts.has(id)) return;
    const controller = new AbortController();
    this.aborts.set(id, controller);
    try {
      const client = await clientFromSettings();
      // A wait before the call is sent again (the service said it was busy, or asked to be called less often) is told
      // in the panel: without it, the clock ran on for as long as the service asked, 30 s or more, with no reason given.
      const onRetry = ({ delayMs, error }: { delayMs: number; error: ServiceError }) =>
        void this.changeTask(id, (current) =>
          current.state === 'running' ? { ...current, notice: retryNotice(delayMs, error) } : current,
        );
      const result = await keepAlive(callFor(client, task, { signal: controller.signal, onRetry }));
      const credits = { used: result.credits.used, unreported: result.credits.reported ? 0 : 1 };
      this.deps.spend(credits);
      await this.changeTask(id, (current) =>
        current.state === 'running'
          ? { ...current, state: 'done', notice: '', texts: result.texts, citations: result.citations, credits }
          : current,
      );
    } catch (error) {
      const data =
        error instanceof ServiceError
          ? error.toData()
          : { kind: 'service' as const, message: t('requestStoppedByBug') };
      await this.changeTask(id, (current) =>
        current.state === 'running' ? { ...current, state: 'failed', notice: '', error: data } : current,
      );
    } finally {
      this.aborts.delete(id);
    }
  };

  replaceWithResult = async (taskId: string, index: number, how: WriteHow = 'replace'): Promise<string> => {
    await this.deps.ready;
    const task = this.deps.writing.get(taskId);
    const text = task?.texts[index];
    if (!task || task.tabId === null || text === undefined)
      throw new ServiceError({ kind: 'invalid-input', message: t('resultGone') });
    const { frameId, undoable, written, undoHere } = await writeResult(task, text, how);
    const over = how === 'caret' ? '' : task.input;
    // Kept for the popup's Undo, which can select back only what it can find before the caret (see undoHere).
    await this.changeTask(taskId, (current) => ({
      ...current,
      frameId,
      replacedWith: undoHere ? written : null,
      replacedOver: undoHere ? over : null,
    }));
    const done = t(how === 'caret' ? 'insertedAtCaret' : how === 'insert' ? 'inserted' : 'replaced');
    if (!undoable) return t(over ? 'noPageUndoWritesBack' : 'noPageUndoTakesOut', done);
    return t(undoHere ? 'undoInFieldOrHere' : 'undoInField', done);
  };

  /** Writes the selection back over what `replaceWithResult` wrote, which must still end at the caret. */
  undoReplace = async (taskId: string): Promise<string> => {
    await this.deps.ready;
    const task = this.deps.writing.get(taskId);
    if (!task || task.tabId === null || task.replacedWith === null)
      throw new ServiceError({ kind: 'invalid-input', message: t('nothingToUndo') });
    const over = task.replacedOver ?? task.input;
    await replaceSelection(task.tabId, task.frameId, task.replacedWith, over, 'before-caret');
    await this.changeTask(taskId, (current) => ({ ...current, replacedWith: null, replacedOver: null }));
    return t(over ? 'undoneTextBack' : 'undoneInsertionGone');
  };
}

export const createWritingTasks = (deps: WritingTaskDeps): WritingTasks => new WritingTasks(deps);

/** Refuses a selection with no words to rephrase or extend, or one longer than a passage. */
function refuseWritingInput(kind: WritingKind, input: string): void {
  const rephrase = kind === 'rephrase';
  if (!hasWords(input))
    throw new ServiceError({ kind: 'invalid-input', message: t(rephrase ? 'selectToRephrase' : 'selectToExtend') });
  if (input.length > MAX_WRITING_CHARS)
    throw new ServiceError({
      kind: 'invalid-input',
      message: t(rephrase ? 'tooLongToRephrase' : 'tooLongToExtend', input.length, MAX_WRITING_CHARS),
    });
}

/** The service's call a task makes: a rephrasing, an extension, or one of the Write view's tools. */
function callFor(
  client: Awaited<ReturnType<typeof clientFromSettings>>,
  task: WritingTask,
  options: { signal: AbortSignal; onRetry: (retry: { delayMs: number; error: ServiceError }) => void },
) {
  const generation = task.generation;
  if (!generation)
    return task.kind === 'extend'
      ? client.extendText({ text: task.input }, options)
      : client.rephraseText({ text: task.input }, options);
  switch (generation.tool) {
    case 'bullets':
      return client.paragraphFromBulletPoints(generation.request, options);
    case 'keywords':
      return client.paragraphFromKeywords(generation.request, options);
    case 'grounded':
      return client.generateGrounded(generation.request, options);
    case 'product':
      return client.productCopies(generation.request, options);
  }
}

/**
 * Writes a task's result into its tab: at the caret, over the selection, or after it (keeping the selected text and
 * putting the result after it, as one edit: one Ctrl+Z).
 */
async function writeResult(task: WritingTask, text: string, how: WriteHow) {
  if (how === 'caret') return insertAtCaret(task.tabId!, text);
  const written = how === 'insert' ? `${task.input}${/\s$/.test(task.input) ? '' : ' '}${text}` : text;
  return { frameId: task.frameId, ...(await replaceSelection(task.tabId!, task.frameId, task.input, written)) };
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
