import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Buying plans (server/src/modules/pay/README.md): orders with their plan snapshot and state, every
 * provider notification and query result as it arrived (the audit trail), and vouchers.
 */
export function pay(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('pay_orders')
        .addColumn('out_trade_no', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan_type', 'integer', (c) => c.notNull())
        .addColumn('plan_snapshot', 'text', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('voucher_id', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('qr_code', 'text')
        .addColumn('provider_trade_no', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('last_query_at', 'text')
        .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('pay_orders_amount_positive', sql`amount_fen > 0`)
        .addCheckConstraint('pay_orders_status', sql`status in ('created', 'paid', 'expired', 'closed', 'refunded')`)
        .execute();
      await db.schema.createIndex('pay_orders_user_created').on('pay_orders').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('pay_orders_status_expires').on('pay_orders').columns(['status', 'expires_at']).execute();
      await db.schema
        .createTable('pay_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('out_trade_no', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pay_events_order').on('pay_events').columns(['out_trade_no', 'created_at']).execute();
      await db.schema
        .createTable('pay_vouchers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('plan_types', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('used_by_order', 'text')
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pay_vouchers_user').on('pay_vouchers').columns(['user_id', 'used_at']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('pay_vouchers').execute();
      await db.schema.dropTable('pay_events').execute();
      await db.schema.dropTable('pay_orders').execute();
    },
  };
}
