import { expect, test, type Page } from '@playwright/test';
import { registerByEmail, uniqueEmail } from '../support/account';
import { signature } from '../support/api';
import { expectArea } from '../support/pages';
import { announcementsCli, cdkeysCli } from '../support/registry';

const FRESH_BROWSER = { cookies: [], origins: [] };

async function noticeVersion(page: Page): Promise<number> {
  const response = await page.request.get('/app-api/platform/announcements', { headers: signature() });
  return ((await response.json()) as { data: { notice: { version: number } } }).data.notice.version;
}

test.describe('host shell: navbar and account', () => {
  test('logged out the navbar offers only 登录; logged in it shows the user, the balance, plans and the menu', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/pay');
    const navbar = page.getByTestId('navbar');
    await expect(navbar.getByRole('link', { name: '登录', exact: true })).toBeVisible();
    await expect(page.getByTestId('username')).toHaveCount(0);
    await expect(page.getByTestId('breadcrumb')).toContainText('充值');

    // Submenus open on hover.
    await navbar.getByRole('button', { name: /工具箱/ }).hover();
    await navbar.getByRole('menuitem', { name: '使用手册' }).click();
    await expect(page).toHaveURL(/\/instructionPage$/);
    await expect(page.getByTestId('breadcrumb')).toContainText('使用手册');

    await navbar.getByRole('link', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/loginPage$/);
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    const email = uniqueEmail();
    await registerByEmail(page, email);
    const username = email.split('@')[0]!;
    await expect(page.getByTestId('username')).toHaveText(username);
    await expect(page.getByTestId('points-balance')).toHaveText(/积分 \d+\.\d{2}万/);

    await page.getByTestId('username').click();
    const menu = page.getByTestId('user-menu');
    await expect(menu.getByTestId('badge-subscription')).toHaveText('免费版');
    await expect(menu.getByTestId('action-membership')).toHaveText('开通会员');
    for (const item of ['主题设置', '邀请奖励', '联系我们', '加入交流群', '客户端下载', '切换账号', '退出登录']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await menu.getByTestId('copy-username').click();
    await expect(page.getByTestId('toast').filter({ hasText: '用户名复制成功！' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(username);

    await menu.getByRole('menuitem', { name: '加入交流群' }).click();
    await expect(page.getByTestId('group-dialog')).toContainText('本站暂未开放用户交流群。');
    await page.getByTestId('group-dialog').getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('username').click();

    // Theme: light only, the chosen colour kept across a reload.
    await menu.getByRole('menuitem', { name: '主题设置' }).click();
    const theme = page.getByTestId('theme-dialog');
    await theme.getByRole('button', { name: '蓝色' }).click();
    await expect(theme.getByRole('button', { name: '蓝色' })).toHaveAttribute('aria-pressed', 'true');
    await theme.getByRole('button', { name: '关闭' }).click();
    await page.reload();
    await expect(page.getByTestId('username')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--qm-primary').trim())).toBe('#1677ff');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('theme')!))).toEqual({ mode: 'light', primary: 'blue' });
  });

  test('a redeemed professional plan shows its badge and 续费会员 without a reload of the account', async ({ page }) => {
    const output = cdkeysCli('create', '--plan-tier', '3', '--plan-days', '30', '--count', '1', '--note', 'e2e badge');
    const code = output.match(/[A-Z0-9]{2,}(?:-[A-Z0-9]{4}){2,}/)?.[0];
    expect(code, output).toBeTruthy();
    await page.goto('/loginPage');
    await registerByEmail(page, uniqueEmail());
    await expect(page.getByTestId('username')).toBeVisible();
    await page.goto('/setting');
    const redeem = page.getByTestId('redeem-code');
    await redeem.getByPlaceholder('请输入兑换码').fill(code!);
    await redeem.getByRole('button', { name: '兑换' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '兑换成功' })).toBeVisible();
    await expect(page.getByTestId('account-controls').getByTestId('badge-subscription')).toHaveText('专业版');
    await page.getByTestId('username').click();
    await expect(page.getByTestId('user-menu').getByTestId('badge-subscription')).toHaveAttribute('title', /到期/);
    await expect(page.getByTestId('user-menu').getByTestId('action-membership')).toHaveText('续费会员');
  });

  test('a stored dark theme comes back light', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/');
    await expect(page.getByTestId('navbar')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('theme')!))).toEqual({ mode: 'light', primary: 'purple' });
  });

  test('the download dialog: 640 px, no dead links, the install message when the browser offers none, full screen on a phone', async ({ page }) => {
    await page.goto('/');
    // Hovered again if the navbar's items moved under the pointer while the page finished loading.
    await expect(async () => {
      await page.getByTestId('download-button').hover();
      await expect(page.getByRole('tooltip')).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await page.getByTestId('download-button').click();
    const download = page.getByTestId('download-dialog');
    await expect(download).toContainText('Windows 客户端');
    await expect(download).toContainText('添加到主屏幕');
    // No DOWNLOAD_* links are configured on the e2e server: the dialog says so instead of a dead link.
    await expect(download.getByText('暂未提供，敬请期待').first()).toBeVisible();
    await download.getByTestId('install-app').click();
    await expect(page.getByTestId('toast').filter({ hasText: '已安装或浏览器版本过低，推荐使用 Chrome 浏览器' })).toBeVisible();
    const box = (await download.boundingBox())!;
    expect(box.width).toBe(640);
    await download.getByRole('button', { name: '关闭' }).click();
    await expect(download).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.dispatchEvent(new Event('resize')));
    await page.getByTestId('hamburger').click();
    await page.getByTestId('nav-panel').getByTestId('download-button').click();
    const phoneBox = (await page.getByTestId('download-dialog').boundingBox())!;
    expect(phoneBox.width).toBe(390);
  });
});

test.describe('host shell: announcements', () => {
  test.use({ storageState: FRESH_BROWSER });

  test('重要通知 shows once per version; 立即体验 opens the chat with that model; a new version shows again', async ({ page }) => {
    await page.goto('/');
    const modal = page.getByTestId('announcement-modal');
    await expect(modal).toContainText('重要通知');
    const withModel = modal.getByTestId('announcement-item').filter({ has: page.getByRole('button', { name: '立即体验' }) }).first();
    await withModel.getByRole('button', { name: '立即体验' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(/\/chatPage\?model=[\w.-]+$/);
    await expectArea(page, 'chat');
    const model = new URL(page.url()).searchParams.get('model')!;
    const catalogue = (await (await page.request.get('/app-api/backend-api/getModelOptions', { headers: signature() })).json()) as { data: { options: Array<{ value: string; label: string }> } };
    const label = catalogue.data.options.find((option) => option.value === model)?.label;
    expect(label, `the announcement's model ${model} is in the catalogue`).toBeTruthy();
    await expect(page.getByTestId('model-select')).toContainText(label!);

    await page.reload();
    await expectArea(page, 'chat');
    await expect(page.getByTestId('announcement-modal')).toHaveCount(0);

    const versionBefore = await noticeVersion(page);
    const added = announcementsCli('add', '--title', 'E2E 新模型上线', '--content', '端到端测试发布的公告', '--model', model, '--date', '2026-11-21');
    try {
      expect(await noticeVersion(page)).toBe(versionBefore + 1);
      await page.reload();
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('announcement-item').first()).toContainText('E2E 新模型上线');
      await modal.getByRole('button', { name: '我已了解' }).click();
      await page.reload();
      await expectArea(page, 'chat');
      await expect(page.getByTestId('announcement-modal')).toHaveCount(0);
    } finally {
      // Put the server back as the other suites' browsers saw it (they have closed this version).
      const id = /#(\d+)/.exec(added)![1]!;
      announcementsCli('remove', id, '--keep-version');
      announcementsCli('version', 'notice', String(versionBefore));
    }
  });

  test('the activity banner shows on at most two page loads; the update card has a badge until opened', async ({ page }) => {
    await page.goto('/pay');
    await page.getByTestId('announcement-modal').getByRole('button', { name: '我已了解' }).click();
    await expect(page.getByTestId('activity-banner')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('activity-banner')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(page.getByTestId('updates-badge')).toHaveText('3');
    await expect(page.getByTestId('activity-banner')).toHaveCount(0);

    await page.getByTestId('updates-button').click();
    const card = page.getByTestId('updates-card');
    const first = card.getByRole('listitem').first().getByRole('button');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.reload();
    await expect(page.getByTestId('updates-button')).toBeVisible();
    await expect(page.getByTestId('updates-badge')).toHaveCount(0);
  });
});

test.describe('host shell: phones', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('at 390 px the links fold into the hamburger menu, which navigates and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('navbar').getByRole('link', { name: '充值' })).toHaveCount(0);
    await page.getByTestId('hamburger').click();
    const panel = page.getByTestId('nav-panel');
    await expect(panel.getByRole('link', { name: 'AI绘画' })).toBeVisible();
    await panel.getByRole('link', { name: '充值' }).click();
    await expect(page).toHaveURL(/\/pay$/);
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('breadcrumb')).toContainText('充值');
  });
});
