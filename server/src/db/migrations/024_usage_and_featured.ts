import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Usage records (module usage) and featured conversations (module featured).
 *
 * - `points_ledger (user_id, created_at, kind, delta)`: a user's per-day totals over a date range
 *   read only this index (it covers the query), however long the ledger.
 * - `points_holds (user_id, created_at)`: a user's usage records (one hold per generation), newest
 *   first, a page at a time.
 * - `points_holds.usage` / `end_reason`: what a settle charged for (tokens, requests, characters)
 *   and why a hold was refunded — the record shows both; NULL for holds made before.
 * - `featured_conversations`: the shared conversations ops chose for /valueChatPage; a row goes with
 *   its share (a deleted conversation deletes its share row, and so this one).
 */
export function usageAndFeatured(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema.createIndex('points_ledger_user_created').on('points_ledger').columns(['user_id', 'created_at', 'kind', 'delta']).execute();
      await db.schema.createIndex('points_holds_user_created').on('points_holds').columns(['user_id', 'created_at']).execute();
      await db.schema.alterTable('points_holds').addColumn('usage', 'text').execute();
      await db.schema.alterTable('points_holds').addColumn('end_reason', 'text').execute();
      await db.schema
        .createTable('featured_conversations')
        .addColumn('conv_group_id', 'text', (c) => c.primaryKey().references('conversation_shares.conv_group_id').onDelete('cascade'))
        // The card's title; NULL: the shared conversation's own.
        .addColumn('title', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('featured_conversations').execute();
      await db.schema.alterTable('points_holds').dropColumn('end_reason').execute();
      await db.schema.alterTable('points_holds').dropColumn('usage').execute();
      await db.schema.dropIndex('points_holds_user_created').execute();
      await db.schema.dropIndex('points_ledger_user_created').execute();
    },
  };
}
