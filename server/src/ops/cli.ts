// pnpm ops remotes|cdkeys|catalogue|announcements|guards|pay <command>: changes the remote registry, makes
// redemption codes, edits the model catalogue or the announcements, lists guard events, or looks after orders of the
// server whose DATA_DIR / DATABASE_URL this shell points at (the same variables the server reads).
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { OpsInputError } from '../modules/module.js';
import { isPush, runPush } from '../modules/platform/index.js';
import { OPS_USAGE, OpsModules, runOps } from './commands.js';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // A team's CI pushes a build to a server from its own machine: no database of its own is opened.
  if (isPush(argv)) return reportInputErrors(() => runPush(argv, (line) => console.log(line)));
  const config = loadConfig();
  const db = await openDatabase(config);
  const modules = new OpsModules(db, config);
  try {
    return await reportInputErrors(() => runOps(modules, argv, (line) => console.log(line)));
  } finally {
    await modules.close();
    await db.close();
  }
}

/** Runs a command: 0, or an operator's mistake printed in Chinese with 1 (refused) or 2 (usage). */
async function reportInputErrors(run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    if (error instanceof OpsInputError) {
      if (error.kind === 'failed') {
        console.error(`失败：${error.message}`);
        return 1;
      }
      if (error.message) console.error(error.message);
      if (error.kind === 'usage') console.error(OPS_USAGE);
      return 2;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(error.message);
      console.error(OPS_USAGE);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main();
