// A second server process for the multi-process debit test: opens the same database, waits for the
// common start time, runs its debits at once and prints what happened as JSON.
import { openDatabase } from '../db/database.js';
import { builtInPrices } from '../modules/catalogue/index.js';
import { createPointsService } from '../modules/points/index.js';

const [dataDir, databaseUrl, userId, countText, amountText, tag, nowIso, startAtText] = process.argv.slice(2);
const db = await openDatabase({ dataDir: dataDir!, databaseUrl: databaseUrl || undefined });
const points = createPointsService(db.db, db.dialect, {
  prices: builtInPrices,
  now: () => new Date(nowIso!),
  dailyByTier: [100, 200, 300, 400],
  holdMinutes: 60,
  limits: { maxOutputTokens: 4000, maxOutputChars: 4000 },
});
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtText) - Date.now())));
const results = await Promise.allSettled(
  Array.from({ length: Number(countText) }, (_, i) => points.debit(userId!, Number(amountText), { kind: 'chat', reference: null, key: `${tag}:${i}` })),
);
const summary = { ok: 0, insufficient: 0, other: [] as string[] };
for (const result of results) {
  if (result.status === 'fulfilled') summary.ok++;
  else if ((result.reason as { code?: unknown }).code === 602) summary.insufficient++;
  else summary.other.push(String((result.reason as Error).message ?? result.reason));
}
await db.close();
process.stdout.write(JSON.stringify(summary));
