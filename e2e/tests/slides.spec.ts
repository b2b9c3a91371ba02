import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { newSignedInUser } from '../support/account';

/** The distinct ppt/slides/slideN.xml entries of a .pptx (names are stored plainly in a zip). */
function slideEntries(pptx: Buffer): string[] {
  return [...new Set(pptx.toString('latin1').match(/ppt\/slides\/slide\d+\.xml/g) ?? [])];
}

test.describe('AI slides (offline writer)', () => {
  test('a 6-slide deck from a topic: edit the outline, generate, present, download the .pptx and the PDF', async ({ page }) => {
    test.setTimeout(150_000);
    await newSignedInUser(page);
    await page.goto('/pptPage');
    const pageRoot = page.getByTestId('slides-page');
    await expect(pageRoot).toContainText('离线演示');

    await pageRoot.getByLabel('输入主题').fill('人工智能与教育');
    await pageRoot.getByLabel('页数').selectOption('6');
    await pageRoot.getByRole('button', { name: '生成大纲' }).click();

    const outline = page.getByTestId('slides-outline');
    await expect(outline).toContainText('已保存', { timeout: 30_000 });
    const sections = outline.getByTestId('outline-section');
    await expect(sections).toHaveCount(5);
    await expect(outline.getByLabel('演示标题')).toHaveValue('人工智能与教育');

    // Rename the first section, delete its second point, move it below the second section.
    await outline.getByLabel('第 1 章 章节标题').fill('什么是智慧教育');
    const points = sections.first().getByTestId('outline-point');
    const before = await points.count();
    const removed = await sections.first().getByLabel('第 1 章 要点 2', { exact: true }).inputValue();
    await sections.first().getByRole('button', { name: '删除 第 1 章 要点 2' }).click();
    await expect(points).toHaveCount(before - 1);
    await outline.getByRole('button', { name: '下移 第 1 章', exact: true }).click();
    await expect(outline.getByLabel('第 2 章 章节标题')).toHaveValue('什么是智慧教育');
    await expect(outline).toContainText('已保存');

    await outline.getByRole('radio', { name: /森林/ }).click();
    await expect(outline).toContainText('本次消耗 1000 积分');
    await outline.getByRole('button', { name: '生成 PPT（6 页）' }).click();

    const view = page.getByTestId('slides-view');
    await expect(view.getByTestId('slides-status')).toHaveText('已完成', { timeout: 60_000 });
    await expect(view.getByTestId('slides-thumbs').getByTestId('slide-canvas')).toHaveCount(6);
    // The edits made it into the slides: the renamed section is slide 3, the point is gone.
    await view.getByRole('button', { name: '第 3 / 6 页' }).click();
    await expect(view.getByTestId('slides-stage')).toContainText('什么是智慧教育');
    await expect(view.getByTestId('slides-thumbs')).not.toContainText(removed);

    // Presenter: → moves, Esc leaves.
    await view.getByRole('button', { name: '演示' }).click();
    const presenter = page.getByTestId('slides-presenter');
    await expect(presenter.getByTestId('presenter-page')).toHaveText('3 / 6');
    await page.keyboard.press('ArrowRight');
    await expect(presenter.getByTestId('presenter-page')).toHaveText('4 / 6');
    await page.keyboard.press('Escape');
    await expect(presenter).toBeHidden();

    const [pptxDownload] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: '下载 PPTX' }).click()]);
    expect(pptxDownload.suggestedFilename()).toBe('人工智能与教育.pptx');
    const pptx = fs.readFileSync((await pptxDownload.path())!);
    expect(pptx.subarray(0, 2).toString()).toBe('PK');
    expect(slideEntries(pptx)).toHaveLength(6);

    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: '下载 PDF' }).click()]);
    expect(pdfDownload.suggestedFilename()).toBe('人工智能与教育.pdf');
    const pdf = fs.readFileSync((await pdfDownload.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(6);

    // The deck is in the list; reload keeps it.
    await page.reload();
    const decks = page.getByTestId('slides-decks');
    await expect(decks).toContainText('人工智能与教育');
    await decks.getByRole('button', { name: /人工智能与教育/ }).click();
    await expect(page.getByTestId('slides-status')).toHaveText('已完成');
  });

  test('signed out, the page shows and creating asks to log in', async ({ page }) => {
    await page.goto('/pptPage');
    const pageRoot = page.getByTestId('slides-page');
    await expect(pageRoot).toContainText('登录后查看你的演示文稿');
    await pageRoot.getByLabel('输入主题').fill('公司年会');
    await pageRoot.getByRole('button', { name: '生成大纲' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('重新登录');
  });
});

test.describe('AI slides on a phone', () => {
  test('the page and the outline editor fit 390 px', async ({ page }) => {
    await newSignedInUser(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pptPage');
    const pageRoot = page.getByTestId('slides-page');
    await pageRoot.getByLabel('输入主题').fill('城市垃圾分类的现状与对策');
    await pageRoot.getByRole('button', { name: '生成大纲' }).click();
    await expect(page.getByTestId('slides-outline')).toContainText('已保存', { timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
