// pnpm ops remotes|cdkeys|catalogue|announcements|guards|pay <command>: changes the remote registry, makes
// redemption codes, edits the model catalogue or the announcements, lists guard events, or looks after orders of the
// server whose DATA_DIR / DATABASE_URL this shell points at (the same variables the server reads).
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { OpsInputError } from '../modules/module.js';
import { OPS_USAGE, OpsModules, runOps } from './commands.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(config);
  const modules = new OpsModules(db, config);
  try {
    await runOps(modules, process.argv.slice(2), (line) => console.log(line));
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
  } finally {
    await modules.close();
    await db.close();
  }
}

process.exitCode = await main();
