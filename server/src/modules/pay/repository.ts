import type { Kysely, Selectable } from 'kysely';
import type { Database, PayEventTable, PayOrderStatus, PayOrderTable, PayVoucherTable } from '../../db/schema.js';
import type { Executor } from '../points/index.js';
import { userIdByNameOrId } from '../users/queries.js';

export type OrderRow = Selectable<PayOrderTable>;
export type VoucherRow = Selectable<PayVoucherTable>;
export type PayEventRow = Selectable<PayEventTable>;

/** The states a payment may still arrive in (a late payment to an expired or closed order is credited). */
const PAYABLE: PayOrderStatus[] = ['created', 'expired', 'closed'];

/** SQL of orders, their events and vouchers; the same on SQLite and PostgreSQL. */
export class PayRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insertOrder(row: OrderRow): Promise<void> {
    await this.db.insertInto('pay_orders').values(row).execute();
  }

  order(outTradeNo: string, ex: Executor = this.db): Promise<OrderRow | undefined> {
    return ex.selectFrom('pay_orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
  }

  recentOrders(userId: string, limit: number): Promise<OrderRow[]> {
    return this.db.selectFrom('pay_orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
  }

  /** Ops listing: newest first, optionally one status or one user. */
  listOrders(filter: { status?: PayOrderStatus; userId?: string; limit: number }): Promise<Array<OrderRow & { username: string }>> {
    let query = this.db.selectFrom('pay_orders').innerJoin('users', 'users.id', 'pay_orders.user_id').selectAll('pay_orders').select('users.username');
    if (filter.status) query = query.where('pay_orders.status', '=', filter.status);
    if (filter.userId) query = query.where('pay_orders.user_id', '=', filter.userId);
    return query.orderBy('pay_orders.created_at', 'desc').limit(filter.limit).execute();
  }

  async setQrCode(outTradeNo: string, qrCode: string): Promise<void> {
    await this.db.updateTable('pay_orders').set({ qr_code: qrCode }).where('out_trade_no', '=', outTradeNo).execute();
  }

  /** Claims the right to ask the provider now: true for one caller per `since` window. */
  async claimQuery(outTradeNo: string, at: string, since: string): Promise<boolean> {
    const result = await this.db
      .updateTable('pay_orders')
      .set({ last_query_at: at })
      .where('out_trade_no', '=', outTradeNo)
      .where('status', '=', 'created')
      .where((eb) => eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<=', since)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** created → paid (also from expired / closed: a late payment). False when it was paid already. */
  async markPaid(trx: Executor, outTradeNo: string, paid: { providerTradeNo: string; paidAt: string; late: boolean; at: string }): Promise<boolean> {
    const result = await trx
      .updateTable('pay_orders')
      .set({ status: 'paid', provider_trade_no: paid.providerTradeNo, paid_at: paid.paidAt, ended_at: paid.at, late: paid.late ? 1 : 0 })
      .where('out_trade_no', '=', outTradeNo)
      .where('status', 'in', PAYABLE)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** created → expired | closed; false when the order had left `created` meanwhile. */
  async end(outTradeNo: string, status: 'expired' | 'closed', at: string): Promise<boolean> {
    const result = await this.db.updateTable('pay_orders').set({ status, ended_at: at }).where('out_trade_no', '=', outTradeNo).where('status', '=', 'created').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** paid → refunded. */
  async markRefunded(trx: Executor, outTradeNo: string, at: string): Promise<boolean> {
    const result = await trx.updateTable('pay_orders').set({ status: 'refunded', ended_at: at }).where('out_trade_no', '=', outTradeNo).where('status', '=', 'paid').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Unpaid orders whose time is up, oldest first. */
  dueOrders(now: string, limit: number): Promise<OrderRow[]> {
    return this.db.selectFrom('pay_orders').selectAll().where('status', '=', 'created').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
  }

  /** Orders made by a user since `since` (the per-user rate limit). */
  async countOrdersSince(userId: string, since: string): Promise<number> {
    const row = await this.db.selectFrom('pay_orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertEvent(row: PayEventRow, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('pay_events').values(row).execute();
  }

  events(outTradeNo: string): Promise<PayEventRow[]> {
    return this.db.selectFrom('pay_events').selectAll().where('out_trade_no', '=', outTradeNo).orderBy('created_at').orderBy('id').execute();
  }

  /** The user's vouchers that can still be used at `now`. */
  usableVouchers(userId: string, now: string): Promise<VoucherRow[]> {
    return this.db
      .selectFrom('pay_vouchers')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('amount_fen', 'desc')
      .orderBy('created_at')
      .execute();
  }

  async insertVoucher(row: VoucherRow): Promise<void> {
    await this.db.insertInto('pay_vouchers').values(row).execute();
  }

  /** Takes the voucher for a paid order; false when another paid order took it first. */
  async useVoucher(trx: Executor, voucherId: string, outTradeNo: string, at: string): Promise<boolean> {
    const result = await trx.updateTable('pay_vouchers').set({ used_by_order: outTradeNo, used_at: at }).where('id', '=', voucherId).where('used_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  userIdByName(username: string): Promise<{ id: string } | undefined> {
    return userIdByNameOrId(this.db, username);
  }
}
