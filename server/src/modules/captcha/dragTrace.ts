/**
 * Whether a drag trace looks like a person's (the client sends the points it saw while the piece
 * moved: x and y of the piece's corner in background pixels, t in ms since the press). A script
 * that only posts a position has no trace; one that makes a trace usually moves in a straight line
 * at one speed, or instantly. The rules are loose enough for a mouse, a finger and the arrow keys
 * (steps of 2 or 10 pixels).
 */
export type TracePoint = readonly [x: number, y: number, t: number];

export const TRACE_LIMITS = {
  minPoints: 5,
  maxPoints: 600,
  /** A drag faster than this is a script; slower than the challenge's life is impossible. */
  minDurationMs: 250,
  maxDurationMs: 120_000,
  /** The piece starts at the left edge, at the y the challenge gave. */
  maxStartGap: 6,
  /** The last point is where the piece was let go: the position sent. */
  maxEndGap: 2,
  /** Going back (an overshoot corrected) is human; going back more than this share of the way right is not a drag to the hole. */
  maxBacktrackShare: 0.5,
  /** Speeds between points vary for a person (speeding up, slowing down to aim). */
  minSpeedVariation: 0.15,
} as const;

export type TraceVerdict = { ok: true } | { ok: false; reason: string };

export interface TraceEnds {
  start: { x: number; y: number };
  end: { x: number; y: number };
}

const fail = (reason: string): TraceVerdict => ({ ok: false, reason });

const isPoint = (point: readonly number[]): point is TracePoint => point.length === 3 && point.every(Number.isFinite);

export function judgeTrace(trace: ReadonlyArray<readonly number[]> | undefined, { start, end }: TraceEnds): TraceVerdict {
  const L = TRACE_LIMITS;
  if (!trace || trace.length < L.minPoints) return fail('too few points');
  if (trace.length > L.maxPoints) return fail('too many points');
  if (!trace.every(isPoint)) return fail('not [x, y, t] points');
  const points = trace as readonly TracePoint[];
  for (let i = 1; i < points.length; i++) if (points[i]![2] < points[i - 1]![2]) return fail('time goes back');
  const [startX, startY, startT] = points[0]!;
  const [endX, endY, endT] = points[points.length - 1]!;
  const duration = endT - startT;
  if (duration < L.minDurationMs) return fail('too fast');
  if (duration > L.maxDurationMs) return fail('too slow');
  if (Math.abs(startX - start.x) > L.maxStartGap || Math.abs(startY - start.y) > L.maxStartGap) return fail('does not start at the piece');
  if (Math.abs(endX - end.x) > L.maxEndGap || Math.abs(endY - end.y) > L.maxEndGap) return fail('does not end where it was let go');

  let forward = 0;
  let back = 0;
  const speeds: number[] = [];
  for (let i = 1; i < points.length; i++) {
    const dx = points[i]![0] - points[i - 1]![0];
    const dy = points[i]![1] - points[i - 1]![1];
    const dt = points[i]![2] - points[i - 1]![2];
    if (dx >= 0) forward += dx;
    else back -= dx;
    const distance = Math.hypot(dx, dy);
    if (distance !== 0 && dt > 0) speeds.push(distance / dt);
  }
  if (forward <= 0 || back > forward * L.maxBacktrackShare) return fail('not a drag to the right');
  if (speeds.length < L.minPoints - 2) return fail('too few moves');
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const sd = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length);
  if (sd / mean < L.minSpeedVariation) return fail('constant speed');
  return { ok: true };
}
