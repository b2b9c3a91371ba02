import fs from 'node:fs';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { parseOpsArgs } from '../../ops/options.js';
import { OpsInputError, type Print } from '../module.js';
import type { CredentialBox } from './credentials.js';
import { MIRROR_KINDS, type MirrorKind } from './provider.js';
import type { CarRow, MirrorRepository } from './repository.js';

export const MIRROR_USAGE = `用法: pnpm ops mirror <命令>
  site add --id <id> --name <名称> --origin <镜像站网址> [--register-url <令牌接口网址>]
           [--kind oaifree] [--session-minutes 60] [--order <序号>]
                                        登记一个镜像站；令牌接口默认为 <镜像站网址>/api/token/register
  site list                             列出镜像站
  site remove <id>                      删除镜像站及其全部账号、用户密钥和使用记录
  car add --site <站点id> --id <id> --name <名称> --capacity <人数> [--tier <套餐等级 0-3>] [--order <序号>]
          (--credential-file <文件> | --credential-env <环境变量名>)
                                        登记一个上游账号（车）；凭据（Access Token）从文件或环境变量读取，
                                        加密保存，不要写在命令行上
  car set <id> [--name <名称>] [--capacity <人数>] [--tier <等级>] [--order <序号>]
          [--credential-file <文件> | --credential-env <变量名>] [--enable]
                                        修改账号；--enable 重新启用已停用的账号
  car disable <id>                      停用账号：不再分配新的登录，已登录的会话到期结束
  car list [--site <站点id>]            列出账号及当前占用`;

const SITE_OPTIONS = {
  id: { type: 'string' },
  name: { type: 'string' },
  origin: { type: 'string' },
  'register-url': { type: 'string' },
  kind: { type: 'string', default: 'oaifree' },
  'session-minutes': { type: 'string', default: '60' },
  order: { type: 'string', default: '0' },
} as const;
const CAR_OPTIONS = {
  site: { type: 'string' },
  id: { type: 'string' },
  name: { type: 'string' },
  capacity: { type: 'string' },
  tier: { type: 'string' },
  order: { type: 'string' },
  'credential-file': { type: 'string' },
  'credential-env': { type: 'string' },
  enable: { type: 'boolean', default: false },
} as const;

export interface MirrorCommandOptions {
  repo: MirrorRepository;
  box: CredentialBox;
  now: Clock;
  env: NodeJS.ProcessEnv;
}

const need = (value: string | undefined, option: string): string => {
  if (value === undefined || !value.trim()) throw new OpsInputError(`缺少 ${option}\n${MIRROR_USAGE}`);
  return value.trim();
};

function wholeNumber(text: string, option: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new OpsInputError(`${option} 应为 ${min} 到 ${max} 的整数，收到 ${text}`);
  return n;
}

function idOf(text: string): string {
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(text)) throw new OpsInputError(`id 只能使用小写字母、数字、- 和 _（最多 40 个字符），收到 ${text}`);
  return text;
}

function originOf(text: string, option: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OpsInputError(`${option} 不是合法的网址：${text}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OpsInputError(`${option} 必须以 http:// 或 https:// 开头`);
  return option === '--origin' ? url.origin : url.href;
}

/** The credential from a file or an environment variable, never from the command line (shell history, ps). */
function credentialOf(values: { 'credential-file'?: string; 'credential-env'?: string }, env: NodeJS.ProcessEnv, required: boolean): string | undefined {
  const file = values['credential-file'];
  const variable = values['credential-env'];
  if (file !== undefined && variable !== undefined) throw new OpsInputError('--credential-file 和 --credential-env 只能二选一');
  let text: string | undefined;
  if (file !== undefined) {
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new OpsInputError(`无法读取 ${file}：${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  } else if (variable !== undefined) {
    text = env[variable];
    if (text === undefined) throw new OpsInputError(`环境变量 ${variable} 未设置`);
  }
  if (text === undefined) {
    if (required) throw new OpsInputError(`请用 --credential-file 或 --credential-env 给出账号凭据\n${MIRROR_USAGE}`);
    return undefined;
  }
  const credential = text.trim();
  if (credential.length < 8 || /\s/.test(credential)) throw new OpsInputError('凭据应为一整段 Access Token（至少 8 个字符，不含空白）');
  return credential;
}

function carLine(car: CarRow, inUse: number): string {
  const status = car.status === 'active' ? '启用' : '停用';
  return `${car.id}\t${car.site_id}\t${car.name}\t${inUse}/${car.capacity}\t等级≥${car.tier}\t${status}`;
}

export async function runMirrorCommand(argv: string[], print: Print, { repo, box, now, env }: MirrorCommandOptions): Promise<void> {
  const [noun, verb, ...rest] = argv;
  const at = () => now().toISOString();
  const carNamed = async (id: string | undefined) => {
    const car = await repo.car(need(id, '<id>'));
    if (!car) throw new OpsInputError(`没有 id 为 ${id} 的账号`);
    return car;
  };

  if (noun === 'site' && verb === 'add') {
    const { values, positionals } = parseOpsArgs(rest, SITE_OPTIONS);
    if (positionals.length) throw new OpsInputError(`多余的参数：${positionals.join(' ')}（值含空格时请加引号）`);
    if (!(MIRROR_KINDS as readonly string[]).includes(values.kind)) throw new OpsInputError(`--kind 只能是 ${MIRROR_KINDS.join('、')}`);
    const origin = originOf(need(values.origin, '--origin'), '--origin');
    const id = idOf(need(values.id, '--id'));
    try {
      await repo.insertSite({
        id,
        name: need(values.name, '--name'),
        kind: values.kind as MirrorKind,
        origin,
        register_url: values['register-url'] === undefined ? `${origin}/api/token/register` : originOf(values['register-url'], '--register-url'),
        session_minutes: wholeNumber(values['session-minutes'], '--session-minutes', 5, 7 * 24 * 60),
        sort: wholeNumber(values.order, '--order', 0, 100_000),
        created_at: at(),
        updated_at: at(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new OpsInputError(`镜像站 ${id} 已存在`);
      throw error;
    }
    print(`已登记镜像站 ${id}（${origin}）`);
    return;
  }
  if (noun === 'site' && verb === 'list') {
    const sites = await repo.sites();
    if (!sites.length) print('还没有镜像站（pnpm ops mirror site add …）');
    for (const site of sites) print(`${site.id}\t${site.name}\t${site.origin}\t令牌接口 ${site.register_url}\t每次 ${site.session_minutes} 分钟`);
    return;
  }
  if (noun === 'site' && verb === 'remove') {
    if (rest.length !== 1) throw new OpsInputError(`请给出一个镜像站 id\n${MIRROR_USAGE}`);
    if (!(await repo.deleteSite(rest[0]!))) throw new OpsInputError(`没有 id 为 ${rest[0]} 的镜像站`);
    print(`已删除镜像站 ${rest[0]}`);
    return;
  }

  if (noun === 'car' && verb === 'add') {
    const { values, positionals } = parseOpsArgs(rest, CAR_OPTIONS);
    if (positionals.length) throw new OpsInputError(`多余的参数：${positionals.join(' ')}（值含空格时请加引号）`);
    const siteId = need(values.site, '--site');
    if (!(await repo.site(siteId))) throw new OpsInputError(`没有 id 为 ${siteId} 的镜像站`);
    const id = idOf(need(values.id, '--id'));
    const credential = credentialOf(values, env, true)!;
    try {
      await repo.insertCar({
        id,
        site_id: siteId,
        name: need(values.name, '--name'),
        capacity: wholeNumber(need(values.capacity, '--capacity'), '--capacity', 1, 10_000),
        tier: values.tier === undefined ? 0 : wholeNumber(values.tier, '--tier', 0, 3),
        status: 'active',
        credential: box.seal(credential),
        sort: values.order === undefined ? 0 : wholeNumber(values.order, '--order', 0, 100_000),
        created_at: at(),
        updated_at: at(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new OpsInputError(`账号 ${id} 已存在`);
      throw error;
    }
    print(`已登记账号 ${id}（凭据已加密保存）`);
    return;
  }
  if (noun === 'car' && verb === 'set') {
    const { values, positionals } = parseOpsArgs(rest, CAR_OPTIONS);
    if (positionals.length !== 1) throw new OpsInputError(`请给出一个账号 id\n${MIRROR_USAGE}`);
    if (values.site !== undefined || values.id !== undefined) throw new OpsInputError('账号的 id 和所属镜像站不能修改');
    const car = await carNamed(positionals[0]);
    const credential = credentialOf(values, env, false);
    const change = {
      ...(values.name !== undefined && { name: need(values.name, '--name') }),
      ...(values.capacity !== undefined && { capacity: wholeNumber(values.capacity, '--capacity', 1, 10_000) }),
      ...(values.tier !== undefined && { tier: wholeNumber(values.tier, '--tier', 0, 3) }),
      ...(values.order !== undefined && { sort: wholeNumber(values.order, '--order', 0, 100_000) }),
      ...(credential !== undefined && { credential: box.seal(credential) }),
      ...(values.enable && { status: 'active' }),
    };
    if (!Object.keys(change).length) throw new OpsInputError(`没有要修改的内容\n${MIRROR_USAGE}`);
    await repo.updateCar(car.id, { ...change, updated_at: at() });
    print(`已修改账号 ${car.id}`);
    return;
  }
  if (noun === 'car' && verb === 'disable') {
    if (rest.length !== 1) throw new OpsInputError(`请给出一个账号 id\n${MIRROR_USAGE}`);
    const car = await carNamed(rest[0]);
    await repo.updateCar(car.id, { status: 'disabled', updated_at: at() });
    print(`已停用账号 ${car.id}`);
    return;
  }
  if (noun === 'car' && verb === 'list') {
    const { values, positionals } = parseOpsArgs(rest, { site: { type: 'string' } } as const);
    if (positionals.length) throw new OpsInputError(`多余的参数：${positionals.join(' ')}`);
    const [cars, loads] = await Promise.all([repo.cars(values.site), repo.loads(at())]);
    if (!cars.length) print('还没有账号（pnpm ops mirror car add …）');
    for (const car of cars) print(carLine(car, loads.get(car.id) ?? 0));
    return;
  }
  throw new OpsInputError('', 'usage');
}
