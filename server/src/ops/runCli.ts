import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { OpsInputError } from '../modules/module.js';
import { isRemotesOverHttp, runRemotesOverHttp } from '../modules/platform/index.js';
import { OpsModules, runOps, usageFor } from './commands.js';

/** Where a run of `pnpm ops` reads its settings and writes its lines. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs `pnpm ops <argv>` against the server that `io.env` points at (DATA_DIR / DATABASE_URL) and
 * returns the exit code: 0, or an operator's mistake printed in Chinese with 1 (refused) or 2 (usage).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // A team's CI deploys to a server from its own machine: no database of its own is opened.
  if (isRemotesOverHttp(argv)) return reportInputErrors(io, argv, () => runRemotesOverHttp(argv, io.out, io.env));
  const config = loadConfig(io.env);
  const db = await openDatabase(config);
  const modules = new OpsModules(db, config);
  try {
    return await reportInputErrors(io, argv, () => runOps(modules, argv, io.out));
  } finally {
    await modules.close();
    await db.close();
  }
}

async function reportInputErrors(io: CliIo, argv: readonly string[], run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    if (error instanceof OpsInputError) {
      if (error.kind === 'failed') {
        io.err(`失败：${error.message}`);
        return 1;
      }
      if (error.message) io.err(error.message);
      if (error.kind === 'usage') io.err(usageFor(argv));
      return 2;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(error.message);
      io.err(usageFor(argv));
      return 2;
    }
    throw error;
  }
}
