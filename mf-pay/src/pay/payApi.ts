import { dataOf, request } from '@qiming/sdk';
import type { PayInfo, PayOrderCreated, PayOrderRequest, PayStatus, PayStatusView, TradeView, VoucherView } from '@qiming/sdk/contracts';

/** The pay area's payment calls (paths and shapes in @qiming/sdk/contracts/pay). */
export interface PayApi {
  /** The plans, the methods the server takes now and the use-size note (no login needed). */
  payInfo(): Promise<PayInfo>;
  /** A new order and its QR code. */
  createOrder(order: PayOrderRequest): Promise<PayOrderCreated>;
  status(outTradeNo: string): Promise<PayStatus>;
  /** The user's unused, unexpired vouchers, largest first. */
  vouchers(): Promise<VoucherView[]>;
  /** The user's newest orders. */
  recentOrders(): Promise<TradeView[]>;
}

export const payApi: PayApi = {
  payInfo: () => dataOf(request.get<PayInfo>('pay/getPayInfo')),
  createOrder: (order) => dataOf(request.post<PayOrderCreated>('pay/getPayInfoGuding', order)),
  // Silent: a failed status query is only logged by the polling (spec §4), never a toast every 3 s.
  status: async (outTradeNo) => (await dataOf(request.post<PayStatusView>('pay/getPaySta', { outTradeNo }, { silent: true }))).status,
  vouchers: () => dataOf(request.get<VoucherView[]>('promotion/queryRemainingVouchers')),
  recentOrders: () => dataOf(request.get<TradeView[]>('pay/getTrade')),
};
