import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { docxOf } from '../support/docx';

const PAPER = [
  '人工智能与乡村教育',
  '那年夏天我在外婆家住了整整两个月。村口有棵老槐树，树下总坐着几个摇蒲扇的老人，他们聊收成，聊谁家的儿子在城里买了房。我听不太懂。每天傍晚，外婆会让我去井边打水，水桶很沉，我常常走一半就得歇一歇！后来表哥教我用扁担，说两头挑着反而省力，我试了，果然。',
  '雨季来得突然。有一回半夜打雷，屋顶漏了，外婆端着脸盆在屋里转来转去地接水，嘴里念叨着明天一定要找人来修。第二天太阳很好，修屋顶的事她就忘了。',
  '随着人工智能技术的不断发展，其在教育领域的应用日益广泛。首先，人工智能能够为学生提供个性化的学习方案，有效提升学习效率。其次，人工智能可以辅助教师完成作业批改等重复性工作，显著提升教学质量。此外，人工智能还能够帮助学校优化资源配置，实现管理的智能化。',
  '综上所述，人工智能在教育领域具有重要意义。值得注意的是，人工智能在教育领域的应用也面临数据安全等挑战。因此，我们需要进一步完善相关制度，确保人工智能技术的健康发展。同时，我们需要加强教师培训，提升教师的信息素养。',
];

test.describe('paper AIGC check (offline estimate)', () => {
  test('upload a DOCX, run the standard check, read the report with its highlighted passages, download the PDF, delete it from the history', async ({ page }) => {
    test.setTimeout(120_000);
    await newSignedInUser(page);
    await page.goto('/paperPage');
    const root = page.getByTestId('paper-page');
    await expect(root).toContainText('离线演示');
    await expect(root.getByTestId('paper-cost')).toHaveText('本次消耗 300 积分');
    await root.getByTestId('paper-detector-v2').click();
    await expect(root.getByTestId('paper-cost')).toHaveText('本次消耗 800 积分');
    await root.getByTestId('paper-detector-standard').click();

    // A type the check does not read is refused before any upload.
    await root.getByTestId('paper-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('89504e47', 'hex') });
    await expect(page.getByTestId('toast').filter({ hasText: '仅支持 PDF、DOCX、TXT 格式的论文' })).toBeVisible();

    await root.getByTestId('paper-file').setInputFiles({ name: '课程论文.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docxOf(PAPER) });
    await expect(root.getByTestId('paper-document')).toContainText('课程论文.docx');
    await expect(root.getByTestId('paper-document')).toContainText('4 个段落');

    await root.getByTestId('paper-start').click();
    const report = root.getByTestId('paper-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(report.getByTestId('paper-overall')).toContainText(/\d+%/);
    await expect(report).toContainText('标准检测 · 统计估计（特征版本 1）');
    const paragraphs = report.getByTestId('paper-paragraph');
    await expect(paragraphs).toHaveCount(4);
    await expect(paragraphs.nth(0)).toHaveAttribute('data-level', 'low');
    await expect(paragraphs.nth(2)).not.toHaveAttribute('data-level', 'low');
    const marks = paragraphs.nth(2).locator('mark');
    await expect(marks.first()).toBeVisible();
    await expect(marks.first()).toHaveAttribute('title', /连接词与套话/);

    const [download] = await Promise.all([page.waitForEvent('download'), root.getByTestId('paper-download').click()]);
    expect(download.suggestedFilename()).toBe('课程论文-AIGC检测报告.pdf');
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The check is in the history after a reload; deleting it empties the history.
    await page.reload();
    const history = page.getByTestId('paper-history');
    await expect(history).toContainText('课程论文.docx');
    await history.getByRole('button', { name: /课程论文\.docx/ }).click();
    await expect(page.getByTestId('paper-report')).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await history.getByRole('button', { name: '删除' }).click();
    await expect(page.getByTestId('paper-page')).toContainText('还没有检测记录');
    await expect(page.getByTestId('paper-report')).toBeHidden();
  });

  test('signed out, the page shows and uploading asks to log in', async ({ page }) => {
    await page.goto('/paperPage');
    const root = page.getByTestId('paper-page');
    await expect(root.getByTestId('paper-cost')).toHaveText('本次消耗 300 积分');
    await root.getByTestId('paper-drop').click();
    await expect(page.getByRole('alertdialog')).toContainText('重新登录');
  });
});
