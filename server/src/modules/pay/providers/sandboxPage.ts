import { html, postForm, standInPage } from '../../../http/htmlPage.js';
import { SANDBOX_CONFIRM_PATH, type SandboxTrade } from './sandbox.js';

const yuan = (fen: number) => (fen / 100).toFixed(2);

const STATE_TEXT = {
  paid: '支付成功。回到电脑上的支付窗口，积分会自动到账。',
  closed: '订单已关闭或已过期，请在支付窗口刷新二维码后重新支付。',
  gone: '订单不存在或链接无效。',
} as const;

/**
 * The page the sandbox QR code opens: it plays the payer's phone and the provider's cashier.
 * 确认支付 pays through the signed notify path; 支付但不发送通知 leaves the notification out, so the
 * order is found paid only by the status call's 查单 (what happens when a real notification is lost).
 */
export function sandboxPage(outTradeNo: string, token: string, trade: SandboxTrade | null): string {
  const state = !trade ? 'gone' : trade.state;
  const form = (label: string, primary: boolean, dropNotify: boolean) =>
    postForm(SANDBOX_CONFIRM_PATH, { order: outTradeNo, token, ...(dropNotify ? { dropNotify: '1' } : {}) }, label, primary);
  return standInPage({
    title: '沙箱支付（本地模拟）',
    intro: '这是本地沙箱收银台，代替手机上的微信或支付宝：不会产生真实扣款。',
    accent: '#1677ff',
    width: 380,
    stackedActions: true,
    body: html`${trade && html`<p>${trade.description}</p><div class="amount" data-testid="sandbox-amount">¥${yuan(trade.amountFen)}</div><p><small>订单号 ${trade.outTradeNo}</small></p>`}
  ${
    state === 'open'
      ? html`<div class="actions">${form('确认支付', true, false)}${form('支付但不发送通知（模拟通知丢失）', false, true)}</div>`
      : html`<p class="status" data-testid="sandbox-status">${STATE_TEXT[state]}</p>`
  }`,
  });
}
