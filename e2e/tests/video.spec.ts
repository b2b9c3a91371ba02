import { expect, test, type Page } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { apiData } from '../support/api';
import { cdkeysCli } from '../support/registry';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

/** Points for a Luma clip (10000), through a redemption code as a user gets them. */
async function topUp(page: Page, points: number) {
  const output = cdkeysCli('create', '--points', String(points), '--count', '1', '--note', 'e2e video');
  const code = output.match(/[A-Z0-9]{2,}(?:-[A-Z0-9]{4}){2,}/)?.[0];
  expect(code, output).toBeTruthy();
  await apiData(page, 'GET', `system/user/userCdKey?code=${code}`);
}

test.describe('AI video (offline generator)', () => {
  test('signed out, 生成 asks to log in; a new user makes a clip that plays in the page, then deletes it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    // Signed out: the page and its choices show; 生成 asks for the login confirm.
    const visitor = await (await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } })).newPage();
    // A video model chosen in the chat (an old link here) is made on this page, already chosen.
    await visitor.goto('/chatPage?model=sora-2');
    await expect(visitor).toHaveURL(/\/videoPage\?model=sora-2$/);
    const visitorForm = visitor.getByTestId('video-form');
    await expect(visitorForm.getByTestId('video-duration').getByRole('button')).toHaveText(['4 秒', '8 秒', '12 秒']);
    await expect(visitorForm).toContainText('离线演示');
    await visitorForm.getByPlaceholder(/描述你想要的画面/).fill('海边的灯塔');
    await visitorForm.getByRole('button', { name: '生成' }).click();
    await expect(visitor.getByRole('alertdialog').getByRole('button', { name: '重新登录' })).toBeVisible();
    await visitor.close();

    await newSignedInUser(page);
    await topUp(page, 20_000);
    const prompt = `雪山下的森林和湖泊，镜头缓缓推进 ${Date.now() % 100000}`;
    await page.goto('/videoPage');
    const form = page.getByTestId('video-form');
    await page.locator('#video-model').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Luma 视频' }).click();
    // Only Luma's own lengths and ratios.
    await expect(form.getByTestId('video-duration').getByRole('button')).toHaveText(['5 秒', '9 秒']);
    await form.getByTestId('video-aspect').getByRole('button', { name: '横屏 16:9' }).click();
    await form.getByPlaceholder(/描述你想要的画面/).fill(prompt);
    await expect(page.getByTestId('video-cost')).toContainText('本次消耗 10000 积分');
    await form.getByRole('button', { name: '生成' }).click();

    const card = page.getByTestId('video-task').filter({ hasText: prompt }).first();
    await expect(card).toBeVisible();
    await expect(card.getByTestId('video-status')).toHaveText('成功', { timeout: 60_000 });
    await expect(card).toContainText('离线演示');

    // It plays: metadata read, then time advances while playing.
    const player = card.getByTestId('video-player');
    await expect(player).toBeVisible();
    const playback = await player.evaluate(async (element) => {
      const video = element as HTMLVideoElement;
      video.muted = true;
      await video.play();
      const start = video.currentTime;
      await new Promise((resolve) => setTimeout(resolve, 1200));
      return { readyState: video.readyState, duration: video.duration, advanced: video.currentTime - start, width: video.videoWidth, height: video.videoHeight };
    });
    expect(playback.readyState).toBeGreaterThanOrEqual(2);
    expect(playback.duration).toBeCloseTo(5, 0);
    expect(playback.advanced).toBeGreaterThan(0.5);
    expect([playback.width, playback.height]).toEqual([640, 360]);
    // Seeking needs byte ranges: the player lands where asked.
    const seeked = await player.evaluate(async (element) => {
      const video = element as HTMLVideoElement;
      video.pause();
      video.currentTime = 4;
      await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
      return video.currentTime;
    });
    expect(seeked).toBeCloseTo(4, 0);
    await expect(card.getByRole('link', { name: '下载' })).toHaveAttribute('download', /^qiming-video-[\w-]{8}\.mp4$/);

    // Survives a reload.
    await page.reload();
    await expect(page.getByTestId('video-task').filter({ hasText: prompt }).first().getByTestId('video-status')).toHaveText('成功');

    const again = page.getByTestId('video-task').filter({ hasText: prompt }).first();
    await again.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '已删除' })).toBeVisible();
    await expect(page.getByTestId('video-task').filter({ hasText: prompt })).toHaveCount(0);
  });

  test('on a phone the form stacks above the videos within the screen', async ({ page }) => {
    await newSignedInUser(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/videoPage');
    const form = page.getByTestId('video-form');
    await expect(form.getByRole('button', { name: '生成' })).toBeVisible();
    const box = (await form.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
