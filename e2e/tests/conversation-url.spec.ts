import { expect, test, type Browser, type Page } from '@playwright/test';
import { conversation } from '../support/api';
import { registerByEmail, uniqueEmail } from '../support/account';
import { answers, ask, signedInChat } from '../support/chatPage';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

/** A conversation's URL (mf-chat/README.md, "Conversation URLs"). */
const CONVERSATION_URL = /\/chatPage\?conv=[0-9a-f-]{36}$/;
const conversationUrl = (convGroupId: string) => `/chatPage?conv=${convGroupId}`;

/** A browser of its own (another person), signed out. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

test.describe('a URL per conversation', () => {
  test('the first send of a new chat puts its conversation in the URL; a reload opens it again, highlighted in the history', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await ask(page, '介绍一下西湖');
    await expect(answers(page).first()).toContainText('西湖');
    await expect(page).toHaveURL(CONVERSATION_URL);
    const url = page.url();

    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId('message-user').first()).toContainText('介绍一下西湖');
    await expect(answers(page).first()).toContainText('西湖');
    await expect(page.getByTestId('history-item').and(page.locator('[aria-current="true"]'))).toContainText('介绍一下西湖');

    await page.getByTestId('new-chat').click();
    await expect(page).toHaveURL(/\/chatPage$/);
    await expect(answers(page)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(url);
    await expect(answers(page).first()).toContainText('西湖');
  });

  test('conversations opened from the history are pages of their own: back returns to the first, forward to the second', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    const first = await conversation(page, ['第一段：介绍黄山']);
    const second = await conversation(page, ['第二段：介绍泰山']);
    await page.reload();
    const item = (title: string) => page.getByTestId('history-item').filter({ hasText: title });

    await item('第一段').getByRole('button').first().click();
    await expect(page).toHaveURL(conversationUrl(first));
    await expect(answers(page).first()).toContainText('黄山');
    await item('第二段').getByRole('button').first().click();
    await expect(page).toHaveURL(conversationUrl(second));
    await expect(answers(page).first()).toContainText('泰山');

    await page.goBack();
    await expect(page).toHaveURL(conversationUrl(first));
    await expect(answers(page).first()).toContainText('黄山');
    await expect(item('第一段')).toHaveAttribute('aria-current', 'true');
    await page.goForward();
    await expect(page).toHaveURL(conversationUrl(second));
    await expect(answers(page).first()).toContainText('泰山');
  });

  test('a pasted link: signed out it waits for the owner\'s login and then opens; another account gets a notice and a new chat, never the conversation', async ({ page, browser }) => {
    const email = uniqueEmail();
    await page.goto('/loginPage');
    await registerByEmail(page, email, 'secret123');
    await expect(page.getByTestId('username')).toBeVisible();
    const convGroupId = await conversation(page, ['只有我能看的对话：介绍长城']);

    const owner = await visitor(browser);
    await owner.goto(conversationUrl(convGroupId));
    const signIn = owner.getByTestId('conversation-sign-in');
    await expect(signIn).toContainText('请在登录后查看该对话');
    await signIn.getByRole('button', { name: '去登录' }).click();
    await expect(owner).toHaveURL(/\/loginPage/);
    await owner.getByRole('tab', { name: '邮箱' }).click();
    await owner.getByTestId('form-email-code').getByRole('button', { name: '密码登录' }).click();
    const form = owner.getByTestId('form-email-password');
    await form.getByPlaceholder('请输入邮箱地址').fill(email);
    await form.getByPlaceholder('请输入密码').fill('secret123');
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(owner).toHaveURL(conversationUrl(convGroupId));
    await expect(answers(owner).first()).toContainText('长城');
    await owner.context().close();

    const stranger = await visitor(browser);
    await stranger.goto('/loginPage');
    await registerByEmail(stranger, uniqueEmail());
    await expect(stranger.getByTestId('username')).toBeVisible();
    await stranger.goto(conversationUrl(convGroupId));
    await expect(stranger.getByTestId('conversation-missing')).toContainText('对话不存在或已被删除');
    await expect(stranger).toHaveURL(/\/chatPage$/);
    await expect(stranger.getByTestId('message-user')).toHaveCount(0);
    await expect(stranger.getByTestId('messages')).not.toContainText('长城');
    await expect(stranger.getByTestId('welcome')).toBeVisible();
    await stranger.context().close();
  });
});
