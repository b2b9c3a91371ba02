import { printable } from '../../ops/printable.js';
import { OpsInputError } from '../module.js';
import { describeVerdict, type GuardRule, type GuardVerdict } from './canaryGuard.js';
import { RIGHT_NAMES, type DeployRight } from './deployTokens.js';
import { parseDetail, type RemoteEvent } from './repository.js';
import type { AreaSummary } from './service.js';

/**
 * What the two ways of running `pnpm ops remotes` share — on the server against its database
 * (opsCommands.ts) and from a team's machine over HTTP (remotesOverHttp.ts): their options, the
 * checks of their arguments, and the lines they print, so a command reads the same either way.
 */
export const REMOTES_OPTIONS = {
  notes: { type: 'string', default: '' },
  limit: { type: 'string', default: '30' },
  'auto-rollback': { type: 'boolean', default: false },
  threshold: { type: 'string' },
  window: { type: 'string' },
  'min-visitors': { type: 'string' },
  hours: { type: 'string' },
  keep: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
} as const;

export function need(value: string | undefined, what: string): string {
  if (!value) throw new OpsInputError(`缺少参数：${what}`, 'usage');
  return value;
}

/** A number option, or its refusal in the CLI's words. */
export function numberOption(value: string | undefined, name: string, pattern = /^\d{1,5}$/): number | undefined {
  if (value === undefined) return undefined;
  if (!pattern.test(value)) throw new OpsInputError(`--${name} 必须是非负数`, 'usage');
  return Number(value);
}

export function historyLimit(text: string): number {
  const limit = Number(text);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : 30;
}

type RemotesValues = { 'auto-rollback': boolean; threshold?: string; window?: string; 'min-visitors'?: string };

/**
 * `canary <area> <version> <percent> [--auto-rollback …]`. `guard` is the rule's numbers given
 * (defaults for the rest) with --auto-rollback, else undefined: a running guard of the same version is kept.
 */
export function canaryArgs(rest: string[], values: RemotesValues): { area: string; version: string; percent: number; guard: Partial<GuardRule> | undefined } {
  const area = need(rest[0], 'area');
  const version = need(rest[1], 'version');
  const percentText = need(rest[2], 'percent');
  if (!/^\d{1,3}$/.test(percentText) || Number(percentText) > 100) throw new OpsInputError('percent 必须是 0 到 100 的整数', 'usage');
  const rule = {
    thresholdPercent: numberOption(values.threshold, 'threshold', /^\d{1,3}(\.\d+)?$/),
    windowMinutes: numberOption(values.window, 'window'),
    minVisitors: numberOption(values['min-visitors'], 'min-visitors'),
  };
  const given = Object.fromEntries(Object.entries(rule).filter(([, v]) => v !== undefined)) as Partial<GuardRule>;
  if (Object.keys(given).length && !values['auto-rollback']) throw new OpsInputError('--threshold、--window、--min-visitors 要和 --auto-rollback 一起用', 'usage');
  return { area, version, percent: Number(percentText), guard: values['auto-rollback'] ? given : undefined };
}

export function describeGuard(guard: GuardRule): string {
  return `失败率比在线版本高出 ${guard.thresholdPercent} 个百分点（${guard.windowMinutes} 分钟内至少 ${guard.minVisitors} 个失败访客）时自动回滚`;
}

export const lines = {
  published: (area: string, version: string, alreadyPublished: boolean) => (alreadyPublished ? `${area} ${version} 已发布过（内容相同），未改动` : `已发布 ${area} ${version}`),
  activated: (area: string, version: string, previous: string | null) => `${area} 已上线 ${version}（回退版本 ${previous ?? '-'}）`,
  rolledBack: (area: string, { from, to }: { from: string | null; to: string }) => `${area} 已从 ${from ?? '-'} 回滚到 ${to}`,
  canary: (area: string, version: string, percent: number, guard: GuardRule | null) =>
    percent === 0 ? `${area} 已结束灰度` : `${area} 对 ${percent}% 的访客灰度 ${version}${guard ? `；${describeGuard(guard)}` : ''}`,
  promoted: (area: string, { version, verdict }: { version: string; verdict: GuardVerdict | null }) => `${area} 已全量上线 ${version}${verdict ? `（${describeVerdict(verdict)}）` : ''}`,
  pruned: (area: string, { removed, kept }: { removed: string[]; kept: number }, dryRun: boolean) =>
    !removed.length
      ? `${area} 没有可删除的旧版本（${kept} 个都保留）`
      : dryRun
        ? `${area} 可删除 ${removed.length} 个旧版本：${removed.join('、')}；保留 ${kept} 个（去掉 --dry-run 即删除）`
        : `已删除 ${area} 的 ${removed.length} 个旧版本：${removed.join('、')}；保留 ${kept} 个`,
  /** A link the server made (a whole URL) or the CLI on the server (a path: it does not know the site's address). */
  preview: (link: string, expiresAt: string) => [
    `预览链接（${expiresAt} 前有效，只对打开它的浏览器生效${link.startsWith('/') ? '；在站点地址后打开' : ''}）：`,
    link,
  ],
  summary: (s: AreaSummary) => {
    const canary = s.canary ? `  灰度 ${s.canary.version} ${s.canary.percent}%` : '';
    return `${s.area.padEnd(8)} 在线 ${s.active ?? '-'}  上一版本 ${s.previous ?? '-'}${canary}  已发布 [${s.releases.join(', ')}]`;
  },
  /** The running guard under its area's summary line; `now` is its current verdict where known. */
  guard: (guard: GuardRule, now: GuardVerdict | null) => `${''.padEnd(8)} 守卫：${describeGuard(guard)}${now ? `；此刻 ${describeVerdict(now)}` : ''}`,
  history: (event: RemoteEvent) => `${event.created_at}  ${event.kind.padEnd(8)} ${(event.version ?? '-').padEnd(12)} ${(event.actor || '-').padEnd(12)} ${eventText(event)}`,
};

/** The last column of a history line: what the event's detail says, in words. */
function eventText(event: RemoteEvent): string {
  const detail = parseDetail(event);
  const from = `从 ${typeof detail.from === 'string' ? detail.from : '-'}`;
  switch (event.kind) {
    case 'error':
      return printable(`${String(detail.stage)}: ${String(detail.message)}`);
    case 'token': {
      const rights = String(detail.rights).split(',').map((r) => RIGHT_NAMES[r as DeployRight] ?? r).join('、');
      return detail.action === 'revoke' ? `吊销部署令牌 ${String(detail.token)}` : `生成部署令牌 ${String(detail.token)}（${rights}${detail.expiresAt ? `，至 ${String(detail.expiresAt)}` : ''}）`;
    }
    case 'publish':
      return `内容 ${String(detail.integrity).slice(0, 19)}…${detail.notes ? `  ${printable(String(detail.notes))}` : ''}`;
    case 'activate':
      return `${from}${detail.promoted ? '（灰度全量上线）' : ''}`;
    case 'rollback':
      return typeof detail.reason === 'string' ? `${detail.reason}（${from}）` : from;
    case 'canary': {
      const guard = detail.guard as GuardRule | undefined;
      return detail.percent === 0 ? '结束灰度' : `${String(detail.percent)}% 的访客${guard ? `；${describeGuard(guard)}` : ''}`;
    }
    case 'preview':
      return `预览链接，至 ${String(detail.expiresAt)} 有效`;
    case 'prune':
      return `删除旧版本 ${(detail.removed as string[]).join('、')}（保留最近 ${String(detail.keep)} 个及在用的）`;
    default:
      return Object.keys(detail).length ? JSON.stringify(detail) : '';
  }
}
