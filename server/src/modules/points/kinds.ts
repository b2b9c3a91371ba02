/**
 * Ledger kinds and how the history names them. One table: every kind written anywhere is listed
 * here, and the history answers kindText from it.
 */
export const LEDGER_KINDS = {
  daily_grant: '每日积分发放',
  daily_expire: '每日积分过期',
  signin: '签到奖励',
  invite: '邀请奖励',
  redeem: '兑换码兑换',
  hold: '预扣积分',
  release: '退回预扣积分',
  chat: '对话消费',
  search: '联网搜索',
  extension: '扩展调用',
  media: '创作消费',
  purchase: '购买积分',
  refund: '退款扣回',
  adjust: '系统调整',
} as const;

export type LedgerKind = keyof typeof LEDGER_KINDS;

export function kindText(kind: string): string {
  return (LEDGER_KINDS as Record<string, string>)[kind] ?? '其他';
}
