/**
 * Whether a slide's drag trace looks like a person's (the client sends the points it saw while the
 * piece moved: x in background pixels, t in ms since the press). A script that only posts an x has
 * no trace; one that makes a trace usually moves in a straight line at one speed, or instantly.
 * The rules are loose enough for a mouse, a finger and the arrow keys (steps of 2 or 10 pixels).
 */
export type TracePoint = readonly [x: number, t: number];

export const TRACE_LIMITS = {
  minPoints: 5,
  maxPoints: 600,
  /** A slide faster than this is a script; slower than the challenge's life is impossible. */
  minDurationMs: 250,
  maxDurationMs: 120_000,
  /** The piece starts at the left edge. */
  maxStartX: 6,
  /** The last point is where the piece was let go: the x sent. */
  maxEndGap: 2,
  /** Going back (an overshoot corrected) is human; going back more than this share of the way is not a slide. */
  maxBacktrackShare: 0.5,
  /** Speeds between points vary for a person (speeding up, slowing down to aim). */
  minSpeedVariation: 0.15,
} as const;

export type TraceVerdict = { ok: true } | { ok: false; reason: string };

const fail = (reason: string): TraceVerdict => ({ ok: false, reason });

export function judgeTrace(trace: readonly TracePoint[] | undefined, x: number): TraceVerdict {
  const L = TRACE_LIMITS;
  if (!trace || trace.length < L.minPoints) return fail('too few points');
  if (trace.length > L.maxPoints) return fail('too many points');
  for (let i = 1; i < trace.length; i++) if (trace[i]![1] < trace[i - 1]![1]) return fail('time goes back');
  const [startX, startT] = trace[0]!;
  const [endX, endT] = trace[trace.length - 1]!;
  const duration = endT - startT;
  if (duration < L.minDurationMs) return fail('too fast');
  if (duration > L.maxDurationMs) return fail('too slow');
  if (startX > L.maxStartX) return fail('does not start at the left');
  if (Math.abs(endX - x) > L.maxEndGap) return fail('does not end at x');

  let forward = 0;
  let back = 0;
  const speeds: number[] = [];
  for (let i = 1; i < trace.length; i++) {
    const dx = trace[i]![0] - trace[i - 1]![0];
    const dt = trace[i]![1] - trace[i - 1]![1];
    if (dx >= 0) forward += dx;
    else back -= dx;
    if (dx !== 0 && dt > 0) speeds.push(Math.abs(dx) / dt);
  }
  if (forward <= 0 || back > forward * L.maxBacktrackShare) return fail('not a slide to the right');
  if (speeds.length < L.minPoints - 2) return fail('too few moves');
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const sd = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length);
  if (sd / mean < L.minSpeedVariation) return fail('constant speed');
  return { ok: true };
}
