import { createHash } from 'node:crypto';

/**
 * A guarded canary's rule (README "Guarded canary"): within the last `windowMinutes` (never before
 * the guard began, `since`), when at least `minVisitors` visitors of the canary cohort failed to
 * load or mount the canary version, and the share of the cohort's served visitors who failed is
 * more than `thresholdPercent` points above the active version's share, the canary is ended.
 */
export interface GuardSettings {
  windowMinutes: number;
  minVisitors: number;
  thresholdPercent: number;
  /** When the guard began (ISO). */
  since: string;
}

export type GuardRule = Omit<GuardSettings, 'since'>;

export const GUARD_DEFAULTS: GuardRule = { windowMinutes: 10, minVisitors: 3, thresholdPercent: 5 };

/** The bounds `pnpm ops` and the HTTP route hold a rule to; the message names what is wrong. */
export function guardRuleProblem(rule: GuardRule): string | null {
  if (!Number.isInteger(rule.windowMinutes) || rule.windowMinutes < 1 || rule.windowMinutes > 1440) return '观察窗口必须是 1 到 1440 分钟的整数';
  if (!Number.isInteger(rule.minVisitors) || rule.minVisitors < 1 || rule.minVisitors > 10000) return '最少失败访客数必须是 1 到 10000 的整数';
  if (!Number.isFinite(rule.thresholdPercent) || rule.thresholdPercent < 0 || rule.thresholdPercent > 100) return '阈值必须是 0 到 100 之间的百分点';
  return null;
}

export function parseGuard(text: string | null): GuardSettings | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as GuardSettings;
  } catch {
    return null;
  }
}

/** The visitor as the guard stores it: the cohort key's hash, so the history holds no user id or cookie. */
export function visitorHash(callerKey: string): string {
  return createHash('sha256').update(callerKey).digest('base64url').slice(0, 16);
}

export interface CohortHealth {
  /** Visitors served the version in the window. */
  served: number;
  /** Of them, visitors who reported a failure of it. */
  failed: number;
}

export interface GuardVerdict {
  canary: CohortHealth & { percent: number };
  active: CohortHealth & { percent: number };
  trips: boolean;
}

/** Failure share in percent; a visitor who failed was served even when their exposure was not counted (a remembered registry). */
const percentOf = ({ served, failed }: CohortHealth) => (failed === 0 ? 0 : (100 * failed) / Math.max(served, failed));

export function judge(rule: GuardRule, canary: CohortHealth, active: CohortHealth): GuardVerdict {
  const canaryPercent = percentOf(canary);
  const activePercent = percentOf(active);
  return {
    canary: { ...canary, percent: canaryPercent },
    active: { ...active, percent: activePercent },
    trips: canary.failed >= rule.minVisitors && canaryPercent - activePercent > rule.thresholdPercent,
  };
}

/** The verdict as the history and the CLI say it. */
export function describeVerdict(verdict: GuardVerdict): string {
  const share = (c: GuardVerdict['canary']) => `${c.failed}/${Math.max(c.served, c.failed)}（${c.percent.toFixed(1)}%）`;
  return `灰度访客失败 ${share(verdict.canary)}，在线版本访客失败 ${share(verdict.active)}`;
}
