import { expect, test } from '@playwright/test';
import { balanceWan, newSignedInUser, registerByEmail, uniqueEmail } from '../support/account';
import { apiData, chatOnce } from '../support/api';
import { cdkeysCli } from '../support/registry';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

test.describe('points', () => {
  test('daily sign-in from the user menu credits points once and shows the streak', async ({ page }) => {
    await newSignedInUser(page);
    await expect(page.getByTestId('points-balance')).toBeVisible();
    const before = await balanceWan(page);
    await page.getByTestId('username').click();
    await page.getByRole('menuitem', { name: '连续签到领积分' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: /签到成功！获得 \d+ 积分，已连续签到 1 天/ })).toBeVisible();
    await expect.poll(() => balanceWan(page)).toBeGreaterThan(before);
    await page.getByTestId('username').click();
    await expect(page.getByRole('menuitem', { name: '今日已签到' })).toBeDisabled();

    await page.goto('/rulePage?tab=history');
    await expect(page.getByTestId('points-history')).toContainText('签到');
  });

  test('a user who has not signed in today is reminded on three page loads a day; 立即签到 signs in', async ({ page, browser }) => {
    await newSignedInUser(page);
    const reminder = page.getByTestId('sign-in-reminder');
    await expect(reminder).toContainText('您今天还没有签到，连续签到可领取更多积分');
    await page.screenshot({ path: 'test-results/screenshots/sign-in-reminder-1440.png' });
    await reminder.getByRole('button', { name: '关闭' }).click();
    await expect(reminder).toHaveCount(0);
    for (const shown of [true, true, false]) {
      await page.reload();
      await expect(page.getByTestId('username')).toBeVisible();
      if (shown) await expect(reminder).toBeVisible();
      else {
        await page.waitForTimeout(1000);
        await expect(reminder).toHaveCount(0);
      }
    }

    // Another browser (its own local storage), on a phone.
    const context = await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL });
    const other = await context.newPage();
    await newSignedInUser(other);
    await other.setViewportSize({ width: 390, height: 844 });
    const again = other.getByTestId('sign-in-reminder');
    await expect(again).toBeVisible();
    const box = (await again.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await other.screenshot({ path: 'test-results/screenshots/sign-in-reminder-390.png' });
    await again.getByRole('button', { name: '立即签到' }).click();
    await expect(other.getByTestId('toast').filter({ hasText: /签到成功！获得 \d+ 积分/ })).toBeVisible();
    await expect(again).toHaveCount(0);
    await context.close();
  });

  test('a redemption code adds its points once; used again it is refused clearly', async ({ page }) => {
    const output = cdkeysCli('create', '--points', '5000', '--count', '1', '--note', 'e2e');
    const code = output.match(/[A-Z0-9]{2,}(?:-[A-Z0-9]{4}){2,}/)?.[0];
    expect(code, output).toBeTruthy();

    await newSignedInUser(page);
    await page.goto('/setting');
    const before = await balanceWan(page);
    const redeem = page.getByTestId('redeem-code');
    await redeem.getByPlaceholder('请输入兑换码').fill(code!);
    await redeem.getByRole('button', { name: '兑换' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '兑换成功，获得 5000 积分' })).toBeVisible();
    await expect.poll(() => balanceWan(page)).toBeCloseTo(before + 0.5, 2);

    await redeem.getByPlaceholder('请输入兑换码').fill(code!);
    await redeem.getByRole('button', { name: '兑换' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '兑换码已被使用' })).toBeVisible();
  });

  test('the invite dialog shows the invite link; a friend who registers through it is counted, and both get the reward after the friend\'s first chat', async ({ page, browser }) => {
    await newSignedInUser(page);
    await page.getByTestId('username').click();
    await page.getByRole('menuitem', { name: '邀请好友得积分' }).click();
    const dialog = page.getByTestId('invite-dialog');
    await expect(page.getByText('您的邀请收益账户总览')).toBeVisible();
    await expect(dialog.getByTestId('invited-count')).toHaveText('0');
    const link = (await dialog.getByTestId('invite-link').textContent())!;
    expect(link).toMatch(/\/loginPage\?aff=[A-Z0-9]+$/);

    // The friend registers from another address than the inviter (the same-IP check would withhold the reward).
    const friend = await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.7' } });
    const friendPage = await friend.newPage();
    await friendPage.goto(new URL(link).pathname + new URL(link).search);
    await expect(friendPage.getByRole('heading', { name: '注册启明 AI' })).toBeVisible();
    await registerByEmail(friendPage, uniqueEmail());
    await expect(friendPage.getByTestId('username')).toBeVisible();

    await page.reload();
    await page.getByTestId('username').click();
    await page.getByRole('menuitem', { name: '邀请好友得积分' }).click();
    await expect(page.getByTestId('invite-dialog').getByTestId('invited-count')).toHaveText('1');

    // The rewards wait for the friend's first successful use: one chat answer.
    type Balance = { restIntegral: number; restIntegral2: number };
    const inviterBefore = await apiData<Balance>(page, 'GET', 'system/user/integral');
    const friendBefore = await apiData<Balance>(friendPage, 'GET', 'system/user/integral');
    expect(inviterBefore.restIntegral).toBe(0);
    expect(friendBefore.restIntegral).toBe(0);
    const answer = await chatOnce(friendPage, '你好，介绍一下你自己');
    expect(answer).toContain('"offlineDemo":true');
    expect((await apiData<Balance>(page, 'GET', 'system/user/integral')).restIntegral).toBe(8888);
    expect((await apiData<Balance>(friendPage, 'GET', 'system/user/integral')).restIntegral).toBe(8888);
    // Each sees it in the navbar: daily points less the 3-point answer, plus the permanent reward.
    await friendPage.reload();
    await expect(friendPage.getByTestId('points-balance')).toContainText(((friendBefore.restIntegral2 - 3 + 8888) / 10_000).toFixed(2));
    await page.reload();
    await expect(page.getByTestId('points-balance')).toContainText(((inviterBefore.restIntegral2 + 8888) / 10_000).toFixed(2));
    // A second chat rewards no one again.
    await chatOnce(friendPage, '再聊一句');
    expect((await apiData<Balance>(page, 'GET', 'system/user/integral')).restIntegral).toBe(8888);
    await friend.close();
  });
});
