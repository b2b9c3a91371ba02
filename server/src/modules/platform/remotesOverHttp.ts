import fs from 'node:fs';
import path from 'node:path';
import { parseOpsArgs } from '../../ops/options.js';
import { OpsInputError, type Print } from '../module.js';
import type { GuardSettings, GuardVerdict } from './canaryGuard.js';
import { packBuild } from './releaseArchive.js';
import { canaryArgs, historyLimit, lines, need, numberOption, REMOTES_OPTIONS } from './remotesCli.js';
import type { RemoteEvent } from './repository.js';
import type { AreaSummary } from './service.js';

const HTTP_OPTIONS = { ...REMOTES_OPTIONS, server: { type: 'string' }, token: { type: 'string' } } as const;

/**
 * Whether argv is `remotes push …` or another `remotes` command with `--server`: it runs on a team's
 * CI machine, without the server's database, over the ops routes (ops/runCli.ts).
 */
export function isRemotesOverHttp(argv: readonly string[]): boolean {
  return argv[0] === 'remotes' && (argv[1] === 'push' || argv.some((arg) => arg === '--server' || arg.startsWith('--server=')));
}

/** A call of the server's ops routes with the caller's token; the server's refusal is the error's message. */
function opsClient(server: string, token: string) {
  return async <T>(method: 'GET' | 'POST', route: string, body?: { json: unknown } | { gzip: Buffer }, query: Record<string, string> = {}): Promise<{ data: T; msg: string }> => {
    const url = new URL(`/app-api/platform/ops/remotes${route}`, server);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body) headers['content-type'] = 'gzip' in body ? 'application/gzip' : 'application/json';
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: body && ('gzip' in body ? body.gzip : JSON.stringify(body.json)) });
    } catch (error) {
      const cause = (error as Error).cause;
      throw new OpsInputError(`无法连接 ${url.origin}：${cause instanceof Error ? cause.message : (error as Error).message}`, 'failed');
    }
    const answer = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null;
    if (!answer || answer.code !== 0) throw new OpsInputError(answer?.msg || `服务器答复 HTTP ${response.status}`, 'failed');
    return { data: answer.data as T, msg: answer.msg ?? '' };
  };
}

/**
 * `pnpm ops remotes <command> … --server <url> [--token <t>]`: the deploy steps of an area's team
 * from its own machine — push (then a preview link at once), preview, canary, promote, activate,
 * rollback, prune, list, history — printed as on the server. The token is the flag's, else DEPLOY_TOKEN's.
 */
export async function runRemotesOverHttp(argv: string[], print: Print, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { values, positionals } = parseOpsArgs(argv.slice(1), HTTP_OPTIONS);
  const [command, ...rest] = positionals;
  if (!values.server) throw new OpsInputError('缺少 --server（服务器地址，如 https://qiming.example.com）', 'usage');
  if (!URL.canParse(values.server) || !/^https?:$/.test(new URL(values.server).protocol)) throw new OpsInputError(`--server 不是 http(s) 地址：${values.server}`, 'usage');
  const token = values.token ?? env.DEPLOY_TOKEN;
  if (!token) throw new OpsInputError('缺少令牌：--token 或环境变量 DEPLOY_TOKEN', 'usage');
  // Checked before anything is sent: a push must not publish and then refuse its preview's --hours.
  const hours = numberOption(values.hours, 'hours');
  const call = opsClient(values.server, token);
  const areaRoute = (area: string, step: string) => `/${encodeURIComponent(area)}/${step}`;

  const preview = async (area: string, version: string) => {
    const { data } = await call<{ url: string; expiresAt: string }>('POST', areaRoute(area, 'preview'), { json: { version, hours } });
    lines.preview(data.url, data.expiresAt).forEach((line) => print(line));
  };

  switch (command) {
    case 'push': {
      const area = need(rest[0], 'area');
      const buildDir = path.resolve(env.INIT_CWD ?? process.cwd(), need(rest[1], 'buildDir'));
      if (!fs.existsSync(path.join(buildDir, 'release.json'))) throw new OpsInputError(`构建目录里没有 release.json：${buildDir}`, 'failed');
      const archive = await packBuild(buildDir);
      const { data } = await call<{ version: string; alreadyPublished: boolean }>('POST', areaRoute(area, 'releases'), { gzip: archive }, values.notes ? { notes: values.notes } : {});
      print(`${lines.published(area, data.version, data.alreadyPublished)}（${(archive.length / 1024).toFixed(0)} KiB）`);
      // The team looks at its build before anyone else does: the link comes with the push.
      await preview(area, data.version);
      return;
    }
    case 'preview':
      return preview(need(rest[0], 'area'), need(rest[1], 'version'));
    case 'canary': {
      const { area, version, percent, guard } = canaryArgs(rest, values);
      const { data } = await call<{ guard: GuardSettings | null }>('POST', areaRoute(area, 'canary'), { json: { version, percent, ...(guard ? { autoRollback: guard } : {}) } });
      print(lines.canary(area, version, percent, data.guard));
      return;
    }
    case 'promote': {
      const area = need(rest[0], 'area');
      const { data } = await call<{ version: string; verdict: GuardVerdict | null }>('POST', areaRoute(area, 'promote'));
      print(lines.promoted(area, data));
      return;
    }
    case 'activate': {
      const area = need(rest[0], 'area');
      const version = need(rest[1], 'version');
      const { data } = await call<{ previous: string | null }>('POST', areaRoute(area, 'activate'), { json: { version } });
      print(lines.activated(area, version, data.previous));
      return;
    }
    case 'rollback': {
      const area = need(rest[0], 'area');
      const { data } = await call<{ from: string | null; to: string }>('POST', areaRoute(area, 'rollback'));
      print(lines.rolledBack(area, data));
      return;
    }
    case 'list': {
      const { data } = await call<(AreaSummary & { guardNow: GuardVerdict | null })[]>('GET', '');
      for (const s of data) {
        print(lines.summary(s));
        if (s.canary?.guard) print(lines.guard(s.canary.guard, s.guardNow));
      }
      return;
    }
    case 'history': {
      const area = need(rest[0], 'area');
      const { data } = await call<RemoteEvent[]>('GET', areaRoute(area, 'history'), undefined, { limit: String(historyLimit(values.limit)) });
      for (const event of data) print(lines.history(event));
      return;
    }
    case 'prune': {
      const area = need(rest[0], 'area');
      const dryRun = values['dry-run'];
      const { data } = await call<{ removed: string[]; kept: number }>('POST', areaRoute(area, 'prune'), { json: { keep: numberOption(values.keep, 'keep'), dryRun } });
      print(lines.pruned(area, data, dryRun));
      return;
    }
    case 'publish':
    case 'bootstrap':
      throw new OpsInputError(`${command} 只在服务器上运行；从别的机器发布用 push <area> <buildDir> --server <url>`, 'usage');
    default:
      throw new OpsInputError(command ? `未知命令：${command}` : '', 'usage');
  }
}
