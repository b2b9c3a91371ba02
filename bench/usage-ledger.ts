/**
 * Usage records at scale (/trace): one user with a million points-ledger rows (250,000 chat and
 * media generations over a year: hold, release, charge, and a search fee on every fifth), then the
 * page query, its count and the per-day totals, timed (median of 5, warm). The server's own
 * migrations make the tables and indexes (024_usage_and_featured); the queries are the usage
 * module's. SQLite in a temp dir; TEST_DATABASE=postgres runs it on PostgreSQL.
 * Run from bench/: node --import tsx usage-ledger.ts [rows]
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, chinaDayStart } from '../server/src/chinaTime.ts';
import { createUser } from '../server/src/testing/points.ts';
import { createTestApp } from '../server/src/testing/testApp.ts';

// The server's own kysely (bench/ does not depend on it).
const { sql } = createRequire(path.join(import.meta.dirname, '..', 'server', 'package.json'))('kysely') as typeof import('../server/node_modules/kysely/dist/esm/index.js');

const ROWS = Number(process.argv[2] ?? 1_000_000);
const GENERATIONS = Math.floor(ROWS / 4);
const FIRST_DAY = '2030-01-01';
const DAYS = 365;
const BATCH = 1000;

const t = await createTestApp({ LOG_LEVEL: 'silent' });
const db = t.app.db.db;
const dialect = t.app.db.dialect;
const user = await createUser(t.app);
const other = await createUser(t.app);

const start = chinaDayStart(FIRST_DAY).getTime();
const span = DAYS * 86_400_000;
const kindOf = (n: number) => (n % 10 === 0 ? 'image' : 'chat');
const idOf = (n: number) => (kindOf(n) === 'image' ? `image:task${n}:1` : `bench-${n}`);

console.log(`${dialect}: inserting ${ROWS.toLocaleString()} ledger rows and ${GENERATIONS.toLocaleString()} holds for one user…`);
const insertStarted = performance.now();
let ledgerRows = 0;
for (let first = 0; first < GENERATIONS; first += BATCH / 4) {
  const ledger: Array<Record<string, unknown>> = [];
  const holds: Array<Record<string, unknown>> = [];
  for (let n = first; n < Math.min(first + BATCH / 4, GENERATIONS); n++) {
    const owner = n % 50 === 0 ? other : user;
    const at = new Date(start + Math.floor((n / GENERATIONS) * span));
    const iso = at.toISOString();
    const id = idOf(n);
    const media = kindOf(n) === 'image';
    const held = media ? 5000 : 600;
    const charged = media ? 5000 : 200 + (n % 400);
    const row = (kind: string, delta: number, key: string) => ({ user_id: owner, bucket: 'permanent', delta, balance_after: 1_000_000, kind, reference: 'gpt-4o', idempotency_key: key, created_at: iso });
    ledger.push(row('hold', -held, `hold:${id}:permanent`), row('release', held, `release:${id}:permanent`), row(media ? 'media' : 'chat', -charged, `charge:${id}:permanent`));
    if (!media && n % 5 === 0) ledger.push(row('search', -400, `charge:${id}:search:permanent`));
    else ledger.push(row('adjust', 0, `bench-other:${n}`));
    holds.push({
      generation_id: id, user_id: owner, model: media ? 'mj-chat' : 'gpt-4o', purpose: media ? 'media' : 'chat', web_search: n % 5 === 0 ? 1 : 0, multiplier_percent: 100,
      daily_held: 0, permanent_held: held, day: FIRST_DAY, status: 'settled', charged: charged + (!media && n % 5 === 0 ? 400 : 0), created_at: iso,
      expires_at: iso, finished_at: iso, usage: JSON.stringify({ requests: 1 }), end_reason: null,
    });
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('points_ledger').values(ledger as never).execute();
    await trx.insertInto('points_holds').values(holds as never).execute();
  });
  ledgerRows += ledger.length;
}
await sql`analyze`.execute(db);
console.log(`inserted ${ledgerRows.toLocaleString()} ledger rows in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s`);

async function timed(name: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const began = performance.now();
    await run();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(58)} median ${times[2]!.toFixed(1).padStart(7)} ms  (min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)})`);
}

const usage = t.app.usage;
const lastDay = addDays(FIRST_DAY, DAYS - 1);
const month = { from: addDays(lastDay, -29), to: lastDay };
const year = { from: FIRST_DAY, to: lastDay };
await timed('records, page 1 of 20, last 30 days (with count)', () => usage.records(user, month, 1, 20));
await timed('records, page 1 of 20, whole year (with count)', () => usage.records(user, year, 1, 20));
await timed('records, page 100 of 20, whole year', () => usage.records(user, year, 100, 20));
await timed('records, page 1, whole year, kind image', () => usage.records(user, { ...year, kind: 'image' }, 1, 20));
await timed('records, page 1, whole year, kind search', () => usage.records(user, { ...year, kind: 'search' }, 1, 20));
await timed('per-day totals, last 30 days', () => usage.daily(user, month));
await timed('per-day totals, whole year (366-day limit)', () => usage.daily(user, year));
await timed('per-day totals, whole year, kind image', () => usage.daily(user, { ...year, kind: 'image' }));

if (dialect === 'sqlite') {
  const plan = await sql<{ detail: string }>`explain query plan select substr(datetime(created_at, '+8 hours'), 1, 10), kind, sum(-delta) from points_ledger where user_id = ${user} and created_at >= ${year.from} and created_at < ${year.to} and kind in ('chat','media','search','extension') group by 1, 2`.execute(db);
  console.log('totals plan:', plan.rows.map((r) => r.detail).join(' | '));
  const recordsPlan = await sql<{ detail: string }>`explain query plan select * from points_holds where user_id = ${user} and created_at >= ${year.from} and created_at < ${year.to} order by created_at desc, generation_id desc limit 20`.execute(db);
  console.log('records plan:', recordsPlan.rows.map((r) => r.detail).join(' | '));
}
await t.close();
