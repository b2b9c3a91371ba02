import { escapeHtml } from '../../../http/htmlPage.js';
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
  const form = (label: string, primary: boolean, dropNotify: boolean) => `
    <form method="post" action="${SANDBOX_CONFIRM_PATH}">
      <input type="hidden" name="order" value="${escapeHtml(outTradeNo)}">
      <input type="hidden" name="token" value="${escapeHtml(token)}">
      ${dropNotify ? '<input type="hidden" name="dropNotify" value="1">' : ''}
      <button type="submit" class="${primary ? 'primary' : ''}">${label}</button>
    </form>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱支付（本地模拟）</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f5f5; margin: 0; }
  main { max-width: 380px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px 24px; text-align: center; box-shadow: 0 2px 12px rgba(0,0,0,.06); }
  h1 { font-size: 20px; margin: 0 0 12px; }
  p { color: #555; line-height: 1.6; }
  .amount { font-size: 32px; font-weight: 700; color: #111; margin: 12px 0 4px; }
  .status { color: #111; font-weight: 600; }
  .actions { display: flex; flex-direction: column; gap: 12px; align-items: center; margin-top: 20px; }
  button { font-size: 16px; padding: 10px 28px; border-radius: 8px; border: 1px solid #ccc; background: #fff; cursor: pointer; min-width: 220px; }
  button.primary { background: #1677ff; border-color: #1677ff; color: #fff; }
  small { color: #888; }
</style>
</head>
<body>
<main>
  <h1>沙箱支付（本地模拟）</h1>
  <p>这是本地沙箱收银台，代替手机上的微信或支付宝：不会产生真实扣款。</p>
  ${trade ? `<p>${escapeHtml(trade.description)}</p><div class="amount" data-testid="sandbox-amount">¥${yuan(trade.amountFen)}</div><p><small>订单号 ${escapeHtml(trade.outTradeNo)}</small></p>` : ''}
  ${
    state === 'open'
      ? `<div class="actions">${form('确认支付', true, false)}${form('支付但不发送通知（模拟通知丢失）', false, true)}</div>`
      : `<p class="status" data-testid="sandbox-status">${STATE_TEXT[state]}</p>`
  }
</main>
</body>
</html>`;
}
