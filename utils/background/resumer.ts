/** What picks the work up after the worker was stopped: the alarm that starts it again, and the resuming itself. */
import { browser } from '#imports';
import { isActive } from '../shared/progress';
import type { JobRunner } from './check/runner';
import type { JobStore, WritingStore } from './check/store';
import type { WritingTasks } from './writing-tasks';

/** Fires while jobs are active, so that a stopped worker is started again to resume them. */
export const RESUME_ALARM = 'factlens:resume-jobs';

/** Keeps the resume alarm set while a job or a writing task runs, and cleared otherwise. */
export function createResumeAlarm({ jobs, writing }: { jobs: JobStore; writing: WritingStore }) {
  // What was last asked of the alarm: a job changes several times per batch, and only a change of these needs a call
  // (null: not known yet in this worker).
  let on: boolean | null = null;
  return async function sync(): Promise<void> {
    const active =
      jobs.all().some((job) => isActive(job.state)) || writing.all().some((task) => task.state === 'running');
    if (active === on) return;
    on = active;
    try {
      const existing = await browser.alarms.get(RESUME_ALARM);
      if (active && !existing) await browser.alarms.create(RESUME_ALARM, { periodInMinutes: 0.5 });
      if (!active && existing) await browser.alarms.clear(RESUME_ALARM);
    } catch {
      // Alarms are a safety net; the keepalive and the next event resume jobs too.
    }
  };
}

export interface ResumerDeps {
  ready: Promise<void>;
  writing: WritingStore;
  runner: Pick<JobRunner, 'resumeAll'>;
  tasks: Pick<WritingTasks, 'run'>;
}

/** After a worker restart: resumes the jobs and writing tasks whose calls died with the old worker. */
export function createResumer({ ready, writing, runner, tasks }: ResumerDeps) {
  return async function resume(): Promise<void> {
    await ready;
    for (const task of writing.all()) if (task.state === 'running') void tasks.run(task.id);
    await runner.resumeAll();
  };
}
