// Runs the server tests twice: on SQLite (embedded default) and on PostgreSQL. Each test file
// creates and drops its own database, so runs never collide. Redis (REDIS_URL, else
// 127.0.0.1:6379) is required: its cases fail rather than skip when it cannot be reached; they
// use keys under a prefix of their own and delete them afterwards.
// A test file whose imports never reach the database layer (src/db/database.ts) tests the same
// thing on both, so it runs in the first pass only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DATABASE_LAYER = path.resolve('src/db/database.ts');
// Value imports and re-exports of project files; `import type` never loads the file.
const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

const reachesDatabase = new Map();
/** Whether loading `file` loads the database layer (a cycle counts as not reaching it through itself). */
function loadsDatabase(file, visiting = new Set()) {
  if (file === DATABASE_LAYER) return true;
  if (reachesDatabase.has(file)) return reachesDatabase.get(file);
  if (visiting.has(file)) return false;
  visiting.add(file);
  const reaches = [...fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].some((match) => {
    const target = path.resolve(path.dirname(file), (match[1] ?? match[2]).replace(/\.js$/, '.ts'));
    return fs.existsSync(target) && loadsDatabase(target, visiting);
  });
  if (reaches) reachesDatabase.set(file, true);
  return reaches;
}

const files = fs
  .readdirSync('src', { recursive: true })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('src', file))
  .sort();
const passes = [
  { database: 'sqlite', files },
  { database: 'postgres', files: files.filter((file) => loadsDatabase(path.resolve(file))) },
];
for (const { database, files: passFiles } of passes) {
  console.log(`\n=== server tests on ${database} (${passFiles.length} files) ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...passFiles], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE: database, TEST_REDIS: 'required', LOG_LEVEL: 'silent' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
