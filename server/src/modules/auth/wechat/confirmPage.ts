import { escapeHtml } from '../../../http/htmlPage.js';
import type { TicketStatus } from './service.js';
import { LOCAL_CONFIRM_PATH } from './providers.js';

const STATUS_TEXT: Record<TicketStatus, string> = {
  waiting: '电脑上的登录页正在等待确认。',
  scanned: '已确认登录，请回到电脑上的登录页。',
  gone: '二维码已过期或已取消，请在登录页刷新二维码。',
};

/** The page a local login QR code opens: it plays the phone's role (confirm or cancel the login). */
export function confirmPage(ticket: string, status: TicketStatus, notice = ''): string {
  const form = (action: string, label: string, primary: boolean) => `
    <form method="post" action="${LOCAL_CONFIRM_PATH}">
      <input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
      <input type="hidden" name="action" value="${action}">
      <button type="submit" class="${primary ? 'primary' : ''}">${label}</button>
    </form>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>微信扫码登录（本地模拟）</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f5f5; margin: 0; }
  main { max-width: 360px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px 24px; text-align: center; box-shadow: 0 2px 12px rgba(0,0,0,.06); }
  h1 { font-size: 20px; margin: 0 0 12px; }
  p { color: #555; line-height: 1.6; }
  .status { color: #111; font-weight: 600; }
  .actions { display: flex; gap: 12px; justify-content: center; margin-top: 20px; }
  button { font-size: 16px; padding: 10px 28px; border-radius: 8px; border: 1px solid #ccc; background: #fff; cursor: pointer; }
  button.primary { background: #07c160; border-color: #07c160; color: #fff; }
</style>
</head>
<body>
<main>
  <h1>微信扫码登录（本地模拟）</h1>
  <p>这个页面在本地代替手机微信：点“确认登录”就相当于用微信扫码并确认。同一个浏览器每次确认都登录同一个账号。</p>
  ${notice ? `<p>${escapeHtml(notice)}</p>` : ''}
  <p class="status">${STATUS_TEXT[status]}</p>
  ${status === 'waiting' ? `<div class="actions">${form('confirm', '确认登录', true)}${form('cancel', '取消', false)}</div>` : ''}
</main>
</body>
</html>`;
}
