import type { PayMethod } from '@qiming/contracts';

/** What a provider needs to make a QR code for one order. */
export interface ProviderOrder {
  outTradeNo: string;
  amountFen: number;
  /** What the payer sees (商品描述 / subject), e.g. 启明AI-会员套餐. */
  description: string;
  /** The provider stops taking payment after this instant. */
  expiresAt: Date;
  /** Absolute URL the provider posts the payment notification to. */
  notifyUrl: string;
}

/** A notification the provider signed, checked and decoded. */
export interface VerifiedNotify {
  outTradeNo: string;
  /** True only for a successful payment (WeChat TRADE SUCCESS, Alipay TRADE_SUCCESS / TRADE_FINISHED). */
  paid: boolean;
  /** What was paid, in fen (compared with the order by the service). */
  amountFen: number;
  /** The provider's own trade id (transaction_id / trade_no). */
  providerTradeNo: string;
  paidAt: Date | null;
}

/** The provider's view of an order (查单). */
export type ProviderTradeState =
  | { state: 'paid'; amountFen: number; providerTradeNo: string; paidAt: Date | null }
  | { state: 'pending' }
  | { state: 'closed' }
  /** The provider has not seen the order yet (Alipay before the QR is scanned). */
  | { state: 'unknown' };

/** What the notify route answers the provider. */
export interface NotifyAck {
  status: number;
  contentType: string;
  body: string;
}

/** The raw notification as it reached the server: the signature covers these exact bytes. */
export interface RawNotify {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A notification that must not be trusted (bad signature, wrong merchant, stale, undecryptable). */
export class NotifyRejected extends Error {}

/** A provider call that failed (network, HTTP status, the provider's error code, a bad response signature). */
export class ProviderError extends Error {}

/**
 * One payment provider. Every adapter checks the provider's signatures itself and answers in fen;
 * the pay service owns the orders and decides what a payment means.
 */
export interface PayProvider {
  readonly method: PayMethod;
  /** Asks the provider for a QR code (code_url / qr_code) for a new order. */
  createQr(order: ProviderOrder): Promise<{ qrCode: string }>;
  /**
   * Verifies the notification's signature over the raw body, decrypts it where needed and checks
   * it is for this merchant (appid / mchid, app_id / seller_id). Throws NotifyRejected otherwise.
   */
  verifyNotify(notify: RawNotify): Promise<VerifiedNotify>;
  /** The answer that tells the provider the notification was taken (ok) or must be retried. */
  notifyAck(ok: boolean): NotifyAck;
  /** 查单: the order's state at the provider. */
  query(outTradeNo: string): Promise<ProviderTradeState>;
  /** Closes an unpaid order at the provider; an order the provider never saw counts as closed. */
  close(outTradeNo: string): Promise<void>;
}
