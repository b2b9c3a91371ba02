// pnpm ops remotes <command>: changes the remote registry of the server whose DATA_DIR /
// DATABASE_URL this shell points at (the same variables the server reads).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, repoRoot } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createPlatformService, PlatformError, type PlatformService } from '../modules/platform/index.js';
import { parseDetail } from '../modules/platform/service.js';

const USAGE = `用法: pnpm ops remotes <命令>
  list                                  各区域的在线版本、上一版本、灰度与已发布版本
  publish <area> [buildDir] [--activate] [--notes 文本]
                                        校验并发布一个构建（默认 mf-<area>/dist/<package 版本>）
  activate <area> <version>             上线一个已发布版本（原版本成为回退版本）
  rollback <area>                       回滚到上一个可用版本
  canary <area> <version> <percent>     对 percent% 的用户灰度 version（0 结束灰度）
  history <area> [--limit N]            发布、切换、回滚、灰度与加载失败记录
  bootstrap                             发布每个区域尚未发布的构建，并上线没有在线版本的区域`;

class UsageError extends Error {}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`缺少参数：${what}`);
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

async function run(service: PlatformService, argv: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { activate: { type: 'boolean', default: false }, notes: { type: 'string', default: '' }, limit: { type: 'string', default: '30' } },
  });
  const [group, command, ...rest] = positionals;
  if (group !== 'remotes' || !command) throw new UsageError('');

  switch (command) {
    case 'list': {
      for (const s of await service.summary()) {
        const canary = s.canary ? `  灰度 ${s.canary.version} ${s.canary.percent}%` : '';
        print(`${s.area.padEnd(8)} 在线 ${s.active ?? '-'}  上一版本 ${s.previous ?? '-'}${canary}  已发布 [${s.releases.join(', ')}]`);
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
      if (!/^\d{1,3}$/.test(percentText)) throw new UsageError('percent 必须是 0 到 100 的整数');
      const percent = Number(percentText);
      await service.canary(area, version, percent);
      print(percent === 0 ? `${area} 已结束灰度` : `${area} 对 ${percent}% 的用户灰度 ${version}`);
      return;
    }
    case 'history': {
      const area = need(rest[0], 'area');
      const limit = Number(values.limit);
      for (const event of await service.history(area, Number.isInteger(limit) && limit > 0 ? limit : 30)) {
        const detail = parseDetail(event);
        const extra = event.kind === 'error' ? `${String(detail.stage)}: ${String(detail.message)}` : Object.keys(detail).length ? JSON.stringify(detail) : '';
        print(`${event.created_at}  ${event.kind.padEnd(8)} ${(event.version ?? '-').padEnd(12)} ${extra}`);
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
        const { version, alreadyPublished } = await service.publish({ area: s.area, buildDir });
        if (!alreadyPublished) print(`已发布 ${s.area} ${version}`);
        if (!s.active) {
          await service.activate(s.area, version);
          print(`${s.area} 已上线 ${version}`);
        }
      }
      return;
    }
    default:
      throw new UsageError(`未知命令：${command}`);
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const service = await createPlatformService(db.db, config);
    await run(service, process.argv.slice(2), (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) console.error(error.message);
      console.error(USAGE);
      return 2;
    }
    if (error instanceof PlatformError) {
      console.error(`失败：${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(error.message);
      console.error(USAGE);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
