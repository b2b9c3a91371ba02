import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config.js';
import { parseOpsArgs, parseSharedOpsArgs } from '../../ops/options.js';
import { OpsInputError, type OpsCommand } from '../module.js';
import { describeVerdict, GUARD_DEFAULTS, type GuardRule, type GuardSettings } from './canaryGuard.js';
import { RIGHT_NAMES, type DeployRight, type DeployTokens } from './deployTokens.js';
import { PREVIEW_HOURS_DEFAULT, PREVIEW_HOURS_MAX, type PreviewLinks } from './previewLinks.js';
import type { GuardEventsRepository } from './guardEventsRepository.js';
import { parseDetail, type RemoteEvent } from './repository.js';
import { PlatformError, type PlatformService } from './service.js';

export const REMOTES_USAGE = `用法: pnpm ops remotes <命令>
  list                                  各区域的在线版本、上一版本、灰度与已发布版本
  publish <area> [buildDir] [--activate] [--notes 文本]
                                        校验并发布一个构建（默认 mf-<area>/dist/<package 版本>）
  push <area> <buildDir> --server <url> [--token 令牌] [--notes 文本]
                                        打包构建并上传到服务器发布（团队的 CI 用；令牌也可用环境变量 DEPLOY_TOKEN）
  activate <area> <version>             上线一个已发布版本（原版本成为回退版本）
  rollback <area>                       回滚到上一个可用版本
  canary <area> <version> <percent> [--auto-rollback [--threshold 百分点] [--window 分钟] [--min-visitors N]]
                                        对 percent% 的访客灰度 version（0 结束灰度）；--auto-rollback：灰度访客的
                                        加载/挂载失败率比在线版本高出阈值（默认 ${GUARD_DEFAULTS.thresholdPercent} 个百分点，窗口 ${GUARD_DEFAULTS.windowMinutes} 分钟，
                                        至少 ${GUARD_DEFAULTS.minVisitors} 个失败访客）时自动结束灰度并记录原因
  promote <area>                        把正在灰度的版本全量上线（原在线版本成为回退版本）
  preview <area> <version> [--hours N]  生成预览链接：只让打开它的浏览器加载该版本（默认 ${PREVIEW_HOURS_DEFAULT} 小时，最长 ${PREVIEW_HOURS_MAX}）
  history <area> [--limit N]            发布、切换、回滚、灰度、预览（含操作者：令牌名、ops、cli 或 guard）与加载失败记录
  bootstrap                             发布每个区域的本地构建（版本号已发布且内容不同时发布为 <版本>-local.<哈希>），并上线它：区域没有在线版本或在线的是同一版本线的构建时`;

export const TOKENS_USAGE = `用法: pnpm ops tokens <命令>
  create --name <名称> --area <area> --can publish,canary,activate,rollback [--expires-days N]
                                        为一个区域的团队生成部署令牌（只显示这一次；服务器只存它的哈希）
  list                                  名称、区域、权限、创建、到期、最近使用、吊销
  revoke <name>                         吊销令牌（立即生效；名字保留，历史可查）`;

export const GUARDS_USAGE = `用法: pnpm ops guards <命令>
  list [--limit N]                      最近的守卫事件（打开开发者工具、Alook 浏览器），默认 30 条`;

function need(value: string | undefined, what: string): string {
  if (!value) throw new OpsInputError(`缺少参数：${what}`, 'usage');
  return value;
}

function defaultBuildDir(area: string): string {
  const pkgDir = path.join(repoRoot, `mf-${area}`);
  const version = (JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  return path.join(pkgDir, 'dist', version);
}

function resolveFromCaller(dir: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
}

const REMOTES_OPTIONS = {
  activate: { type: 'boolean', default: false },
  notes: { type: 'string', default: '' },
  limit: { type: 'string', default: '30' },
  'auto-rollback': { type: 'boolean', default: false },
  threshold: { type: 'string' },
  window: { type: 'string' },
  'min-visitors': { type: 'string' },
  hours: { type: 'string' },
} as const;

/** A number option, or its refusal in the CLI's words. */
function numberOption(value: string | undefined, name: string, pattern = /^\d{1,5}$/): number | undefined {
  if (value === undefined) return undefined;
  if (!pattern.test(value)) throw new OpsInputError(`--${name} 必须是非负数`, 'usage');
  return Number(value);
}

function describeGuard(guard: GuardRule): string {
  return `失败率比在线版本高出 ${guard.thresholdPercent} 个百分点（${guard.windowMinutes} 分钟内至少 ${guard.minVisitors} 个失败访客）时自动回滚`;
}

/** `pnpm ops remotes …`: the registry's refusals (PlatformError) are printed as 失败：… with exit 1. */
export function remotesCommand(service: PlatformService, previewLinks: PreviewLinks): OpsCommand {
  return {
    usage: REMOTES_USAGE,
    run: (argv, print) =>
      runRemotes(service, previewLinks, argv, print).catch((error: unknown) => {
        throw error instanceof PlatformError ? new OpsInputError(error.message, 'failed') : error;
      }),
  };
}

async function runRemotes(service: PlatformService, previewLinks: PreviewLinks, argv: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseOpsArgs(argv, REMOTES_OPTIONS);
  const [command, ...rest] = positionals;
  if (!command) throw new OpsInputError('', 'usage');

  switch (command) {
    case 'list': {
      for (const s of await service.summary()) {
        const canary = s.canary ? `  灰度 ${s.canary.version} ${s.canary.percent}%` : '';
        print(`${s.area.padEnd(8)} 在线 ${s.active ?? '-'}  上一版本 ${s.previous ?? '-'}${canary}  已发布 [${s.releases.join(', ')}]`);
        if (s.canary?.guard) print(`${''.padEnd(8)} 守卫：${await guardLine(service, s.area, s.canary.guard)}`);
      }
      return;
    }
    case 'publish': {
      const area = need(rest[0], 'area');
      const buildDir = rest[1] ? resolveFromCaller(rest[1]) : defaultBuildDir(area);
      const { version, alreadyPublished } = await service.publish({ area, buildDir, notes: values.notes });
      print(alreadyPublished ? `${area} ${version} 已发布过（内容相同），未改动` : `已发布 ${area} ${version}`);
      if (values.activate) {
        await service.activate(area, version);
        print(`${area} 已上线 ${version}`);
      }
      return;
    }
    case 'activate': {
      const area = need(rest[0], 'area');
      const version = need(rest[1], 'version');
      const channel = await service.activate(area, version);
      print(`${area} 已上线 ${version}（回退版本 ${channel.previous_version ?? '-'}）`);
      return;
    }
    case 'rollback': {
      const { from, to } = await service.rollback(need(rest[0], 'area'));
      print(`${rest[0]} 已从 ${from ?? '-'} 回滚到 ${to}`);
      return;
    }
    case 'canary': {
      const area = need(rest[0], 'area');
      const version = need(rest[1], 'version');
      const percentText = need(rest[2], 'percent');
      if (!/^\d{1,3}$/.test(percentText)) throw new OpsInputError('percent 必须是 0 到 100 的整数', 'usage');
      const percent = Number(percentText);
      const rule = { thresholdPercent: numberOption(values.threshold, 'threshold', /^\d{1,3}(\.\d+)?$/), windowMinutes: numberOption(values.window, 'window'), minVisitors: numberOption(values['min-visitors'], 'min-visitors') };
      const given = Object.fromEntries(Object.entries(rule).filter(([, v]) => v !== undefined)) as Partial<GuardRule>;
      if (Object.keys(given).length && !values['auto-rollback']) throw new OpsInputError('--threshold、--window、--min-visitors 要和 --auto-rollback 一起用', 'usage');
      const guard = await service.canary(area, version, percent, 'cli', values['auto-rollback'] ? given : undefined);
      print(percent === 0 ? `${area} 已结束灰度` : `${area} 对 ${percent}% 的访客灰度 ${version}${guard ? `；${describeGuard(guard)}` : ''}`);
      return;
    }
    case 'promote': {
      const area = need(rest[0], 'area');
      const { version, verdict } = await service.promote(area);
      print(`${area} 已全量上线 ${version}${verdict ? `（${describeVerdict(verdict)}）` : ''}`);
      return;
    }
    case 'preview': {
      const area = need(rest[0], 'area');
      const version = need(rest[1], 'version');
      const hours = numberOption(values.hours, 'hours');
      const { path: link, expiresAt } = await service.previewGrant(previewLinks, { area, version, hours });
      print(`预览链接（${expiresAt} 前有效，只对打开它的浏览器生效；在站点地址后打开）：`);
      print(link);
      return;
    }
    case 'history': {
      const area = need(rest[0], 'area');
      const limit = Number(values.limit);
      for (const event of await service.history(area, Number.isInteger(limit) && limit > 0 ? limit : 30)) {
        print(`${event.created_at}  ${event.kind.padEnd(8)} ${(event.version ?? '-').padEnd(12)} ${(event.actor || '-').padEnd(12)} ${eventText(event)}`);
      }
      return;
    }
    case 'bootstrap': {
      for (const s of await service.summary()) {
        const buildDir = defaultBuildDir(s.area);
        if (!fs.existsSync(buildDir)) {
          print(`${s.area}: 没有构建（${path.relative(repoRoot, buildDir)}），跳过`);
          continue;
        }
        const { version, alreadyPublished, activated, active } = await service.publishLocalBuild(s.area, buildDir);
        if (!alreadyPublished) print(`已发布 ${s.area} ${version}`);
        if (activated) print(`${s.area} 已上线 ${version}`);
        else if (active !== version) print(`${s.area} 在线的是 ${active}，本地构建 ${version} 未上线（pnpm ops remotes activate ${s.area} ${version} 可切换）`);
      }
      return;
    }
    default:
      throw new OpsInputError(`未知命令：${command}`, 'usage');
  }
}

/** The last column of a history line: what the event's detail says, in words where it has them. */
function eventText(event: RemoteEvent): string {
  const detail = parseDetail(event);
  if (event.kind === 'error') return `${String(detail.stage)}: ${String(detail.message)}`;
  if (typeof detail.reason === 'string') return `${detail.reason}（从 ${String(detail.from)}）`;
  if (event.kind === 'token') {
    const rights = String(detail.rights).split(',').map((r) => RIGHT_NAMES[r as DeployRight] ?? r).join('、');
    return detail.action === 'revoke' ? `吊销部署令牌 ${String(detail.token)}` : `生成部署令牌 ${String(detail.token)}（${rights}${detail.expiresAt ? `，至 ${String(detail.expiresAt)}` : ''}）`;
  }
  return Object.keys(detail).length ? JSON.stringify(detail) : '';
}

/** A running guard's rule and, now, its figures. */
async function guardLine(service: PlatformService, area: string, guard: GuardSettings): Promise<string> {
  const verdict = await service.guardVerdict(area);
  return `${describeGuard(guard)}${verdict ? `；此刻 ${describeVerdict(verdict)}` : ''}`;
}

/** Browser-sent text with control characters shown as \uXXXX, so it cannot drive the operator's terminal. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `pnpm ops guards list`. */
export function guardsCommand(events: GuardEventsRepository): OpsCommand {
  return {
    usage: GUARDS_USAGE,
    async run(argv, print) {
      const { values, positionals } = parseSharedOpsArgs(argv);
      const [command] = positionals;
      if (!command) throw new OpsInputError('', 'usage');
      if (command !== 'list') throw new OpsInputError(`未知命令：${command}`, 'usage');
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new OpsInputError('--limit 必须是正整数', 'usage');
      const rows = await events.newest(limit);
      for (const event of rows) {
        print(`${event.created_at}  ${event.kind.padEnd(8)} ${event.ip.padEnd(15)} ${(event.user_id ?? '-').padEnd(12)} ${printable(event.path)}  ${printable(event.user_agent)}`);
      }
      if (!rows.length) print('（还没有守卫事件）');
    },
  };
}

const TOKEN_OPTIONS = { name: { type: 'string' }, area: { type: 'string' }, can: { type: 'string' }, 'expires-days': { type: 'string' } } as const;

/** `pnpm ops tokens create|list|revoke`: the refusals (PlatformError) are printed as 失败：… with exit 1. */
export function tokensCommand(tokens: DeployTokens): OpsCommand {
  return {
    usage: TOKENS_USAGE,
    run: (argv, print) =>
      runTokens(tokens, argv, print).catch((error: unknown) => {
        throw error instanceof PlatformError ? new OpsInputError(error.message, 'failed') : error;
      }),
  };
}

async function runTokens(tokens: DeployTokens, argv: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseOpsArgs(argv, TOKEN_OPTIONS);
  const [command, ...rest] = positionals;
  switch (command) {
    case 'create': {
      const days = values['expires-days'];
      if (days !== undefined && !/^\d{1,5}$/.test(days)) throw new OpsInputError('--expires-days 必须是正整数', 'usage');
      const name = need(values.name, '--name');
      const area = need(values.area, '--area');
      const rights = need(values.can, '--can').split(',').map((r) => r.trim()).filter(Boolean);
      const token = await tokens.create({ name, area, rights, expiresDays: days === undefined ? undefined : Number(days) });
      print(`已生成部署令牌 ${name}（区域 ${area}，权限 ${rights.join(',')}${days ? `，${days} 天后过期` : '，不过期'}）。它只显示这一次，请存进团队 CI 的机密变量 DEPLOY_TOKEN：`);
      print(token);
      return;
    }
    case 'list': {
      const rows = await tokens.list();
      for (const t of rows) {
        const state = t.revoked_at ? `已吊销 ${t.revoked_at}` : '有效';
        print(`${t.name.padEnd(16)} ${t.area.padEnd(8)} ${t.rights.padEnd(30)} 创建 ${t.created_at}  到期 ${t.expires_at ?? '-'}  最近使用 ${t.last_used_at ?? '-'}  ${state}`);
      }
      if (!rows.length) print('（还没有部署令牌）');
      return;
    }
    case 'revoke': {
      const name = need(rest[0], 'name');
      await tokens.revoke(name);
      print(`已吊销部署令牌 ${name}`);
      return;
    }
    default:
      throw new OpsInputError(command ? `未知命令：${command}` : '', 'usage');
  }
}
