import { parseArgs } from 'node:util';

/**
 * The options of `pnpm ops remotes|cdkeys|guards`: one set, accepted by all three (as it always was).
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
  return parseArgs({ args: argv, allowPositionals: true, options: SHARED_OPS_OPTIONS });
}

export type SharedOpsValues = ReturnType<typeof parseSharedOpsArgs>['values'];
