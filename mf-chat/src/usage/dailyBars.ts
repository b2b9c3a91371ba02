import type { UsageDay } from '@qiming/sdk/contracts';

export interface Bar {
  day: string;
  total: number;
  /** 0–1 of the tallest day. */
  height: number;
}

/** The chart's bars: one per day, scaled to the busiest day (all 0 when nothing was charged). */
export function dailyBars(days: readonly UsageDay[]): { bars: Bar[]; max: number } {
  const max = days.reduce((m, d) => Math.max(m, d.total), 0);
  return { max, bars: days.map((d) => ({ day: d.day, total: d.total, height: max > 0 ? d.total / max : 0 })) };
}

/** Which days get a label under the axis: about `labels` of them, always the first and the last. */
export function labelledDays(count: number, labels = 7): Set<number> {
  if (count <= labels) return new Set(Array.from({ length: count }, (_, i) => i));
  const step = Math.ceil((count - 1) / (labels - 1));
  const shown = new Set<number>();
  for (let i = 0; i < count; i += step) shown.add(i);
  shown.add(count - 1);
  return shown;
}
