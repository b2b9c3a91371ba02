import { expect, test } from '@playwright/test';
import { balanceWan, newSignedInUser } from '../support/account';

test.describe('pay', () => {
  test('buys the member plan in the sandbox: points and badges change without a reload', async ({ page }) => {
    await newSignedInUser(page);
    await page.goto('/pay');
    await expect(page.getByTestId('pay-page')).toBeVisible();
    await expect(page.getByTestId('plan-1')).toContainText('¥6.80');
    await expect(page.getByTestId('pay-page')).toContainText('基础套餐及以上用户按八折计费');
    await expect(page.getByTestId('points-balance')).toBeVisible();
    const before = await balanceWan(page);
    await expect(page.getByTestId('account-controls').getByTestId('badge-vip')).toHaveCount(0);

    await page.getByTestId('plan-1').getByRole('button', { name: '立即购买' }).click();
    const dialog = page.getByTestId('pay-dialog');
    await expect(dialog.getByTestId('pay-amount')).toHaveText('¥6.80');
    // 920 px once the opening animation (a scale) has finished.
    const frame = page.locator('.ant-modal').filter({ has: dialog });
    await expect.poll(async () => (await frame.boundingBox())?.width).toBe(920);
    await expect(dialog.getByTestId('pay-qr').locator('svg')).toBeVisible();
    // 920 × 580 with the title; all three plans inside, one of them chosen.
    await expect.poll(async () => (await frame.locator('.ant-modal-container').boundingBox())?.height).toBe(580);
    const body = (await frame.locator('.ant-modal-container').boundingBox())!;
    const third = (await dialog.getByTestId('plan-3').boundingBox())!;
    expect(third.y + third.height).toBeLessThanOrEqual(body.y + body.height);
    await expect(dialog.locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/screenshots/pay-dialog-1440.png' });

    // The sandbox QR code is a local confirm page: the link opens it as a phone would.
    const [cashier] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('link', { name: /沙箱支付/ }).click()]);
    await expect(cashier.getByTestId('sandbox-amount')).toHaveText('¥6.80');
    await cashier.getByRole('button', { name: '确认支付' }).click();
    await expect(cashier.getByTestId('sandbox-status')).toContainText('支付成功');
    await cashier.close();

    // The next poll (every 3 s) sees OK: the dialog closes and everything refreshes through the SDK.
    await expect(page.getByTestId('toast').filter({ hasText: '支付成功，积分已到账' })).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => balanceWan(page)).toBeCloseTo(before + 6.8, 2);
    await expect(page.getByTestId('account-controls').getByTestId('badge-vip')).toHaveText('VIP 剩余 30 天');
    await expect(page.getByTestId('recent-orders')).toContainText('已支付');
    await expect(page.getByTestId('membership')).toContainText('Lv1');
  });

  test('on a 390 px phone the plans are tabs and the amount and the QR code are on the first screen', async ({ page }) => {
    await newSignedInUser(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pay');
    await page.getByTestId('plan-2').getByRole('button', { name: '立即购买' }).click();
    const dialog = page.getByTestId('pay-dialog');
    await expect(dialog.getByRole('tab', { name: /专业套餐/ })).toHaveAttribute('aria-selected', 'true');
    const qr = dialog.getByTestId('pay-qr');
    await expect(qr.locator('svg')).toBeVisible();
    await page.waitForTimeout(400);
    const qrBox = (await qr.boundingBox())!;
    const amount = (await dialog.getByTestId('pay-amount').boundingBox())!;
    expect(qrBox.y + qrBox.height).toBeLessThanOrEqual(844);
    expect(amount.y + amount.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: 'test-results/screenshots/pay-dialog-390.png' });
  });

  test('a QR code expires after 100 polls (fast clock); clicking it makes a new order; closing asks first', async ({ page }) => {
    await page.clock.install();
    await newSignedInUser(page);
    await page.getByTestId('username').click();
    await page.getByTestId('user-menu').getByTestId('action-membership').click();
    const dialog = page.getByTestId('pay-dialog');
    await dialog.getByRole('button', { name: '生成支付二维码' }).click();
    await expect(dialog.getByTestId('pay-amount')).toHaveText('¥18.80');
    const firstQr = await dialog.getByTestId('pay-qr').innerHTML();

    for (let poll = 0; poll < 100; poll++) {
      const answered = page.waitForResponse((response) => response.url().includes('/pay/getPaySta'));
      await page.clock.runFor(3000);
      await answered;
    }
    await page.clock.runFor(3000);
    const refresh = dialog.getByRole('button', { name: '二维码已过期，点击刷新' });
    await expect(refresh).toBeVisible();

    await refresh.click();
    await expect(refresh).toHaveCount(0);
    await expect.poll(() => dialog.getByTestId('pay-qr').innerHTML()).not.toBe(firstQr);

    await page.keyboard.press('Escape');
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('确认关闭？');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toHaveCount(0);
  });
});
