import { expect, test } from '@playwright/test';
import { codeFromOutbox, newSignedInUser, registerByEmail, sendCodeThroughCaptcha, uniqueEmail } from '../support/account';
import { apiData } from '../support/api';
import { expectArea } from '../support/pages';

test.describe('accounts and sessions', () => {
  test('a new user registers by e-mail, returns to the chat page, stays logged in across a reload and logs out', async ({ page }) => {
    await page.goto('/chatPage?model=gpt-4o');
    await expectArea(page, 'chat');
    await page.getByTestId('navbar').getByRole('link', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/loginPage$/);
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    await expect(page.getByTestId('dev-outbox-notice')).toBeVisible();

    const email = uniqueEmail();
    await registerByEmail(page, email);
    await expect(page).toHaveURL(/\/chatPage\?model=gpt-4o$/);
    await expectArea(page, 'chat');
    const username = page.getByTestId('username');
    await expect(username).toHaveText(email.split('@')[0]!);

    await page.reload();
    await expect(page.getByTestId('username')).toHaveText(email.split('@')[0]!);

    await page.getByTestId('username').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('您确定要退出登录吗?');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/loginPage$/);
    expect(await page.evaluate(() => [localStorage.getItem('myToken'), localStorage.getItem('loginstate')])).toEqual([null, 'false']);
  });

  test('password login, a wrong password, and a clear message for an unknown account', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/loginPage');
    await registerByEmail(page, email, 'secret123');
    await expect(page.getByTestId('username')).toBeVisible();
    await page.evaluate(() => localStorage.clear());

    await page.goto('/loginPage');
    await page.getByRole('tab', { name: '邮箱' }).click();
    await page.getByTestId('form-email-code').getByRole('button', { name: '密码登录' }).click();
    const form = page.getByTestId('form-email-password');
    await form.getByPlaceholder('请输入邮箱地址').fill(email);
    await form.getByPlaceholder('请输入密码').fill('wrong-pass1');
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '账号或密码错误' })).toBeVisible();

    await form.getByPlaceholder('请输入密码').fill('secret123');
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/chatPage$/);
    await expect(page.getByTestId('username')).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await page.goto('/loginPage');
    await page.getByRole('tab', { name: '邮箱' }).click();
    const codeForm = page.getByTestId('form-email-code');
    const stranger = uniqueEmail();
    await codeForm.getByPlaceholder('请输入邮箱地址').fill(stranger);
    await sendCodeThroughCaptcha(page, codeForm);
    await codeForm.getByLabel('验证码').fill(await codeFromOutbox(page, stranger));
    await codeForm.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '账号不存在，请先注册' })).toBeVisible();
  });

  test('WeChat QR login through the local confirm page', async ({ page, context }) => {
    await page.goto('/loginPage');
    await page.getByRole('tab', { name: '微信扫码' }).click();
    const confirmLink = page.getByRole('link', { name: /本地模拟/ });
    await expect(confirmLink).toBeVisible();
    const phone = await context.newPage();
    await phone.goto((await confirmLink.getAttribute('href'))!);
    await phone.getByRole('button', { name: '确认登录' }).click();
    await expect(page).toHaveURL(/\/chatPage$/);
    await expect(page.getByTestId('username')).toContainText('微信用户');
  });

  test('a session ended in another tab: one click gives one message, then the login page, which brings the user back', async ({ page }) => {
    await newSignedInUser(page);
    await page.goto('/pay');
    await expect(page.getByTestId('pay-page')).toBeVisible();
    // 退出登录 in another tab: the server ends the session and the shared local storage forgets it.
    await apiData(page, 'POST', 'system/auth/logout', {});
    await page.evaluate(() => {
      localStorage.removeItem('myToken');
      localStorage.removeItem('myRefreshToken');
      localStorage.setItem('loginstate', 'false');
    });

    await page.getByTestId('username').click();
    await page.getByTestId('user-menu').getByTestId('action-membership').click();
    await expect(page).toHaveURL(/\/loginPage$/);
    const expired = page.getByTestId('toast').filter({ hasText: '登录状态已失效或已过期，请重新登录' });
    await expect(expired).toHaveCount(1);
    await page.waitForTimeout(500);
    await expect(expired).toHaveCount(1);
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await expect(page.getByTestId('pay-dialog')).toHaveCount(0);
    await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('beforeUrl'))).toBe('/pay');

    await registerByEmail(page, uniqueEmail());
    await expect(page).toHaveURL(/\/pay$/);
  });

  test('on the chat page (a quiet page) an expired session neither speaks nor leaves', async ({ page }) => {
    await page.goto('/loginPage');
    await page.evaluate(() => {
      localStorage.setItem('myToken', 'expired-token');
      localStorage.setItem('myRefreshToken', 'not-a-valid-refresh-token');
      localStorage.setItem('loginstate', 'true');
    });
    await page.goto('/chatPage');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('loginstate'))).toBe('false');
    await expect(page).toHaveURL(/\/chatPage$/);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  });

  test('settings are saved and API keys are shown once, then masked', async ({ page }) => {
    await page.goto('/loginPage');
    await registerByEmail(page, uniqueEmail());
    await expect(page.getByTestId('username')).toBeVisible();
    await page.getByTestId('navbar').getByRole('link', { name: '设置与API' }).click();
    const settings = page.getByTestId('speech-settings');
    await settings.getByLabel('音色').click();
    await page.getByTitle('nova').click();
    await settings.getByRole('button', { name: '保存设置' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '设置已保存' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('speech-settings').getByTitle('nova')).toBeVisible();

    await page.getByRole('tab', { name: 'API 密钥' }).click();
    await page.getByRole('button', { name: '新建密钥' }).click();
    await page.getByPlaceholder('密钥名称，例如：我的脚本').fill('我的脚本');
    await page.getByRole('button', { name: '确定' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!.trim();
    expect(key).toMatch(/^sk-qm-[0-9A-Za-z]{40}$/);
    await page.getByRole('button', { name: '我已保存' }).click();
    const row = page.getByTestId('api-keys').getByRole('row', { name: /我的脚本/ });
    await expect(row).toContainText(key.slice(-4));
    await expect(row).not.toContainText(key);
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '删除', exact: true }).last().click();
    await expect(page.getByTestId('api-keys')).toContainText('还没有 API 密钥');
  });
});
