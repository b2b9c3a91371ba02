// Main-thread busy time from a Chrome trace (categories TRACE_CATEGORIES): the union of the
// top-level task slices (RunTask, as DevTools' Performance panel draws them) on the page's renderer
// main thread, clipped to a window given in the page's performance.now() time.

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the slice (µs). */
  tdur?: number;
  args?: { name?: string };
}

export interface BusyFigures {
  busyMs: number;
  /**
   * The CPU time of the same tasks: what they cost whatever else the machine runs (busyMs also
   * holds the time the thread waited for a core in the middle of a task).
   */
  cpuMs: number;
  windowMs: number;
  /** Top-level tasks over 50 ms inside the window, as the trace saw them (a cross-check of the longtask entries). */
  tasksOver50: number;
  longestTaskMs: number;
}

/**
 * `anchor` is a performance.mark the page made: its name and its startTime (ms). Its trace event
 * names the renderer process and thread, and ties the trace clock (µs) to performance.now().
 */
export function busyInWindow(traceJson: Buffer, anchor: { name: string; startTime: number }, window: { start: number; end: number }): BusyFigures {
  const parsed = JSON.parse(traceJson.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mark = events.find((e) => e.name === anchor.name);
  if (!mark) throw new Error(`the trace has no ${anchor.name} mark: was blink.user_timing traced?`);
  const toTrace = (ms: number) => mark.ts + (ms - anchor.startTime) * 1000;
  const [from, to] = [toTrace(window.start), toTrace(window.end)];
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === mark.pid && e.tid === mark.tid && e.dur !== undefined)
    .map((e) => ({ start: e.ts, end: e.ts + e.dur!, cpu: e.tdur ?? 0 }))
    .filter((t) => t.end > from && t.start < to)
    .sort((a, b) => a.start - b.start);
  let busy = 0;
  let cpu = 0;
  let coveredUntil = from;
  let tasksOver50 = 0;
  let longest = 0;
  for (const task of tasks) {
    // A nested RunTask slice (a nested run loop) lies inside its parent: busy time is the union.
    const nested = task.end <= coveredUntil;
    const start = Math.max(task.start, coveredUntil);
    const end = Math.min(task.end, to);
    if (end > start) busy += end - start;
    coveredUntil = Math.max(coveredUntil, task.end);
    if (nested) continue;
    // A task cut by the window counts the share of its CPU time that lies inside.
    cpu += task.cpu * ((Math.min(task.end, to) - Math.max(task.start, from)) / (task.end - task.start || 1));
    const length = (task.end - task.start) / 1000;
    if (length > 50) tasksOver50++;
    longest = Math.max(longest, length);
  }
  return { busyMs: busy / 1000, cpuMs: cpu / 1000, windowMs: (to - from) / 1000, tasksOver50, longestTaskMs: longest };
}
