// Runs the server tests twice: on SQLite (embedded default) and on PostgreSQL. Each test file
// creates and drops its own database, so runs never collide. Redis (REDIS_URL, else
// 127.0.0.1:6379) is required: its cases fail rather than skip when it cannot be reached; they
// use keys under a prefix of their own and delete them afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const files = fs
  .readdirSync('src', { recursive: true })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('src', file))
  .sort();
for (const database of ['sqlite', 'postgres']) {
  console.log(`\n=== server tests on ${database} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE: database, TEST_REDIS: 'required', LOG_LEVEL: 'silent' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
