import { expect, test, type Browser, type Page } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { apiData } from '../support/api';
import { cdkeysCli } from '../support/registry';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

/** Points for a Midjourney grid (5000) and an upscale, through a redemption code as a user gets them. */
async function topUp(page: Page, points: number) {
  const output = cdkeysCli('create', '--points', String(points), '--count', '1', '--note', 'e2e painter');
  const code = output.match(/[A-Z0-9]{2,}(?:-[A-Z0-9]{4}){2,}/)?.[0];
  expect(code, output).toBeTruthy();
  await apiData(page, 'GET', `system/user/userCdKey?code=${code}`);
}

async function chooseModel(page: Page, name: string) {
  await page.locator('#painter-model').click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
}

async function secondUser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } })).newPage();
  await newSignedInUser(page);
  return page;
}

test.describe('AI drawing and the gallery (offline painter)', () => {
  test('draw a grid of four, upscale one, share it, like it from a second account, 做同款, delete; the page keeps a running task while away', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await newSignedInUser(page);
    await topUp(page, 20_000);
    const prompt = `雪山下的森林和湖泊 ${Date.now() % 100000}`;

    await page.goto('/painter');
    const form = page.getByTestId('painter-form');
    await expect(form).toBeVisible();
    await chooseModel(page, 'Midjourney');
    await expect(form).toContainText('离线演示');
    await form.getByPlaceholder(/描述你想要的画面/).fill(prompt);
    await expect(page.getByTestId('painter-cost')).toContainText('5000');
    await form.getByRole('button', { name: '生成' }).click();

    // Away and back while it runs: the task is still there and finishes.
    const card = page.getByTestId('task-card').filter({ hasText: prompt }).first();
    await expect(card).toBeVisible();
    await page.getByTestId('navbar').getByRole('link', { name: '设置与API' }).click();
    await expect(page.locator('[data-area="account"]')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/painter/);
    await expect(form.getByPlaceholder(/描述你想要的画面/)).toHaveValue(prompt);
    await expect(card.getByTestId('task-status')).toHaveText('成功', { timeout: 60_000 });
    await expect(card.getByRole('button', { name: /查看第 \d 张大图/ })).toHaveCount(4);

    // U2: a larger render of the second picture.
    await card.getByRole('button', { name: '放大第 2 张（U2）' }).click();
    const upscaled = page.getByTestId('task-card').filter({ hasText: prompt }).first();
    await expect(upscaled.getByTestId('task-status')).toHaveText('成功', { timeout: 60_000 });
    await expect(upscaled.getByRole('button', { name: /查看第 \d 张大图/ })).toHaveCount(1);

    // Share the upscale to the gallery from the viewer.
    await upscaled.getByRole('button', { name: '查看第 1 张大图' }).click();
    const viewer = page.getByTestId('image-viewer');
    await expect(viewer.locator('img').first()).toBeVisible();
    await viewer.getByRole('switch', { name: '分享到广场' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '已分享到广场' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // A second account likes it on /sharePage, then 做同款 opens the painter filled in.
    const bob = await secondUser(browser);
    await bob.goto('/sharePage');
    const tile = bob.getByTestId('gallery-tile').filter({ has: bob.getByAltText(prompt) }).first();
    await expect(tile).toBeVisible();
    await tile.getByRole('button', { name: /查看/ }).click();
    const detail = bob.getByTestId('gallery-detail');
    await expect(detail).toContainText(prompt);
    await detail.getByRole('button', { name: '点赞（0）' }).click();
    await expect(detail.getByRole('button', { name: '取消点赞（1）' })).toBeVisible();
    await detail.getByRole('button', { name: '做同款' }).click();
    await expect(bob).toHaveURL(/\/painter/);
    await expect(bob.getByTestId('painter-form').getByPlaceholder(/描述你想要的画面/)).toHaveValue(prompt);

    // The owner deletes the upscale task: gone from the list and from the gallery.
    await upscaled.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '已删除' })).toBeVisible();
    await bob.goto('/sharePage');
    await expect(bob.getByTestId('gallery-grid').or(bob.getByText('还没有人分享作品'))).toBeVisible();
    await expect(bob.getByAltText(prompt)).toHaveCount(0);
  });

  test('on a phone the painter stacks the form above the tasks, within the screen; the gallery shows two columns', async ({ browser }) => {
    // Signed up at desktop width (the navbar's name is in the phone menu), then on a phone's screen.
    const phone = await secondUser(browser);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/painter');
    const form = phone.getByTestId('painter-form');
    await expect(form).toBeVisible();
    const box = (await form.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(form.getByRole('button', { name: '生成' })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.goto('/sharePage');
    await expect(phone.getByTestId('gallery-grid').or(phone.getByText('还没有人分享作品'))).toBeVisible();
    const grid = phone.getByTestId('gallery-grid');
    if (await grid.isVisible()) await expect(grid).toHaveAttribute('data-columns', '2');
  });
});
