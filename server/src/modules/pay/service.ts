import { randomInt, randomUUID } from 'node:crypto';
import { type PayInfo, type PayMethod, type PayOrderCreated, type PayOrderRequest, type PayStatus, type PlanType, type TradeView, type VoucherView } from '@qiming/contracts';
import { formatChinaDateTime } from '../../chinaTime.js';
import type { Clock } from '../../clock.js';
import type { PayOrderStatus } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import type { Log } from '../../log.js';
import type { CatalogueEntry } from '../catalogue/index.js';
import type { Executor, PointsService } from '../points/index.js';
import { extendedExpiry, grantTier } from '../users/entitlementGrants.js';
import { setUserPlan, userPlanOf, type PlanColumns } from '../users/queries.js';
import { PAY_CODES } from './codes.js';
import { planView, usesOf, type Plan } from './plans.js';
import { NotifyRejected, type NotifyAck, type PayProvider, type RawNotify } from './providers/provider.js';
import type { OrderRow, PayRepository, VoucherRow } from './repository.js';

export interface PayServiceOptions {
  plans: readonly Plan[];
  /** Minutes an unpaid order (its QR code) stays valid at the provider. */
  orderMinutes: number;
  /** A pending order older than this is checked at the provider (查单) by the status call, at most once per this interval. */
  queryAfterSeconds: number;
  /** Characters a "use" stands for in the plans' use counts (spec §9: about 400). */
  charsPerUse: number;
  /** The models the use counts are given in, from the live catalogue (unknown ids are left out). */
  referenceModels(): CatalogueEntry[];
  /** Orders one user may create per hour (each asks the provider for a QR code). */
  ordersPerUserHour: number;
  /** The product name in the payer's order description (启明AI-会员套餐). */
  productName: string;
  now: Clock;
  log: Log;
}

/** What a payment from a notify or a query amounts to for the order. */
export type PaymentOutcome = 'credited' | 'credited-late' | 'duplicate' | 'unknown-order' | 'wrong-method' | 'wrong-amount';

interface Payment {
  amountFen: number;
  providerTradeNo: string;
  paidAt: Date | null;
}

const STATUS_VIEW: Record<PayOrderStatus, PayStatus> = { created: 'WAIT', paid: 'OK', expired: 'EXPIRED', closed: 'CLOSED', refunded: 'REFUNDED' };
const RECENT_ORDERS = 20;

export const PAY_MESSAGES = {
  planUnknown: '没有这个套餐',
  methodUnavailable: '暂不支持这种支付方式',
  voucherUnusable: '这张优惠券不能用于该套餐，或已使用、已过期',
  providerUnavailable: '支付服务暂时不可用，请稍后重试',
  orderUnknown: '订单不存在',
  tooManyOrders: '下单太频繁了，请稍后再试',
} as const;

/** outTradeNo: QM + China-time yyyyMMddHHmmss + 10 random digits (24 characters, allowed by WeChat Pay and Alipay). */
export function newOutTradeNo(now: Date): string {
  const china = formatChinaDateTime(now).replace(/\D/g, '');
  return `QM${china}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/** The voucher's discount on the plan; 0 when it does not apply. */
function discountOf(voucher: VoucherRow, plan: Plan): number {
  const types = voucher.plan_types ? voucher.plan_types.split(',').map(Number) : [];
  return types.length === 0 || types.includes(plan.type) ? voucher.amount_fen : 0;
}

/**
 * Buying plans: orders are created before the provider is asked; a payment (notify or 查单) is
 * credited once — the order's guarded change to paid, the points and the plan in one transaction —
 * whatever order, how often and through which path the provider's messages come.
 */
export class PayService {
  constructor(
    private readonly repo: PayRepository,
    private readonly points: PointsService,
    private readonly providers: ReadonlyMap<PayMethod, PayProvider>,
    private readonly options: PayServiceOptions,
  ) {}

  get methods(): PayMethod[] {
    return [...this.providers.keys()];
  }

  info(): PayInfo {
    const references = this.options.referenceModels();
    return {
      plans: this.options.plans.map((plan) => planView(plan, usesOf(plan, references, this.options.charsPerUse))),
      methods: this.methods,
      charsPerUse: this.options.charsPerUse,
      orderMinutes: this.options.orderMinutes,
    };
  }

  async vouchers(userId: string): Promise<VoucherView[]> {
    const rows = await this.repo.usableVouchers(userId, this.options.now().toISOString());
    return rows.map((v) => ({ id: v.id, amountFen: v.amount_fen, planTypes: v.plan_types ? (v.plan_types.split(',').map(Number) as PlanType[]) : [], expiresAt: v.expires_at, note: v.note }));
  }

  private plan(type: number): Plan {
    const plan = this.options.plans.find((p) => p.type === type);
    if (!plan) throw new AppError(PAY_CODES.planUnknown, PAY_MESSAGES.planUnknown);
    return plan;
  }

  private provider(method: PayMethod): PayProvider {
    const provider = this.providers.get(method);
    if (!provider) throw new AppError(PAY_CODES.methodUnavailable, PAY_MESSAGES.methodUnavailable);
    return provider;
  }

  /** The voucher an order uses: the one asked for (must apply), the best applicable one (undefined), or none (null). */
  private async voucherFor(userId: string, plan: Plan, voucherId: string | null | undefined): Promise<{ voucher: VoucherRow; discountFen: number } | null> {
    if (voucherId === null) return null;
    const usable = (await this.repo.usableVouchers(userId, this.options.now().toISOString())).map((voucher) => ({ voucher, discountFen: discountOf(voucher, plan) })).filter((v) => v.discountFen > 0);
    if (voucherId === undefined) return usable.sort((a, b) => b.discountFen - a.discountFen)[0] ?? null;
    const chosen = usable.find((v) => v.voucher.id === voucherId);
    if (!chosen) throw new AppError(PAY_CODES.voucherUnusable, PAY_MESSAGES.voucherUnusable);
    return chosen;
  }

  /** getPayInfoGuding: a new order and its QR code. `origin` is where the provider posts its notification. */
  async createOrder(userId: string, request: PayOrderRequest, origin: string): Promise<PayOrderCreated> {
    const plan = this.plan(request.type);
    const method = request.method ?? this.methods[0]!;
    const provider = this.provider(method);
    const now = this.options.now();
    if ((await this.repo.countOrdersSince(userId, new Date(now.getTime() - 3_600_000).toISOString())) >= this.options.ordersPerUserHour) {
      throw new AppError(PAY_CODES.tooManyOrders, PAY_MESSAGES.tooManyOrders);
    }
    const voucher = await this.voucherFor(userId, plan, request.voucherId);
    // A voucher never makes an order free: providers refuse 0, and a free plan is a redemption code's job.
    const amountFen = Math.max(1, plan.priceFen - (voucher?.discountFen ?? 0));
    const order: OrderRow = {
      out_trade_no: newOutTradeNo(now),
      user_id: userId,
      plan_type: plan.type,
      plan_snapshot: JSON.stringify(plan),
      price_fen: plan.priceFen,
      discount_fen: plan.priceFen - amountFen,
      amount_fen: amountFen,
      voucher_id: voucher?.voucher.id ?? null,
      method,
      status: 'created',
      qr_code: null,
      provider_trade_no: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.options.orderMinutes * 60_000).toISOString(),
      paid_at: null,
      ended_at: null,
      last_query_at: null,
      late: 0,
    };
    await this.repo.insertOrder(order);
    let qrCode: string;
    try {
      ({ qrCode } = await provider.createQr({
        outTradeNo: order.out_trade_no,
        amountFen,
        description: `${this.options.productName}-${plan.name}`,
        expiresAt: new Date(order.expires_at),
        notifyUrl: `${origin}/app-api/pay/notify/${method}`,
      }));
    } catch (error) {
      await this.repo.end(order.out_trade_no, 'closed', this.options.now().toISOString());
      await this.event(order.out_trade_no, method, 'create', 'failed', (error as Error).message);
      this.options.log.warn({ err: error, outTradeNo: order.out_trade_no, method }, 'pay provider refused to create the QR code');
      throw new AppError(PAY_CODES.providerUnavailable, PAY_MESSAGES.providerUnavailable);
    }
    await this.repo.setQrCode(order.out_trade_no, qrCode);
    return { qrCode, outTradeNo: order.out_trade_no, amountFen, discountFen: order.discount_fen, method, expiresAt: order.expires_at };
  }

  private async ownOrder(userId: string, outTradeNo: string): Promise<OrderRow> {
    const order = await this.repo.order(outTradeNo);
    if (!order || order.user_id !== userId) throw new AppError(PAY_CODES.orderUnknown, PAY_MESSAGES.orderUnknown);
    return order;
  }

  private statusOf(order: OrderRow): PayStatus {
    if (order.status === 'created' && Date.parse(order.expires_at) <= this.options.now().getTime()) return 'EXPIRED';
    return STATUS_VIEW[order.status];
  }

  /**
   * getPaySta: the order's state. An order pending for longer than queryAfterSeconds is checked at
   * the provider (at most once per interval over every instance), so a lost notify never loses a payment.
   */
  async status(userId: string, outTradeNo: string): Promise<PayStatus> {
    let order = await this.ownOrder(userId, outTradeNo);
    const now = this.options.now();
    const wait = this.options.queryAfterSeconds * 1000;
    if (order.status === 'created' && now.getTime() - Date.parse(order.created_at) >= wait) {
      const since = new Date(now.getTime() - wait).toISOString();
      if (await this.repo.claimQuery(outTradeNo, now.toISOString(), since)) {
        await this.reconcile(order);
        order = (await this.repo.order(outTradeNo))!;
      }
    }
    return this.statusOf(order);
  }

  private tradeView(order: OrderRow): TradeView {
    const plan = JSON.parse(order.plan_snapshot) as Plan;
    return {
      outTradeNo: order.out_trade_no,
      type: plan.type,
      planName: plan.name,
      points: plan.points,
      amountFen: order.amount_fen,
      discountFen: order.discount_fen,
      method: order.method,
      status: this.statusOf(order),
      createdAt: order.created_at,
      expiresAt: order.expires_at,
      paidAt: order.paid_at,
    };
  }

  async trade(userId: string, outTradeNo: string): Promise<TradeView> {
    return this.tradeView(await this.ownOrder(userId, outTradeNo));
  }

  async trades(userId: string): Promise<TradeView[]> {
    return (await this.repo.recentOrders(userId, RECENT_ORDERS)).map((order) => this.tradeView(order));
  }

  /** The QR content of the caller's order (getPaymentQrCodePic draws it). */
  async qrCodeOf(userId: string, outTradeNo: string): Promise<string> {
    const order = await this.ownOrder(userId, outTradeNo);
    if (!order.qr_code) throw new AppError(PAY_CODES.orderUnknown, PAY_MESSAGES.orderUnknown);
    return order.qr_code;
  }

  /**
   * A provider's notification: verified on its raw body by the provider's adapter, then credited
   * once. Acknowledged when taken (credited now or before, or not a payment); refused otherwise,
   * so a real provider retries what we could not take.
   */
  async handleNotify(method: PayMethod, raw: RawNotify): Promise<NotifyAck> {
    const provider = this.provider(method);
    let notify;
    try {
      notify = await provider.verifyNotify(raw);
    } catch (error) {
      if (!(error instanceof NotifyRejected)) throw error;
      await this.event(null, method, 'notify', 'refused', error.message);
      this.options.log.warn({ method, reason: error.message }, 'pay notify refused');
      return provider.notifyAck(false);
    }
    if (!notify.paid) {
      await this.event(notify.outTradeNo, method, 'notify', 'not-paid', '');
      return provider.notifyAck(true);
    }
    const outcome = await this.applyPayment(notify.outTradeNo, method, notify, 'notify');
    return provider.notifyAck(outcome === 'credited' || outcome === 'credited-late' || outcome === 'duplicate');
  }

  /** Checks the payment against the order (method, amount) and credits it once. */
  async applyPayment(outTradeNo: string, method: PayMethod, payment: Payment, source: 'notify' | 'query'): Promise<PaymentOutcome> {
    const order = await this.repo.order(outTradeNo);
    const refuse = async (outcome: PaymentOutcome, detail: string) => {
      await this.event(order ? outTradeNo : null, method, source, outcome, detail);
      this.options.log.warn({ outTradeNo, method, source, outcome, detail }, 'pay payment refused');
      return outcome;
    };
    if (!order) return refuse('unknown-order', outTradeNo);
    if (order.method !== method) return refuse('wrong-method', `order by ${order.method}`);
    if (payment.amountFen !== order.amount_fen) return refuse('wrong-amount', `paid ${payment.amountFen} fen, order ${order.amount_fen} fen`);
    return this.credit(order, payment, source);
  }

  /** The one transaction: order → paid (guarded), points, plan, voucher, event. */
  private credit(order: OrderRow, payment: Payment, source: 'notify' | 'query'): Promise<PaymentOutcome> {
    return this.points.write(async (tx) => {
      await tx.lock(order.user_id);
      const current = await this.repo.order(order.out_trade_no, tx.trx);
      const paidAt = payment.paidAt ?? tx.now;
      const late = current?.status !== 'created' || paidAt.getTime() > Date.parse(order.expires_at);
      if (!(await this.repo.markPaid(tx.trx, order.out_trade_no, { providerTradeNo: payment.providerTradeNo, paidAt: paidAt.toISOString(), late, at: tx.at }))) {
        await this.event(order.out_trade_no, order.method, source, 'duplicate', '', tx.trx);
        return 'duplicate';
      }
      const plan = JSON.parse(order.plan_snapshot) as Plan;
      if (plan.points > 0) await tx.credit(order.user_id, 'permanent', plan.points, { kind: 'purchase', reference: `${plan.name} ${order.out_trade_no}`, key: `pay:${order.out_trade_no}` });
      await this.grantPlan(tx.trx, order.user_id, plan, tx.now, tx.at);
      if (order.voucher_id && !(await this.repo.useVoucher(tx.trx, order.voucher_id, order.out_trade_no, tx.at))) {
        this.options.log.warn({ outTradeNo: order.out_trade_no, voucher: order.voucher_id }, 'voucher was used by another paid order: credited all the same');
      }
      const outcome = late ? 'credited-late' : 'credited';
      await this.event(order.out_trade_no, order.method, source, outcome, `${order.amount_fen} fen, ${payment.providerTradeNo}`, tx.trx);
      if (late) this.options.log.warn({ outTradeNo: order.out_trade_no, was: current?.status }, 'late payment credited');
      return outcome;
    });
  }

  /** The plan's package, subscription and VIP days; a higher tier in force stays (the points are credited anyway). */
  private async grantPlan(trx: Executor, userId: string, plan: Plan, now: Date, at: string): Promise<void> {
    const user = await userPlanOf(trx, userId);
    if (!user) throw new Error(`no user ${userId}`);
    const change: Partial<PlanColumns> = {};
    if (plan.packageLevel > 0) {
      const next = grantTier({ tier: user.user_level, expiresAt: user.user_sign_expire_time }, { tier: plan.packageLevel, days: plan.packageDays }, now);
      if (next !== 'higher-in-force') Object.assign(change, { user_level: next.tier, user_sign_expire_time: next.expiresAt });
    }
    if (plan.subscriptionTier > 0) {
      const next = grantTier({ tier: user.user_package2, expiresAt: user.user_package_expire_time2 }, { tier: plan.subscriptionTier, days: plan.subscriptionDays }, now);
      if (next !== 'higher-in-force') Object.assign(change, { user_package2: next.tier, user_package_expire_time2: next.expiresAt });
    }
    if (plan.vipDays > 0) change.more_package_time = extendedExpiry(user.more_package_time, plan.vipDays, now);
    if (Object.keys(change).length) await setUserPlan(trx, userId, change, at);
  }

  /** 查单: asks the provider and applies what it says (paid → credit, closed → closed). Failures are logged only. */
  async reconcile(order: OrderRow): Promise<void> {
    const provider = this.providers.get(order.method);
    if (!provider) return;
    try {
      const state = await provider.query(order.out_trade_no);
      if (state.state === 'paid') await this.applyPayment(order.out_trade_no, order.method, state, 'query');
      else if (state.state === 'closed') {
        if (await this.repo.end(order.out_trade_no, 'closed', this.options.now().toISOString())) await this.event(order.out_trade_no, order.method, 'query', 'closed', '');
      }
    } catch (error) {
      await this.event(order.out_trade_no, order.method, 'query', 'failed', (error as Error).message);
      this.options.log.warn({ err: error, outTradeNo: order.out_trade_no }, 'pay order query failed');
    }
  }

  /**
   * Closes unpaid orders whose time is up, at the provider first. A close the provider refuses
   * (the order was paid meanwhile) becomes a query, which credits the payment.
   */
  async expireDue(limit = 100): Promise<number> {
    const due = await this.repo.dueOrders(this.options.now().toISOString(), limit);
    let ended = 0;
    for (const order of due) {
      const provider = this.providers.get(order.method);
      try {
        if (provider) await provider.close(order.out_trade_no);
      } catch (error) {
        await this.event(order.out_trade_no, order.method, 'close', 'failed', (error as Error).message);
        await this.reconcile(order);
        continue;
      }
      if (await this.repo.end(order.out_trade_no, 'expired', this.options.now().toISOString())) {
        ended += 1;
        await this.event(order.out_trade_no, order.method, 'close', 'expired', '');
      }
    }
    return ended;
  }

  /**
   * Records a refund made at the provider (merchant console): paid → refunded, and the order's
   * points are taken back as far as the permanent balance covers them (never below 0). The plan's
   * package, subscription and VIP days stay; ops adjusts them by hand when needed.
   */
  async recordRefund(outTradeNo: string): Promise<{ takenBack: number; shortfall: number } | null> {
    const order = await this.repo.order(outTradeNo);
    if (!order) throw new AppError(PAY_CODES.orderUnknown, PAY_MESSAGES.orderUnknown);
    return this.points.write(async (tx) => {
      const balance = await tx.lock(order.user_id);
      if (!(await this.repo.markRefunded(tx.trx, outTradeNo, tx.at))) return null;
      const plan = JSON.parse(order.plan_snapshot) as Plan;
      const takenBack = Math.min(plan.points, balance.restIntegral);
      if (takenBack > 0) await tx.apply(order.user_id, 'permanent', -takenBack, { kind: 'refund', reference: `${plan.name} ${outTradeNo}`, key: `pay:${outTradeNo}:refund` });
      await this.event(outTradeNo, order.method, 'refund', 'refunded', `took back ${takenBack} of ${plan.points} points`, tx.trx);
      return { takenBack, shortfall: plan.points - takenBack };
    });
  }

  /** Ops: a voucher of `amountFen` for the user. */
  async grantVoucher(userId: string, voucher: { amountFen: number; planTypes: PlanType[]; expiresAt: string | null; note: string }): Promise<string> {
    const id = `V${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`;
    await this.repo.insertVoucher({ id, user_id: userId, amount_fen: voucher.amountFen, plan_types: voucher.planTypes.join(','), expires_at: voucher.expiresAt, note: voucher.note, used_by_order: null, used_at: null, created_at: this.options.now().toISOString() });
    return id;
  }

  private event(outTradeNo: string | null, method: string, kind: string, outcome: string, detail: string, ex?: Executor): Promise<void> {
    return this.repo.insertEvent({ id: randomUUID(), out_trade_no: outTradeNo, method, kind, outcome, detail: detail.slice(0, 500), created_at: this.options.now().toISOString() }, ex);
  }
}
