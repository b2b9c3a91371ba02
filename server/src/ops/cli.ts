// pnpm ops remotes|cdkeys|catalogue|announcements|guards|pay <command>: changes the remote registry, makes
// redemption codes, edits the model catalogue or the announcements, lists guard events, or looks after orders of the
// server whose DATA_DIR / DATABASE_URL this shell points at (the same variables the server reads).
import { runCli } from './runCli.js';

// A reader that stops early (`… history chat | head`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
