// pnpm ops remotes|cdkeys|catalogue|announcements|guards|pay <command>: changes the remote registry, makes
// redemption codes, edits the model catalogue or the announcements, lists guard events, or looks after orders of the
// server whose DATA_DIR / DATABASE_URL this shell points at (the same variables the server reads).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, repoRoot, type ServerConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { AnnouncementInputError, ANNOUNCEMENTS_USAGE, createAnnouncements, runAnnouncementsCommand } from '../modules/announcements/index.js';
import { builtInPrices, Catalogue, CATALOGUE_USAGE, CatalogueInputError, CatalogueRepository, runCatalogueCommand } from '../modules/catalogue/index.js';
import { CdkeyInputError, CdkeysRepository, CdkeysService } from '../modules/cdkeys/index.js';
import { DEFAULT_PLANS, parsePlans, PAY_USAGE, PayInputError, PayRepository, PayService, runPayCommand } from '../modules/pay/index.js';
import { createPlatformService, GuardEventsRepository, PlatformError } from '../modules/platform/index.js';
import { createPointsService } from '../modules/points/index.js';
import { parseDetail } from '../modules/platform/service.js';
import type { Log } from '../log.js';

const USAGE = `用法: pnpm ops remotes <命令>
  list                                  各区域的在线版本、上一版本、灰度与已发布版本
  publish <area> [buildDir] [--activate] [--notes 文本]
                                        校验并发布一个构建（默认 mf-<area>/dist/<package 版本>）
  activate <area> <version>             上线一个已发布版本（原版本成为回退版本）
  rollback <area>                       回滚到上一个可用版本
  canary <area> <version> <percent>     对 percent% 的用户灰度 version（0 结束灰度）
  history <area> [--limit N]            发布、切换、回滚、灰度与加载失败记录
  bootstrap                             发布每个区域尚未发布的构建，并上线没有在线版本的区域

用法: pnpm ops cdkeys <命令>
  create --points N --count M [--expires YYYY-MM-DD] [--note 文本]
                                        生成一批兑换码（每个兑换 N 永久积分），只打印这一次
  create --plan-tier T --plan-days D --count M [--points N] [--expires …] [--note …]
                                        兑换订阅套餐 T（1 入门、2 基础、3 专业）D 天
  list [--batch id]                     各批次及使用数量；指定批次时列出其兑换码（只显示末 4 位）

${CATALOGUE_USAGE}

${ANNOUNCEMENTS_USAGE}

用法: pnpm ops guards <命令>
  list [--limit N]                      最近的守卫事件（打开开发者工具、Alook 浏览器），默认 30 条

${PAY_USAGE}`;

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

const OPTIONS = {
  activate: { type: 'boolean', default: false },
  notes: { type: 'string', default: '' },
  limit: { type: 'string', default: '30' },
  points: { type: 'string' },
  count: { type: 'string' },
  expires: { type: 'string' },
  note: { type: 'string', default: '' },
  batch: { type: 'string' },
  'plan-tier': { type: 'string' },
  'plan-days': { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>['values'];

async function run(db: Db, config: ServerConfig, argv: string[], print: (line: string) => void): Promise<void> {
  // Its own argument parsing: JSON values may start with "-" and must not meet the option parser.
  if (argv[0] === 'catalogue') return runCatalogueCommand(db.db, argv.slice(1), print, { reloadSeconds: config.chat.catalogueReloadSeconds });
  // Its own options (--title, --content…); texts may contain anything the operator types.
  if (argv[0] === 'announcements') return runAnnouncementsCommand(await announcementsOf(db, config), argv.slice(1), print);
  if (argv[0] === 'pay') return runPayCommand(payServiceOf(db, config), new PayRepository(db.db), argv.slice(1), print);
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [group, command, ...rest] = positionals;
  if (!command) throw new UsageError('');
  if (group === 'cdkeys') return cdkeys(db, command, values, print);
  if (group === 'guards') return guards(db, command, values, print);
  if (group !== 'remotes') throw new UsageError('');
  const service = await createPlatformService(db.db, config);

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

/** The announcements, seeded like the server does when the database has none; --model checks the catalogue ops see. */
async function announcementsOf(db: Db, config: ServerConfig) {
  const catalogue = new Catalogue(new CatalogueRepository(db.db));
  return createAnnouncements(db.db, config, { modelExists: async (code) => (await catalogue.reload()).byId.has(code) });
}

/** Orders, refunds and vouchers need no provider: the service without any (no QR codes are made here). */
function payServiceOf(db: Db, config: ServerConfig): PayService {
  const now = () => new Date();
  const points = createPointsService(db.db, db.dialect, {
    prices: builtInPrices,
    now,
    dailyByTier: config.points.dailyByTier,
    holdMinutes: config.points.holdMinutes,
    limits: { maxOutputTokens: config.points.holdMaxOutputTokens, maxOutputChars: config.points.holdMaxOutputChars },
  });
  const plans = config.pay.plansJson === undefined ? [...DEFAULT_PLANS] : parsePlans(config.pay.plansJson, config.pay.plansSource);
  const log: Log = { info: () => {}, warn: (obj: object | string, msg?: string) => console.error(msg, obj), error: () => {} };
  return new PayService(new PayRepository(db.db), points, new Map(), { ...config.pay, plans, charsPerUse: 400, referenceModels: () => [], productName: '', now, log });
}

/** Browser-sent text with control characters shown as \uXXXX, so it cannot drive the operator's terminal. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

async function guards(db: Db, command: string, values: Values, print: (line: string) => void): Promise<void> {
  if (command !== 'list') throw new UsageError(`未知命令：${command}`);
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit 必须是正整数');
  const events = await new GuardEventsRepository(db.db).newest(limit);
  for (const event of events) {
    print(`${event.created_at}  ${event.kind.padEnd(8)} ${event.ip.padEnd(15)} ${(event.user_id ?? '-').padEnd(12)} ${printable(event.path)}  ${printable(event.user_agent)}`);
  }
  if (!events.length) print('（还没有守卫事件）');
}

/** A whole number option, or undefined when absent. */
function intOption(values: Values, name: keyof Values): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^\d{1,10}$/.test(text)) throw new CdkeyInputError(`--${name} 必须是非负整数`);
  return Number(text);
}

async function cdkeys(db: Db, command: string, values: Values, print: (line: string) => void): Promise<void> {
  const service = new CdkeysService(new CdkeysRepository(db.db), null, () => new Date());
  switch (command) {
    case 'create': {
      const count = intOption(values, 'count');
      if (count === undefined) throw new CdkeyInputError('缺少参数：--count');
      const planTier = intOption(values, 'plan-tier');
      const points = intOption(values, 'points') ?? (planTier === undefined ? undefined : 0);
      if (points === undefined) throw new CdkeyInputError('缺少参数：--points（或 --plan-tier 与 --plan-days）');
      const batch = await service.createBatch({ points, count, expiresOn: values.expires, note: values.note, planTier, planDays: intOption(values, 'plan-days') });
      const gives = [points > 0 ? `${points} 永久积分` : '', planTier !== undefined ? `套餐 ${planTier} ${values['plan-days']} 天` : ''].filter(Boolean).join(' + ');
      print(`# 批次 ${batch.batchId}：${count} 个兑换码，每个 ${gives}，${batch.expiresAt ? `有效期至 ${values.expires}（北京时间当天结束）` : '长期有效'}`);
      print('# 兑换码只显示这一次（服务器只保存其哈希），请妥善保存');
      for (const code of batch.codes) print(code);
      return;
    }
    case 'list': {
      if (values.batch) {
        for (const code of await service.codes(values.batch)) print(`${code.masked}  ${code.usedAt ? `已使用 ${code.usedAt} ${code.usedBy ?? ''}` : '未使用'}`);
        return;
      }
      for (const b of await service.batches()) {
        const gives = [b.points > 0 ? `${b.points} 积分` : '', b.plan_tier !== null ? `套餐 ${b.plan_tier} ${b.plan_days} 天` : ''].filter(Boolean).join(' + ');
        print(`${b.id}  ${b.created_at}  ${gives}  已使用 ${b.used}/${b.count}  ${b.expires_at ? `过期 ${b.expires_at}` : '长期有效'}  ${b.note}`.trimEnd());
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
    await run(db, config, process.argv.slice(2), (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) console.error(error.message);
      console.error(USAGE);
      return 2;
    }
    if (error instanceof CatalogueInputError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof PayInputError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof CdkeyInputError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof AnnouncementInputError) {
      console.error(`失败：${error.message}`);
      return 1;
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
