import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Points: balances per (user, bucket), the append-only ledger, holds of running generations,
 * sign-ins, invite grants, redemption codes, and the registration IP of a user (invite checks).
 * Amounts are bigint on PostgreSQL (read back as numbers) and INTEGER (64-bit) on SQLite.
 */
export function points(dialect: DialectName): Migration {
  const autoId = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('registration_ip', 'text').execute();

      await db.schema
        .createTable('points_balances')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        // daily bucket: the business day (YYYY-MM-DD) of its last grant; NULL before the first.
        .addColumn('day', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('points_balances_pk', ['user_id', 'bucket'])
        .addCheckConstraint('points_balances_not_negative', sql`balance >= 0`)
        .addCheckConstraint('points_balances_bucket', sql`bucket in ('daily', 'permanent')`)
        .execute();

      await db.schema
        .createTable('points_ledger')
        .addColumn('id', autoId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('delta', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('points_ledger_user_id').on('points_ledger').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('points_holds')
        .addColumn('generation_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('web_search', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('multiplier_percent', 'integer', (c) => c.notNull())
        .addColumn('daily_held', 'bigint', (c) => c.notNull())
        .addColumn('permanent_held', 'bigint', (c) => c.notNull())
        // The business day the daily part was taken on.
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('charged', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('points_holds_status_expires').on('points_holds').columns(['status', 'expires_at']).execute();
      await db.schema.createIndex('points_holds_user_id').on('points_holds').column('user_id').execute();

      await db.schema
        .createTable('signins')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('streak', 'integer', (c) => c.notNull())
        .addColumn('reward', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('signins_pk', ['user_id', 'day'])
        .execute();

      await db.schema
        .createTable('invite_grants')
        .addColumn('invitee_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // granted | same_ip | capped
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invite_grants_inviter_day').on('invite_grants').columns(['inviter_id', 'day']).execute();

      await db.schema
        .createTable('cdkey_batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('plan_tier', 'integer')
        .addColumn('plan_days', 'integer')
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('cdkeys')
        // sha256 (hex) of the canonical code; the code itself is printed once and never stored.
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('batch_id', 'text', (c) => c.notNull().references('cdkey_batches.id').onDelete('cascade'))
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('used_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cdkeys_batch_id').on('cdkeys').column('batch_id').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      for (const table of ['cdkeys', 'cdkey_batches', 'invite_grants', 'signins', 'points_holds', 'points_ledger', 'points_balances']) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable('users').dropColumn('registration_ip').execute();
    },
  };
}
