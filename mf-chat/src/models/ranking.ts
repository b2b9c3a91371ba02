import type { ModelOption } from '@qiming/sdk/contracts';

/**
 * The ranking (the ranking dialog, the square's top five; the spec does not show its contents): the
 * highest-rated models, newer first among equals — an order the catalogue's own data supports.
 */
export function ranking(options: readonly ModelOption[]): ModelOption[] {
  return [...options]
    .filter((o) => o.value !== 'gpts')
    .sort((a, b) => b.stars - a.stars || Number(b.isNewModel) - Number(a.isNewModel) || a.label.localeCompare(b.label, 'zh-CN'));
}

/** Capability rating out of 10 as a share of five stars (2–10 → 20–100 %). */
export function starPercent(stars: number): number {
  return Math.max(0, Math.min(10, stars)) * 10;
}
