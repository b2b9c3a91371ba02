import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config.js';
import { parseOpsArgs, parseSharedOpsArgs } from '../../ops/options.js';
import { printable } from '../../ops/printable.js';
import { endOfChinaDay } from '../cdkeys/index.js';
import { OpsInputError, type OpsCommand } from '../module.js';
import { GUARD_DEFAULTS } from './canaryGuard.js';
import type { DeployTokens } from './deployTokens.js';
import { PREVIEW_HOURS_DEFAULT, PREVIEW_HOURS_MAX, type PreviewLinks } from './previewLinks.js';
import type { GuardEventsRepository } from './guardEventsRepository.js';
import { canaryArgs, historyLimit, lines, need, numberOption, REMOTES_OPTIONS } from './remotesCli.js';
import { PlatformError, PRUNE_KEEP_DEFAULT, type PlatformService } from './service.js';

export const REMOTES_USAGE = `用法: pnpm ops remotes <命令>
  list                                  各区域的在线版本、上一版本、灰度与已发布版本
  publish <area> [buildDir] [--activate] [--notes 文本]
                                        校验并发布一个构建（默认 mf-<area>/dist/<package 版本>）
  push <area> <buildDir> --server <url> [--token 令牌] [--notes 文本] [--hours N]
                                        打包构建上传到服务器发布，并给出它的预览链接（团队的 CI 用）
  activate <area> <version>             上线一个已发布版本（原版本成为回退版本）
  rollback <area>                       回滚到上一个可用版本
  canary <area> <version> <percent> [--auto-rollback [--threshold 百分点] [--window 分钟] [--min-visitors N]]
                                        对 percent% 的访客灰度 version（0 结束灰度）；--auto-rollback：灰度访客的
                                        加载/挂载失败率比在线版本高出阈值（默认 ${GUARD_DEFAULTS.thresholdPercent} 个百分点，窗口 ${GUARD_DEFAULTS.windowMinutes} 分钟，
                                        至少 ${GUARD_DEFAULTS.minVisitors} 个失败访客）时自动结束灰度并记录原因
  promote <area>                        把正在灰度的版本全量上线（原在线版本成为回退版本）
  preview <area> <version> [--hours N]  生成预览链接：只让打开它的浏览器加载该版本（默认 ${PREVIEW_HOURS_DEFAULT} 小时，最长 ${PREVIEW_HOURS_MAX}）
  history <area> [--limit N]            发布、切换、回滚、灰度、预览、清理（含操作者：令牌名、ops、cli 或 guard）与加载失败记录
  prune <area> [--keep N] [--dry-run]   删除旧版本：只留最近发布的 N 个（默认 ${PRUNE_KEEP_DEFAULT}），在线、回退、灰度版本和
                                        预览链接未过期的版本总是保留；--dry-run 只列出将删除的
  bootstrap                             发布每个区域的本地构建（版本号已发布且内容不同时发布为 <版本>-local.<哈希>），并上线它：区域没有在线版本或在线的是同一版本线的构建时
加 --server <url>（及 --token 令牌，或环境变量 DEPLOY_TOKEN）时，list、history、preview、canary、promote、activate、rollback、prune
在别的机器上经 HTTP 操作那台服务器（部署令牌只能操作自己的区域、做它被授予的事；prune 要发布权限）；publish 和 bootstrap 只在服务器上运行。`;

export const TOKENS_USAGE = `用法: pnpm ops tokens <命令>
  create --name <名称> --area <area> --can publish,canary,activate,rollback [--expires YYYY-MM-DD | --expires-days N]
                                        为一个区域的团队生成部署令牌（只显示这一次；服务器只存它的哈希）；
                                        --expires：最后有效的一天（北京时间），--expires-days：N 天后过期，都不给：不过期
  list                                  名称、区域、权限、创建、到期、最近使用、吊销
  revoke <name>                         吊销令牌（立即生效；名字保留，历史可查）`;

export const GUARDS_USAGE = `用法: pnpm ops guards <命令>
  list [--limit N]                      最近的守卫事件（打开开发者工具、Alook 浏览器），默认 30 条`;

function defaultBuildDir(area: string): string {
  const pkgDir = path.join(repoRoot, `mf-${area}`);
  const version = (JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  return path.join(pkgDir, 'dist', version);
}

function resolveFromCaller(dir: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
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

/** `publish --activate` is the server's alone: over HTTP a build is previewed and rolled out instead. */
const LOCAL_REMOTES_OPTIONS = { ...REMOTES_OPTIONS, activate: { type: 'boolean', default: false } } as const;

async function runRemotes(service: PlatformService, previewLinks: PreviewLinks, argv: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseOpsArgs(argv, LOCAL_REMOTES_OPTIONS);
  const [command, ...rest] = positionals;
  if (!command) throw new OpsInputError('', 'usage');

  switch (command) {
    case 'list': {
      for (const s of await service.summary()) {
        print(lines.summary(s));
        if (s.canary?.guard) print(lines.guard(s.canary.guard, await service.guardVerdict(s.area)));
      }
      return;
    }
    case 'publish': {
      const area = need(rest[0], 'area');
      const buildDir = rest[1] ? resolveFromCaller(rest[1]) : defaultBuildDir(area);
      const { version, alreadyPublished } = await service.publish({ area, buildDir, notes: values.notes });
      print(lines.published(area, version, alreadyPublished));
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
      print(lines.activated(area, version, channel.previous_version));
      return;
    }
    case 'rollback': {
      const area = need(rest[0], 'area');
      print(lines.rolledBack(area, await service.rollback(area)));
      return;
    }
    case 'canary': {
      const { area, version, percent, guard } = canaryArgs(rest, values);
      print(lines.canary(area, version, percent, await service.canary(area, version, percent, 'cli', guard)));
      return;
    }
    case 'promote': {
      const area = need(rest[0], 'area');
      print(lines.promoted(area, await service.promote(area)));
      return;
    }
    case 'preview': {
      const area = need(rest[0], 'area');
      const version = need(rest[1], 'version');
      const { path: link, expiresAt } = await service.previewGrant(previewLinks, { area, version, hours: numberOption(values.hours, 'hours') });
      lines.preview(link, expiresAt).forEach((line) => print(line));
      return;
    }
    case 'history': {
      for (const event of await service.history(need(rest[0], 'area'), historyLimit(values.limit))) print(lines.history(event));
      return;
    }
    case 'prune': {
      const area = need(rest[0], 'area');
      const dryRun = values['dry-run'];
      print(lines.pruned(area, await service.prune(area, { keep: numberOption(values.keep, 'keep'), dryRun }), dryRun));
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

const TOKEN_OPTIONS = { name: { type: 'string' }, area: { type: 'string' }, can: { type: 'string' }, expires: { type: 'string' }, 'expires-days': { type: 'string' } } as const;

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
      if (days !== undefined && values.expires !== undefined) throw new OpsInputError('--expires 和 --expires-days 只能给一个', 'usage');
      const name = need(values.name, '--name');
      const area = need(values.area, '--area');
      const rights = need(values.can, '--can').split(',').map((r) => r.trim()).filter(Boolean);
      const expiresAt = values.expires === undefined ? undefined : endOfChinaDay(values.expires);
      const token = await tokens.create({ name, area, rights, expiresDays: days === undefined ? undefined : Number(days), expiresAt });
      const lasts = days ? `，${days} 天后过期` : values.expires ? `，有效期至 ${values.expires}（北京时间当天结束）` : '，不过期';
      print(`已生成部署令牌 ${name}（区域 ${area}，权限 ${rights.join(',')}${lasts}）。它只显示这一次，请存进团队 CI 的机密变量 DEPLOY_TOKEN：`);
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
