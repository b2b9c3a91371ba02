import fs from 'node:fs';
import path from 'node:path';
import { parseOpsArgs } from '../../ops/options.js';
import { OpsInputError, type Print } from '../module.js';
import { packBuild } from './releaseArchive.js';

const PUSH_OPTIONS = { server: { type: 'string' }, token: { type: 'string' }, notes: { type: 'string', default: '' } } as const;

/** Whether argv is `remotes push …`: it runs on a team's CI machine, without the server's database (ops/cli.ts). */
export function isPush(argv: readonly string[]): boolean {
  return argv[0] === 'remotes' && argv[1] === 'push';
}

/**
 * `pnpm ops remotes push <area> <buildDir> --server <url> [--token <t>]`: packs the build and sends
 * it to the server's publish route; the token is the flag's, else DEPLOY_TOKEN's.
 */
export async function runPush(argv: string[], print: Print, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { values, positionals } = parseOpsArgs(argv, PUSH_OPTIONS);
  const [, , area, dir] = positionals;
  if (!area || !dir) throw new OpsInputError('缺少参数：area 和 buildDir', 'usage');
  if (!values.server) throw new OpsInputError('缺少 --server（服务器地址，如 https://qiming.example.com）', 'usage');
  const token = values.token ?? env.DEPLOY_TOKEN;
  if (!token) throw new OpsInputError('缺少令牌：--token 或环境变量 DEPLOY_TOKEN', 'usage');
  const buildDir = path.resolve(env.INIT_CWD ?? process.cwd(), dir);
  if (!fs.existsSync(path.join(buildDir, 'release.json'))) throw new OpsInputError(`构建目录里没有 release.json：${buildDir}`, 'failed');

  const archive = await packBuild(buildDir);
  const url = new URL(`/app-api/platform/ops/remotes/${encodeURIComponent(area)}/releases`, values.server);
  if (values.notes) url.searchParams.set('notes', values.notes);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' }, body: archive });
  } catch (error) {
    throw new OpsInputError(`无法连接 ${url.origin}：${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`, 'failed');
  }
  const answer = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
  if (!answer || answer.code !== 0) throw new OpsInputError(answer?.msg || `服务器答复 HTTP ${response.status}`, 'failed');
  print(`${answer.msg}（${(archive.length / 1024).toFixed(0)} KiB）`);
}
