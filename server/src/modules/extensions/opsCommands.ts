import { parseOpsArgs } from '../../ops/options.js';
import { OpsInputError, type Print } from '../module.js';
import { isBuiltinName } from './builtIn/catalogue.js';
import { describe, McpConnection } from './client/connection.js';
import { endpointOf, transportOf } from './client/endpoint.js';
import type { ExtensionsRepository, McpServerRow } from './repository.js';
import type { BuiltinConnector } from './toolSource.js';
import { displayColumns, MCP_NAME, remoteColumns, type ServerOptions } from './validation.js';
import type { Log } from '../../log.js';

export const MCP_USAGE = `用法: pnpm ops mcp <命令>
  list                                  所有扩展：名称、显示名、传输方式、是否启用、每次调用积分、超时
  show <name>                           一个扩展的全部设置（密钥只显示环境变量名，不显示值）
  add <name> --show-name 名称 --transport http|sse|stdio …
                                        新增扩展（默认启用）。选项：
                                        --desc 简介  --kind 分类（工具/效率/知识/网络…）  --icon 图片网址或 data:image/…
                                        --url https://…（http、sse）  --command 命令 --args a,b（stdio，命令须已安装在服务器上）
                                        --header 名称=环境变量名（可重复，http、sse 的请求头）
                                        --env 变量=环境变量名（可重复，stdio 进程的环境变量）
                                        --timeout 秒（每次调用的超时，默认 30）  --price 积分（每次调用，默认 0）  --sort 排序
  set <name> --选项 值 …                修改设置，选项同 add（内置扩展只能改 --show-name --desc --kind --icon --timeout --price --sort）
  enable <name> / disable <name>        启用 / 停用（停用后对话框不再显示，新消息不能使用）
  remove <name>                         删除扩展（内置扩展不能删除，请停用）
  test <name>                           连接扩展并列出它的工具和说明，显示用时；连不上时退出码为 1
名称 name：字母、数字、_ . -，最多 64 个字符。密钥不写入数据库：--header / --env 给出的是服务器上保存密钥的环境变量名。`;

const OPTIONS = {
  'show-name': { type: 'string' },
  desc: { type: 'string' },
  kind: { type: 'string' },
  icon: { type: 'string' },
  transport: { type: 'string' },
  url: { type: 'string' },
  command: { type: 'string' },
  args: { type: 'string' },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  price: { type: 'string' },
  sort: { type: 'string' },
} as const;
const BUILTIN_FIELDS = new Set(['show-name', 'desc', 'kind', 'icon', 'timeout', 'price', 'sort']);
const APPLIES = '所有服务器立即生效（扩展设置存放在共享数据库中，每条消息读取）';

export interface McpCommandOptions {
  repo: ExtensionsRepository;
  builtins: BuiltinConnector;
  connectTimeoutMs: number;
  now: () => Date;
  log: Log;
  env?: NodeJS.ProcessEnv;
}

const where = (row: McpServerRow) =>
  row.transport === 'builtin' ? '内置' : row.transport === 'stdio' ? `${row.command} ${(JSON.parse(row.args) as string[]).join(' ')}`.trim() : (row.url ?? '');

function line(row: McpServerRow): string {
  return [
    row.mcp_name.padEnd(20),
    row.show_name.padEnd(10),
    row.transport.padEnd(8),
    (row.enabled ? '启用' : '停用').padEnd(4),
    `${row.price_per_call} 积分/次`.padEnd(10),
    `超时 ${row.timeout_seconds} 秒`,
  ].join(' ');
}

function parsed(rest: string[]): ServerOptions {
  const { values, positionals } = parseOpsArgs(rest, OPTIONS);
  if (positionals.length > 0) throw new OpsInputError(`多余的参数：${positionals.join(' ')}（值含空格时请加引号）`);
  return values as ServerOptions;
}

/** `pnpm ops mcp …`: the MCP servers in the database every instance reads. */
export async function runMcpCommand(args: string[], print: Print, options: McpCommandOptions): Promise<void> {
  const { repo } = options;
  const [command, target, ...rest] = args;
  const env = options.env ?? process.env;
  const named = (): string => {
    if (!target) throw new OpsInputError(`缺少参数：name\n${MCP_USAGE}`);
    return target;
  };
  const existing = async (): Promise<McpServerRow> => {
    const row = await repo.byName(named());
    if (!row) throw new OpsInputError(`没有名为 ${target} 的扩展`);
    return row;
  };
  const at = () => options.now().toISOString();

  switch (command) {
    case 'list': {
      const rows = await repo.all();
      print(`${'name'.padEnd(20)} ${'名称'.padEnd(10)} ${'传输'.padEnd(8)} 状态 价格       超时`);
      for (const row of rows) print(line(row));
      print(`共 ${rows.length} 个扩展，启用 ${rows.filter((row) => row.enabled).length} 个`);
      return;
    }
    case 'show': {
      const row = await existing();
      const variables = (json: string, arrow: string) =>
        Object.entries(JSON.parse(json) as Record<string, string>).map(([name, variable]) => `  ${name} ${arrow} $${variable}（${env[variable] ? '已设置' : '未设置'}）`);
      print(`${row.mcp_name}（${row.show_name}）${row.enabled ? '启用' : '停用'}${row.transport === 'builtin' ? '，内置' : ''}${row.ops_edited ? '，ops 已修改' : ''}`);
      print(`简介：${row.show_desc || '（无）'}`);
      print(`分类：${row.kind}  排序：${row.sort}  每次调用：${row.price_per_call} 积分  超时：${row.timeout_seconds} 秒`);
      print(`图标：${row.img_url.length > 80 ? `${row.img_url.slice(0, 80)}…（${row.img_url.length} 个字符）` : row.img_url}`);
      print(`传输：${row.transport}${row.transport === 'builtin' ? '' : `  ${where(row)}`}`);
      const headers = variables(row.headers, '←');
      if (headers.length) print(['请求头：', ...headers].join('\n'));
      const vars = variables(row.env, '←');
      if (vars.length) print(['环境变量：', ...vars].join('\n'));
      print(`创建于 ${row.created_at}，修改于 ${row.updated_at}`);
      return;
    }
    case 'add': {
      const name = named();
      if (!MCP_NAME.test(name)) throw new OpsInputError(`扩展名称只能是字母、数字、_ . -，最多 64 个字符：${name}`);
      if (isBuiltinName(name) || (await repo.byName(name))) throw new OpsInputError(`扩展 ${name} 已存在，请用 set 修改`);
      const columns = remoteColumns(parsed(rest), undefined, await repo.nextSort());
      await repo.insert({ mcp_name: name, ...columns, enabled: 1, seed_hash: null, created_at: at(), updated_at: at() });
      print(`已新增扩展 ${name}（${columns.show_name}），已启用；可用 pnpm ops mcp test ${name} 检查连接`);
      print(APPLIES);
      return;
    }
    case 'set': {
      const row = await existing();
      const values = parsed(rest);
      const given = Object.keys(values);
      if (given.length === 0) throw new OpsInputError(`没有要修改的设置\n${MCP_USAGE}`);
      if (row.transport === 'builtin') {
        const refused = given.filter((option) => !BUILTIN_FIELDS.has(option));
        if (refused.length) throw new OpsInputError(`内置扩展不能修改 ${refused.map((o) => `--${o}`).join(' ')}（只能改 --show-name --desc --kind --icon --timeout --price --sort）`);
        await repo.update(row.mcp_name, { ...displayColumns(values, row, row.sort), ops_edited: 1, updated_at: at() });
      } else {
        await repo.update(row.mcp_name, { ...remoteColumns(values, row, row.sort), updated_at: at() });
      }
      print(`已修改 ${row.mcp_name}：${given.map((o) => `--${o}`).join(' ')}`);
      print(APPLIES);
      return;
    }
    case 'enable':
    case 'disable': {
      const row = await existing();
      await repo.update(row.mcp_name, { enabled: command === 'enable' ? 1 : 0, updated_at: at() });
      print(command === 'enable' ? `已启用 ${row.mcp_name}（${row.show_name}）` : `已停用 ${row.mcp_name}（${row.show_name}）：对话框不再显示，新消息不能使用`);
      print(APPLIES);
      return;
    }
    case 'remove': {
      const row = await existing();
      if (row.transport === 'builtin') throw new OpsInputError(`${row.mcp_name} 是内置扩展，不能删除；不需要时请用 pnpm ops mcp disable ${row.mcp_name} 停用`);
      await repo.remove(row.mcp_name);
      print(`已删除扩展 ${row.mcp_name}（${row.show_name}）`);
      print(APPLIES);
      return;
    }
    case 'test': {
      const row = await existing();
      print(`正在连接 ${row.mcp_name}（${row.transport}${row.transport === 'builtin' ? '' : ` ${where(row)}`}）…`);
      const started = performance.now();
      let connection: McpConnection;
      try {
        connection =
          row.transport === 'builtin'
            ? await options.builtins.connect(row.mcp_name, { userId: '' })
            : await McpConnection.open(row.mcp_name, transportOf(endpointOf(row), env), { timeoutMs: options.connectTimeoutMs, log: options.log });
      } catch (error) {
        throw new OpsInputError(`无法连接 ${row.mcp_name}（用时 ${Math.round(performance.now() - started)} 毫秒）：${describe(error)}`, 'failed');
      }
      try {
        print(`已连接，用时 ${Math.round(performance.now() - started)} 毫秒，共 ${connection.tools.length} 个工具：`);
        for (const tool of connection.tools) print(`  ${tool.name} — ${(tool.description ?? tool.title ?? '').split('\n')[0]}`);
        if (!row.enabled) print('注意：这个扩展现在是停用的');
      } finally {
        await connection.close();
      }
      return;
    }
    default:
      throw new OpsInputError(`${command ? `未知命令：${command}\n` : ''}${MCP_USAGE}`);
  }
}
