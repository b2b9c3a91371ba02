// Small helpers shared by the start, test and dev scripts.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs a command in the repo with inherited output and says how long it took (the CI log shows
 * where the suite's time goes); exits the script with its code on failure.
 */
export function run(command, args, options = {}) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  const took = `${Math.round((Date.now() - started) / 1000)} s`;
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(' ')} failed (${result.status ?? result.signal}) after ${took}`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${command} ${args.join(' ')} took ${took}`);
}

/** pnpm 10 from the npm registry (corepack's signature check fails against this registry). */
export function ensurePnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && /^10\./.test(probe.stdout.trim())) return;
  run('npm', ['install', '-g', 'pnpm@10']);
}

export function install() {
  ensurePnpm();
  run('pnpm', ['install', '--frozen-lockfile']);
}

export function startBackground(command, args, options = {}) {
  return spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
}
