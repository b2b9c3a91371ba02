import { html, postForm, standInPage } from '../../../http/htmlPage.js';
import type { TicketStatus } from './service.js';
import { LOCAL_CONFIRM_PATH } from './providers.js';

const STATUS_TEXT: Record<TicketStatus, string> = {
  waiting: '电脑上的登录页正在等待确认。',
  scanned: '已确认登录，请回到电脑上的登录页。',
  gone: '二维码已过期或已取消，请在登录页刷新二维码。',
};

/** The page a local login QR code opens: it plays the phone's role (confirm or cancel the login). */
export function confirmPage(ticket: string, status: TicketStatus, notice = ''): string {
  const form = (action: string, label: string, primary: boolean) => postForm(LOCAL_CONFIRM_PATH, { ticket, action }, label, primary);
  return standInPage({
    title: '微信扫码登录（本地模拟）',
    intro: '这个页面在本地代替手机微信：点“确认登录”就相当于用微信扫码并确认。同一个浏览器每次确认都登录同一个账号。',
    accent: '#07c160',
    width: 360,
    body: html`${notice && html`<p>${notice}</p>`}
  <p class="status">${STATUS_TEXT[status]}</p>
  ${status === 'waiting' && html`<div class="actions">${form('confirm', '确认登录', true)}${form('cancel', '取消', false)}</div>`}`,
  });
}
