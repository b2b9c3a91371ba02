import { expect, test, type Page, type Request } from '@playwright/test';
import { expectArea } from '../support/pages';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

/** Every request of the page from now on: the IT tool chunks fetched, and any request carrying a text. */
function watch(page: Page) {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return {
    toolChunks: () => requests.map((r) => r.url()).filter((u) => /\/it-tool-[\w-]+\.[0-9a-f]+\.js$/.test(u)).map((u) => u.match(/it-tool-([\w-]+?)\.[0-9a-f]+\.js$/)![1]),
    carrying: (text: string) => requests.filter((r) => decodeURIComponent(r.url()).includes(text) || (r.postData() ?? '').includes(text)),
  };
}

const card = (page: Page, tool: string) => page.locator(`[data-testid="it-tool-card"][data-tool="${tool}"]`);

test.describe('IT 工具 and 工具集', () => {
  test('grid, search, three tools for real, favourites, deep link reload and back; nothing typed reaches the server', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/itTools');
    await expectArea(page, 'toolbox');
    await expect(page.getByRole('heading', { name: 'IT 工具' })).toBeVisible();
    await expect(page.getByTestId('it-tool-card')).toHaveCount(24);
    // The grid loads no tool's code (nor its libraries).
    expect(seen.toolChunks()).toEqual([]);

    // Search, open Base64 from its card: its own URL and its own chunk.
    await page.getByPlaceholder('搜索工具名称、用途或英文名').fill('base64');
    await expect(page.getByTestId('it-tool-card')).toHaveCount(2);
    await card(page, 'base64').getByRole('link').click();
    await expect(page).toHaveURL(/\/itTools\/base64$/);
    await expect(page.getByRole('heading', { name: 'Base64 编解码' })).toBeVisible();
    await page.getByTestId('base64-input').fill('启明工具箱 RFC');
    await expect(page.getByTestId('base64-output')).toHaveValue('5ZCv5piO5bel5YW3566xIFJGQw==');
    await page.getByRole('radio', { name: '解码' }).click();
    await page.getByTestId('base64-input').fill('5ZCv5piO!');
    await expect(page.getByTestId('tool-error')).toHaveText('第 9 个字符「!」不是 Base64 字符');
    expect(seen.toolChunks()).toEqual(['base64']);

    // Browser back returns to the grid.
    await page.goBack();
    await expect(page).toHaveURL(/\/itTools$/);
    await expect(page.getByTestId('it-tools')).toBeVisible();

    // SHA-256 of a text.
    await page.getByPlaceholder('搜索工具名称、用途或英文名').fill('哈希');
    await card(page, 'hash').getByRole('link').click();
    await page.getByTestId('hash-input').fill('abc');
    await expect(page.getByTestId('hash-sha256')).toHaveText('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    await expect(page.getByTestId('hash-md5')).toHaveText('900150983cd24fb0d6963f7d28e17f72');

    // JSON by deep link: an error with its line and column, then fixed; a reload keeps the tool.
    await page.goto('/itTools/json');
    await expect(page.getByRole('heading', { name: 'JSON 格式化' })).toBeVisible();
    await page.getByTestId('json-input').fill('{"name": "启明",\n "tags": ["AI",]}');
    await expect(page.getByTestId('tool-error')).toHaveText('第 2 行第 16 列：这里缺少值（末尾不能有多余的逗号）');
    await page.getByTestId('json-input').fill('{"name": "启明",\n "tags": ["AI"]}');
    await expect(page.getByTestId('tool-error')).toHaveCount(0);
    await expect(page.getByTestId('json-output')).toHaveValue('{\n  "name": "启明",\n  "tags": [\n    "AI"\n  ]\n}');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'JSON 格式化' })).toBeVisible();
    await expect(page.getByTestId('json-input')).toBeVisible();

    // A favourite comes first and stays after a reload.
    await page.getByRole('link', { name: '← 全部工具' }).click();
    await expect(page).toHaveURL(/\/itTools$/);
    await card(page, 'cron').getByRole('button', { name: '收藏 Cron 表达式' }).click();
    await expect(page.getByTestId('it-tool-card').first()).toHaveAttribute('data-tool', 'cron');
    await page.reload();
    await expect(page.getByTestId('it-tool-card').first()).toHaveAttribute('data-tool', 'cron');

    // An unknown tool is the area's 页面不存在.
    await page.goto('/itTools/no-such-tool');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();

    expect(seen.carrying('启明工具箱')).toEqual([]);
    expect(seen.carrying('"tags"')).toEqual([]);
  });

  test('工具集 lists every tool and its cards lead into this area and into others', async ({ page }) => {
    await page.goto('/toolPage');
    await expectArea(page, 'toolbox');
    await expect(page.getByRole('heading', { name: '工具集' })).toBeVisible();
    await expect(page.getByTestId('launcher-card')).toHaveCount(15);

    await page.getByTestId('launcher-card').filter({ hasText: 'IT 工具' }).click();
    await expect(page).toHaveURL(/\/itTools$/);
    await expect(page.getByTestId('it-tools')).toBeVisible();

    await page.goBack();
    await expect(page.getByTestId('tool-launcher')).toBeVisible();
    await page.getByTestId('launcher-card').filter({ hasText: 'AI 绘画' }).click();
    await expect(page).toHaveURL(/\/painter$/);
    await expectArea(page, 'media');
  });

  test('phone width: the grid and a tool fit 390 px', async ({ browser }) => {
    const context = await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    for (const path of ['/itTools', '/itTools/timestamp', '/toolPage']) {
      await page.goto(path);
      await expectArea(page, 'toolbox');
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
