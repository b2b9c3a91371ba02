import type { ProviderOrder } from '../provider.js';

let orderCount = 0;

/** A fresh order for a provider: a unique out_trade_no, ¥6.80, valid for 15 minutes. */
export function newProviderOrder(overrides: Partial<ProviderOrder> = {}): ProviderOrder {
  orderCount += 1;
  return {
    outTradeNo: `QM${Date.now()}${String(orderCount).padStart(4, '0')}`,
    amountFen: 680,
    description: '启明AI-会员套餐',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    notifyUrl: 'https://ai.example.com/app-api/pay/notify',
    ...overrides,
  };
}
