import { parseArgs, type ParseArgsConfig } from 'node:util';
import { OpsInputError } from '../modules/module.js';

/**
 * The options of `pnpm ops cdkeys|guards`: one set, accepted by both (remotes has its own: platform/opsCommands.ts).
 * catalogue, announcements and pay parse their own (JSON values and free texts may start with "-").
 */
export const SHARED_OPS_OPTIONS = {
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

export function parseSharedOpsArgs(argv: string[]) {
  return parseOpsArgs(argv, SHARED_OPS_OPTIONS);
}

/** A group's own options, with the same one-line Chinese refusals. */
export function parseOpsArgs<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (error) {
    throw optionError(error);
  }
}

/**
 * node's parseArgs refusals (English, and followed by the whole usage) as one line in the CLI's
 * language: `--points -5` is a value that starts with "-", not a missing one.
 */
function optionError(error: unknown): unknown {
  const code = error instanceof TypeError && 'code' in error ? String(error.code) : '';
  if (!code.startsWith('ERR_PARSE_ARGS')) return error;
  const option = /'(-{1,2}[\w-]+)/.exec((error as Error).message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new OpsInputError(`未知选项：${option}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return new OpsInputError(/ambiguous/.test((error as Error).message) ? `${option} 的值不能以 - 开头（负数不可用）` : `${option} 缺少值`);
  }
  return new OpsInputError(`参数有误：${(error as Error).message.split('\n')[0]}`);
}

export type SharedOpsValues = ReturnType<typeof parseSharedOpsArgs>['values'];
