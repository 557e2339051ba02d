/** The browser's trace of a page's renderer through a run (Chromium's timeline events, v8 execution included). */
import type { CDPSession } from '@playwright/test';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The time its thread ran on a CPU (µs), where the trace records it: `dur` less the time it waited for one. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: { frame?: string; url?: string; elementCount?: number };
    beginData?: { frame?: string; elementCount?: number };
    elementCount?: number;
  };
}

/** The trace events recorded while `run` runs. */
export async function trace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
    transferMode: 'ReportEvents',
  });
  await run();
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}
