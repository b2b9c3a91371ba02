/**
 * Buying plans by QR payment (spec platform §2 pay dialog, §3 pay fields, §4 pay flow, §7 pay
 * calls, §9 plans). Paths under /app-api; every response is the envelope { code, data, msg }.
 * The spec does not show the method and path of getPayInfoGuding and getPaySta: both are POST
 * under pay/ (server/README.md, "Pay").
 */

/** Refusal codes of the pay calls (messages in Chinese come with them). */
const payCodes = {
  planUnknown: 2001,
  methodUnavailable: 2002,
  voucherUnusable: 2003,
  providerUnavailable: 2004,
  orderUnknown: 2005,
  tooManyOrders: 2006,
};
export const PAY_CODES = payCodes as Readonly<typeof payCodes>;

/** The three plans of spec §9: 1 member, 2 professional, 3 luxury. */
export type PlanType = 1 | 2 | 3;

/** A payment method the server can take now (one provider each; sandbox when none is configured). */
export type PayMethod = 'sandbox' | 'wechat' | 'alipay';

/** How many uses of a reference model the plan's points pay for (computed from the live catalogue). */
export interface PlanUses {
  model: string;
  label: string;
  count: number;
}

export interface PlanView {
  type: PlanType;
  name: string;
  /** One line under the name (e.g. 适合日常使用). */
  tagline: string;
  /** The listed price in fen (680 = ¥6.80). */
  priceFen: number;
  /** Permanent points the plan credits. */
  points: number;
  /** Points package level (userLevel) and its days, 0 when the plan gives none. */
  packageLevel: number;
  packageDays: number;
  /** Subscription tier (userPackage2) and its days, 0 when the plan gives none. */
  subscriptionTier: number;
  subscriptionDays: number;
  /** VIP days (morePackageTime), 0 when none. */
  vipDays: number;
  uses: PlanUses[];
  /** The plan the page highlights. */
  recommended: boolean;
}

// GET pay/getPayInfo → PayInfo (no login needed: the /pay page shows plans to visitors too)
export interface PayInfo {
  plans: PlanView[];
  methods: PayMethod[];
  /** Characters a "use" stands for in the use counts (spec §9: about 400). */
  charsPerUse: number;
  /** Minutes an unpaid QR code stays valid. */
  orderMinutes: number;
}

// POST pay/getPayInfoGuding { type, method?, voucherId? } → PayOrderCreated
export interface PayOrderRequest {
  type: PlanType;
  /** Defaults to the first of PayInfo.methods. */
  method?: PayMethod;
  /** A voucher of the user's (queryRemainingVouchers); omitted: the best one applies automatically; null: none. */
  voucherId?: string | null;
}

export interface PayOrderCreated {
  /** What the QR code encodes (the provider's code_url / qr_code, or the sandbox confirm page). */
  qrCode: string;
  outTradeNo: string;
  /** What the user pays, in fen, after the voucher. */
  amountFen: number;
  /** The voucher's discount in fen (0 when none). */
  discountFen: number;
  method: PayMethod;
  expiresAt: string;
}

/** An order's state: WAIT (created, unpaid), OK (paid), EXPIRED, CLOSED, REFUNDED. */
export type PayStatus = 'WAIT' | 'OK' | 'EXPIRED' | 'CLOSED' | 'REFUNDED';

// POST pay/getPaySta { outTradeNo } → PayStatusView; GET pay/queryQRStatus?outTradeNo= → the same
export interface PayStatusView {
  status: PayStatus;
}

// GET pay/getTrade?outTradeNo= → TradeView (one order of the caller's); without outTradeNo → TradeView[] (the newest 20)
export interface TradeView {
  outTradeNo: string;
  type: PlanType;
  planName: string;
  points: number;
  amountFen: number;
  discountFen: number;
  method: PayMethod;
  status: PayStatus;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
}

// GET pay/getPaymentQrCodePic?outTradeNo= → image/png: the order's QR code (for clients that cannot draw one)

// GET promotion/queryRemainingVouchers → VoucherView[] (unused, unexpired; largest first)
export interface VoucherView {
  id: string;
  /** The discount in fen. */
  amountFen: number;
  /** The plan types it applies to; empty: every plan. */
  planTypes: PlanType[];
  expiresAt: string | null;
  note: string;
}
