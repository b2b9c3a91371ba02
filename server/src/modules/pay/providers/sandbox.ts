import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SharedState } from '../../../sharedState/index.js';
import { NotifyRejected, ProviderError, type NotifyAck, type PayProvider, type ProviderOrder, type ProviderTradeState, type RawNotify, type VerifiedNotify } from './provider.js';

export const SANDBOX_CONFIRM_PATH = '/app-api/public/pay/sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'qiming-sandbox-signature';

/** The sandbox's own record of an order, as a real provider keeps one (shared by every instance). */
export interface SandboxTrade {
  outTradeNo: string;
  amountFen: number;
  description: string;
  expiresAt: string;
  state: 'open' | 'paid' | 'closed';
  tradeNo: string | null;
  paidAt: string | null;
}

export interface SandboxOptions {
  /** HMAC key of the sandbox's notifications and confirm links. */
  secret: string;
  sharedState: SharedState;
  /** Posts a signed notification to the server's own notify route (the path every provider uses). */
  deliver(notify: RawNotify): Promise<void>;
  now?: () => Date;
  maxSkewSeconds?: number;
}

const TRADE_TTL_SECONDS = 3 * 24 * 3600;
const keyOf = (outTradeNo: string) => `pay:sandbox:${outTradeNo}`;
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The signature header of a sandbox notification (Stripe-like: timestamp and HMAC of `timestamp.body`). */
export function sandboxSignature(secret: string, body: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmac(secret, `${timestampSeconds}.${body}`)}`;
}

export type SandboxProvider = PayProvider & {
  /** The trade behind a confirm link; null for an unknown order or a link with a wrong token. */
  trade(outTradeNo: string, token: string): Promise<SandboxTrade | null>;
  /** Pays on the confirm page: the trade becomes paid and (unless `dropNotify`) a signed notification is posted. */
  pay(outTradeNo: string, token: string, options?: { dropNotify?: boolean }): Promise<SandboxTrade | null>;
  tokenOf(outTradeNo: string): string;
};

/**
 * The default provider: the QR code opens this server's confirm page (it plays the payer's phone
 * and the provider's cashier). Paying there posts a notification signed with the sandbox key to the
 * same notify route a real provider uses, and 查单 / close answer from the sandbox's own records.
 */
export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const now = options.now ?? (() => new Date());
  const maxSkew = options.maxSkewSeconds ?? 300;
  const tokenOf = (outTradeNo: string) => hmac(options.secret, `confirm:${outTradeNo}`).slice(0, 32);

  async function load(outTradeNo: string): Promise<SandboxTrade | null> {
    const text = await options.sharedState.get(keyOf(outTradeNo));
    return text ? (JSON.parse(text) as SandboxTrade) : null;
  }
  const save = (trade: SandboxTrade) => options.sharedState.set(keyOf(trade.outTradeNo), JSON.stringify(trade), TRADE_TTL_SECONDS);

  function signedNotify(trade: SandboxTrade): RawNotify {
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      event_type: 'PAYMENT.SUCCESS',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      amount_fen: trade.amountFen,
      paid_at: trade.paidAt,
    });
    const timestamp = Math.floor(now().getTime() / 1000);
    return { headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(options.secret, body, timestamp) }, body };
  }

  return {
    method: 'sandbox',
    tokenOf,

    async createQr(order: ProviderOrder) {
      await save({ outTradeNo: order.outTradeNo, amountFen: order.amountFen, description: order.description, expiresAt: order.expiresAt.toISOString(), state: 'open', tradeNo: null, paidAt: null });
      const url = new URL(SANDBOX_CONFIRM_PATH, new URL(order.notifyUrl).origin);
      url.searchParams.set('order', order.outTradeNo);
      url.searchParams.set('token', tokenOf(order.outTradeNo));
      return { qrCode: url.toString() };
    },

    async trade(outTradeNo, token) {
      if (!sameHex(token, tokenOf(outTradeNo))) return null;
      return load(outTradeNo);
    },

    async pay(outTradeNo, token, payOptions = {}) {
      if (!sameHex(token, tokenOf(outTradeNo))) return null;
      const trade = await load(outTradeNo);
      if (!trade) return null;
      // Once per order, also when two instances get the click at the same moment.
      if (trade.state === 'open' && (await options.sharedState.setIfAbsent(`${keyOf(outTradeNo)}:paying`, TRADE_TTL_SECONDS))) {
        trade.state = 'paid';
        trade.tradeNo = `SANDBOX${Date.now()}${randomBytes(3).toString('hex')}`;
        trade.paidAt = now().toISOString();
        await save(trade);
        if (!payOptions.dropNotify) await options.deliver(signedNotify(trade));
      }
      return load(outTradeNo);
    },

    async verifyNotify(notify: RawNotify): Promise<VerifiedNotify> {
      const header = notify.headers[SANDBOX_SIGNATURE_HEADER];
      const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
      if (!match) throw new NotifyRejected('缺少沙箱签名');
      const timestamp = Number(match[1]);
      if (Math.abs(now().getTime() / 1000 - timestamp) > maxSkew) throw new NotifyRejected('通知时间戳超出允许范围');
      if (!sameHex(match[2]!, hmac(options.secret, `${timestamp}.${notify.body}`))) throw new NotifyRejected('沙箱签名无效');
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(notify.body) as Record<string, unknown>;
      } catch {
        throw new NotifyRejected('通知不是合法的 JSON');
      }
      const { out_trade_no: outTradeNo, trade_no: tradeNo, amount_fen: amountFen, paid_at: paidAt, event_type: type } = event;
      if (typeof outTradeNo !== 'string' || typeof tradeNo !== 'string' || !Number.isSafeInteger(amountFen) || typeof paidAt !== 'string') throw new NotifyRejected('通知缺少字段');
      return { outTradeNo, paid: type === 'PAYMENT.SUCCESS', amountFen: amountFen as number, providerTradeNo: tradeNo, paidAt: new Date(paidAt) };
    },

    notifyAck(ok: boolean): NotifyAck {
      return ok ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' } : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };
    },

    async query(outTradeNo: string): Promise<ProviderTradeState> {
      const trade = await load(outTradeNo);
      if (!trade) return { state: 'unknown' };
      if (trade.state === 'paid') return { state: 'paid', amountFen: trade.amountFen, providerTradeNo: trade.tradeNo!, paidAt: trade.paidAt ? new Date(trade.paidAt) : null };
      return { state: trade.state === 'closed' ? 'closed' : 'pending' };
    },

    async close(outTradeNo: string): Promise<void> {
      const trade = await load(outTradeNo);
      if (!trade) return;
      if (trade.state === 'paid') throw new ProviderError('ORDERPAID: 订单已支付');
      // A click that is paying right now wins: the close waits for no one, like a real cashier.
      if (!(await options.sharedState.setIfAbsent(`${keyOf(outTradeNo)}:paying`, TRADE_TTL_SECONDS))) throw new ProviderError('ORDERPAID: 订单正在支付');
      trade.state = 'closed';
      await save(trade);
    },
  };
}
