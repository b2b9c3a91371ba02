import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newSignedInUser } from '../support/account';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Picks Excalidraw's rectangle tool and drags one out on the canvas, as a user does. */
async function drawRectangle(page: Page, at: { x: number; y: number }) {
  // The tool is a radio input drawn over by its icon: the user clicks the icon (its label).
  await page.locator('label', { has: page.getByTestId('toolbar-rectangle') }).click();
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 160, at.y + 90, { steps: 10 });
  await page.mouse.up();
}

/** The PNG export's bytes and width (IHDR). */
async function exportPng(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 PNG' }).click()]);
  const png = fs.readFileSync((await download.path())!);
  return { name: download.suggestedFilename(), png, width: png.readUInt32BE(16) };
}

test.describe('白板 and 我的作品', () => {
  test('draw on a new board, autosave, reload keeps it, export PNG and SVG, rename; 我的作品 lists it and opens it', async ({ page }) => {
    test.setTimeout(120_000);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await newSignedInUser(page);
    await page.goto('/whiteBoard');
    await expect(page.getByText('还没有白板')).toBeVisible();
    await page.getByRole('button', { name: '新建白板' }).click();
    await expect(page).toHaveURL(/\/whiteBoard\?board=/);
    const boardUrl = page.url();
    const editor = page.getByTestId('whiteboard-editor');
    await expect(editor.getByTestId('board-title')).toHaveText('未命名白板');
    await expect(page.getByTestId('toolbar-rectangle')).toBeVisible({ timeout: 30_000 });
    // Opening a board saves nothing.
    await expect(editor.getByTestId('save-state')).toHaveText('已保存');

    await drawRectangle(page, { x: 600, y: 420 });
    await expect(editor.getByTestId('save-state')).toHaveText('正在保存…');
    await expect(editor.getByTestId('save-state')).toHaveText('已保存', { timeout: 15_000 });

    await page.reload();
    await expect(page.getByTestId('toolbar-rectangle')).toBeVisible({ timeout: 30_000 });
    await expect(editor.getByTestId('save-state')).toHaveText('已保存');
    // The rectangle came back: the export is its size (160 px + padding), not an empty board's.
    const { name, png, width } = await exportPng(page);
    expect(name).toBe('未命名白板.png');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(width).toBeGreaterThanOrEqual(160);
    expect(width).toBeLessThan(260);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe('未命名白板.svg');
    expect(fs.readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);

    await editor.getByRole('button', { name: '重命名' }).click();
    const dialog = page.getByRole('dialog', { name: '重命名' });
    await dialog.getByLabel('白板名称').fill('产品草图');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(editor.getByTestId('board-title')).toHaveText('产品草图');

    await editor.getByRole('button', { name: '白板列表' }).click();
    const card = page.getByTestId('board-card').filter({ hasText: '产品草图' });
    await expect(card).toContainText('1 个元素');

    await page.goto('/workPage');
    const work = page.getByTestId('work-card').filter({ hasText: '产品草图' });
    await expect(work).toHaveAttribute('data-kind', 'whiteboard');
    // Every area's list answered (a refused call would show its own 加载失败 section).
    await expect(page.getByTestId('works-grid')).toBeVisible();
    await expect(page.locator('[data-testid^="works-failed-"]')).toHaveCount(0);
    await page.getByTestId('works-filter-image').click();
    await expect(work).toBeHidden();
    await expect(page.getByTestId('works-empty')).toContainText('还没有图片');
    await expect(page.getByRole('button', { name: '去 AI 绘画' })).toBeVisible();
    await page.getByTestId('works-filter-whiteboard').click();
    await work.click();
    await expect(page).toHaveURL(boardUrl);
    await expect(editor.getByTestId('board-title')).toHaveText('产品草图');

    const origin = new URL(page.url()).origin;
    const external = requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
    expect(external, 'the whiteboard fetches nothing from other sites (fonts come from the build)').toEqual([]);
  });

  test('two tabs on one board: the later save gets the conflict, and 载入最新版本 shows the other tab’s drawing', async ({ page, context }) => {
    test.setTimeout(120_000);
    await newSignedInUser(page);
    await page.goto('/whiteBoard');
    await page.getByRole('button', { name: '新建白板' }).click();
    await expect(page.getByTestId('toolbar-rectangle')).toBeVisible({ timeout: 30_000 });
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByTestId('toolbar-rectangle')).toBeVisible({ timeout: 30_000 });

    await drawRectangle(other, { x: 500, y: 400 });
    await expect(other.getByTestId('save-state')).toHaveText('已保存', { timeout: 15_000 });
    await drawRectangle(page, { x: 800, y: 500 });
    await expect(page.getByTestId('conflict')).toContainText('白板已在其他窗口或设备上修改，请载入最新版本后再编辑', { timeout: 15_000 });
    await expect(page.getByTestId('save-state')).toHaveText('未保存（有冲突）');

    await page.getByRole('button', { name: '载入最新版本' }).click();
    await expect(page.getByTestId('save-state')).toHaveText('已保存', { timeout: 30_000 });
    await expect(page.getByTestId('conflict')).toBeHidden();
    // The other tab's one rectangle, at its size.
    const { width } = await exportPng(page);
    expect(width).toBeLessThan(260);
  });

  test('signed out: the board works in this browser with 登录后可保存到云端; 我的作品 asks to log in', async ({ page }) => {
    await page.goto('/whiteBoard');
    await expect(page.getByText('登录后可保存到云端')).toBeVisible();
    await expect(page.getByTestId('toolbar-rectangle')).toBeVisible({ timeout: 30_000 });
    await drawRectangle(page, { x: 600, y: 420 });
    await expect(page.getByTestId('save-state')).toHaveText('已保存', { timeout: 15_000 });
    await page.reload();
    await expect(page.getByTestId('toolbar-rectangle')).toBeVisible({ timeout: 30_000 });
    expect((await exportPng(page)).width).toBeGreaterThanOrEqual(160);

    await page.getByTestId('login-prompt').getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();

    await page.goto('/workPage');
    await expect(page.getByText('登录后查看你在各个工具里创作的作品')).toBeVisible();
  });
});
