import { OpsInputError } from '../module.js';
import type { McpServerRow, NewMcpServerRow } from './repository.js';

export const MCP_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const ENV_VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
export const REMOTE_TRANSPORTS = ['http', 'sse', 'stdio'] as const;
export const LIMITS = { showName: 30, showDesc: 200, kind: 10, imgUrl: 20_000, timeoutMin: 0.1, timeoutMax: 600, priceMax: 1_000_000 } as const;

/** A plug drawn for extensions added without an icon. */
export const DEFAULT_ICON = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="12" fill="#64748b"/><g fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"><path d="M19 10v8M29 10v8M15 18h18v6a9 9 0 0 1-18 0zM24 33v6"/></g></svg>',
)}`;

/** The `add` / `set` options as parsed (strings, repeated ones as lists). */
export interface ServerOptions {
  'show-name'?: string;
  desc?: string;
  kind?: string;
  icon?: string;
  transport?: string;
  url?: string;
  command?: string;
  args?: string;
  header?: string[];
  env?: string[];
  timeout?: string;
  price?: string;
  sort?: string;
}

const codePoints = (text: string) => [...text].length;

function text(value: string, label: string, max: number, required: boolean): string {
  const trimmed = value.trim();
  if (required && !trimmed) throw new OpsInputError(`${label}不能为空`);
  if (codePoints(trimmed) > max) throw new OpsInputError(`${label}不能超过 ${max} 个字`);
  return trimmed;
}

/** `Name=ENV_VAR` pairs: a name and the variable holding its value (never the value itself). */
function variables(pairs: string[], option: '--header' | '--env'): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at).trim() : '';
    const variable = at > 0 ? pair.slice(at + 1).trim() : '';
    if (!name || !variable) throw new OpsInputError(`${option} 的格式是 名称=环境变量名，例如 ${option === '--header' ? 'Authorization=WEATHER_MCP_TOKEN' : 'API_KEY=WEATHER_API_KEY'}：${pair}`);
    if (option === '--header' ? !HEADER_NAME.test(name) : !ENV_VARIABLE.test(name)) throw new OpsInputError(`${option} 的名称不正确：${name}`);
    if (!ENV_VARIABLE.test(variable)) {
      throw new OpsInputError(`${option} ${name} 的值必须是服务器上的环境变量名（只能是字母、数字和下划线），密钥本身不写入数据库：${variable}`);
    }
    result[name] = variable;
  }
  return result;
}

function number(value: string, label: string, min: number, max: number, integer: boolean): number {
  const parsed = Number(value);
  if (!value.trim() || !Number.isFinite(parsed) || (integer && !Number.isInteger(parsed)) || parsed < min || parsed > max) {
    throw new OpsInputError(`${label}必须是 ${min} 到 ${max} 之间的${integer ? '整数' : '数'}：${value}`);
  }
  return parsed;
}

function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new OpsInputError(`--url 不是合法的网址：${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OpsInputError(`--url 必须是 http:// 或 https:// 开头：${value}`);
  return url.toString();
}

function icon(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length > LIMITS.imgUrl) throw new OpsInputError(`--icon 太长（最多 ${LIMITS.imgUrl} 个字符）`);
  if (/^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/.test(trimmed)) return trimmed;
  if (/^https?:\/\//.test(trimmed) || trimmed.startsWith('/')) return trimmed;
  throw new OpsInputError(`--icon 必须是图片网址（https://…）或 data:image/… ：${value.slice(0, 60)}`);
}

type Columns = Omit<NewMcpServerRow, 'mcp_name' | 'created_at' | 'updated_at' | 'enabled' | 'seed_hash' | 'ops_edited' | 'id'>;

/** The columns of an outside server from the options over its current row (or nothing, for `add`); every rule checked. */
export function remoteColumns(options: ServerOptions, current: McpServerRow | undefined, nextSort: number): Columns {
  const transport = options.transport ?? current?.transport;
  if (!transport) throw new OpsInputError('缺少参数：--transport http|sse|stdio');
  if (!(REMOTE_TRANSPORTS as readonly string[]).includes(transport)) throw new OpsInputError(`--transport 只能是 http、sse 或 stdio：${transport}`);
  const remote = transport as (typeof REMOTE_TRANSPORTS)[number];
  const url = options.url !== undefined ? httpUrl(options.url) : (current?.url ?? null);
  const command = options.command !== undefined ? options.command.trim() : (current?.command ?? null);
  const args = options.args !== undefined ? options.args.split(',').map((arg) => arg.trim()).filter(Boolean) : current ? (JSON.parse(current.args) as string[]) : [];
  const headers = options.header !== undefined ? variables(options.header, '--header') : current ? (JSON.parse(current.headers) as Record<string, string>) : {};
  const env = options.env !== undefined ? variables(options.env, '--env') : current ? (JSON.parse(current.env) as Record<string, string>) : {};
  if (remote === 'stdio') {
    if (!command) throw new OpsInputError('stdio 扩展需要 --command（服务器上已安装的命令）');
    if (Object.keys(headers).length) throw new OpsInputError('stdio 扩展没有请求头，请用 --env 传入密钥');
  } else {
    if (!url) throw new OpsInputError(`${remote} 扩展需要 --url`);
    if (Object.keys(env).length || args.length) throw new OpsInputError(`${remote} 扩展没有 --env 和 --args（只有 stdio 扩展启动进程）`);
  }
  return {
    ...displayColumns(options, current, nextSort),
    transport: remote,
    url: remote === 'stdio' ? null : url,
    command: remote === 'stdio' ? command : null,
    args: JSON.stringify(remote === 'stdio' ? args : []),
    headers: JSON.stringify(headers),
    env: JSON.stringify(remote === 'stdio' ? env : {}),
  };
}

/** What ops may change of any extension, built-ins included: display fields, timeout, price, order. */
export function displayColumns(options: ServerOptions, current: McpServerRow | undefined, nextSort: number) {
  return {
    show_name: options['show-name'] !== undefined ? text(options['show-name'], '名称', LIMITS.showName, true) : requiredName(current),
    show_desc: options.desc !== undefined ? text(options.desc, '简介', LIMITS.showDesc, false) : (current?.show_desc ?? ''),
    kind: options.kind !== undefined ? text(options.kind, '分类', LIMITS.kind, true) : (current?.kind ?? '工具'),
    img_url: options.icon !== undefined ? icon(options.icon) : (current?.img_url ?? DEFAULT_ICON),
    timeout_seconds: options.timeout !== undefined ? number(options.timeout, '--timeout ', LIMITS.timeoutMin, LIMITS.timeoutMax, false) : (current?.timeout_seconds ?? 30),
    price_per_call: options.price !== undefined ? number(options.price, '--price ', 0, LIMITS.priceMax, true) : (current?.price_per_call ?? 0),
    sort: options.sort !== undefined ? number(options.sort, '--sort ', 0, 1_000_000, true) : (current?.sort ?? nextSort),
  };
}

function requiredName(current: McpServerRow | undefined): string {
  if (!current) throw new OpsInputError('缺少参数：--show-name（对话框中显示的名称）');
  return current.show_name;
}
