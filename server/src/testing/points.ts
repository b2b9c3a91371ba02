import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { App } from '../app.js';
import { parseChinaDateTime } from '../chinaTime.js';
import type { Database } from '../db/schema.js';

/** A settable clock for the points rules. */
export class TestClock {
  constructor(private at: Date) {}
  readonly now = () => new Date(this.at);
  set(iso: string | Date): void {
    this.at = new Date(iso);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

/** A China wall-clock time as an instant: china('2030-01-02 02:59'). */
export function china(wall: string): Date {
  const instant = parseChinaDateTime(`${wall}:00`);
  if (!instant) throw new Error(`not a China wall-clock time: ${wall}`);
  return instant;
}

let counter = 0;
/** A user straight through the users service (no HTTP, no codes): for ledger tests that need many. */
export async function createUser(app: App, fields: { inviterCode?: string; ip?: string } = {}): Promise<string> {
  counter++;
  const user = await app.users.create({ username: `u${counter}-${randomUUID().slice(0, 6)}`, uniqueUsername: false, email: `${randomUUID()}@example.com`, aff: fields.inviterCode, registrationIp: fields.ip });
  return user.id;
}

/**
 * The ledger invariant for one user: per bucket the sum of the entries' deltas equals the balance,
 * the newest entry's balance-after equals it too, and no balance or balance-after is negative.
 */
export async function assertLedgerMatches(db: Kysely<Database>, userId: string): Promise<{ daily: number; permanent: number }> {
  const balances = await db.selectFrom('points_balances').select(['bucket', 'balance']).where('user_id', '=', userId).execute();
  const result = { daily: 0, permanent: 0 };
  for (const { bucket, balance } of balances) {
    const entries = await db.selectFrom('points_ledger').select(['delta', 'balance_after']).where('user_id', '=', userId).where('bucket', '=', bucket).orderBy('id').execute();
    const sum = entries.reduce((total, e) => total + Number(e.delta), 0);
    assert.equal(sum, Number(balance), `${bucket}: sum of ledger deltas equals the balance`);
    if (entries.length) assert.equal(Number(entries.at(-1)!.balance_after), Number(balance), `${bucket}: newest balance_after equals the balance`);
    assert.ok(Number(balance) >= 0, `${bucket}: balance not negative`);
    assert.ok(entries.every((e) => Number(e.balance_after) >= 0), `${bucket}: no negative balance_after`);
    result[bucket] = Number(balance);
  }
  return result;
}
