import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { docxOf } from '../support/docx';

/** Three pages (fixtures/make-doc-chat-pdf.mjs): the return policy is on page 2. */
const HANDBOOK = path.join(__dirname, '..', 'fixtures', 'uploads', 'handbook.pdf');

test.describe('文档对话 (/pdfChatPage)', () => {
  test('upload a PDF, ask about page 2, follow the page citation to the marked passage, search, reopen from the list; phone tabs', async ({ page }) => {
    test.setTimeout(150_000);
    const workerRequests: string[] = [];
    page.on('request', (request) => request.url().includes('pdf.worker') && workerRequests.push(request.url()));
    await newSignedInUser(page);
    await page.goto('/pdfChatPage');
    await expect(page.getByText('还没有文档，上传一份 PDF 或 Word 文档开始对话')).toBeVisible();

    // Not a PDF: said in Chinese before anything is sent.
    await page.getByTestId('doc-chat-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('文档对话支持 PDF 和 Word（.docx）文件，其他格式请先另存为 PDF 再上传')).toBeVisible();

    await page.getByTestId('doc-chat-file').setInputFiles(HANDBOOK);
    await expect(page).toHaveURL(/\/pdfChatPage\?doc=/);
    const documentUrl = page.url();
    const viewer = page.getByTestId('pdf-viewer');
    await expect(viewer.locator('[data-page="3"]')).toBeAttached({ timeout: 30_000 });
    await expect(page.getByTestId('pdf-current-page')).toHaveText('第 1 / 3 页');
    // The worker came from our own build, not a CDN.
    expect(workerRequests.length).toBeGreaterThan(0);
    expect(workerRequests.every((url) => new URL(url).origin === new URL(page.url()).origin || url.startsWith('blob:'))).toBe(true);
    // The text layer is there (selectable text) and thumbnails for every page.
    await expect(viewer.locator('[data-page="1"] .textLayer')).toContainText('公司简介', { timeout: 30_000 });
    await expect(viewer.locator('nav canvas')).toHaveCount(3, { timeout: 30_000 });

    // Suggested questions come from the document's headings once it is indexed.
    const chat = page.getByTestId('doc-chat-pane');
    await expect(chat.getByTestId('doc-chat-suggestions')).toContainText('「退货政策」部分讲了什么？', { timeout: 30_000 });

    // Zoom.
    await page.getByRole('button', { name: '放大' }).click();
    await expect(page.getByTestId('pdf-zoom')).toHaveText('125%');

    // Ask; the offline model quotes page 2 and cites it.
    await chat.getByRole('textbox').fill('收到商品后多久内可以退货？');
    await chat.getByRole('textbox').press('Enter');
    const answer = chat.getByTestId('doc-chat-answer').last();
    await expect(answer).toContainText('七天内申请', { timeout: 30_000 });
    await expect(answer).toContainText('离线演示');
    const citation = answer.getByTestId('doc-chat-citation').first();
    await expect(citation).toHaveText('[1] handbook.pdf 第 2 页');

    // Following it scrolls the viewer to page 2 with the passage marked.
    await page.getByTestId('pdf-viewer').locator('.react-pdf__Page').first().scrollIntoViewIfNeeded();
    await citation.click();
    await expect(page.getByTestId('pdf-current-page')).toHaveText('第 2 / 3 页');
    const marked = viewer.locator('[data-page="2"] .textLayer mark');
    await expect(marked.first()).toBeVisible();
    await expect(marked.first()).toBeInViewport();
    expect((await marked.allTextContents()).join('')).toContain('七天内申请');

    // Search in the document.
    await page.getByRole('searchbox', { name: '在文档中搜索' }).or(page.getByPlaceholder('在文档中搜索')).first().fill('发票');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    const hits = page.getByTestId('pdf-search-hits');
    await expect(hits).toContainText('找到');
    await hits.getByRole('button', { name: /第 3 页/ }).first().click();
    await expect(page.getByTestId('pdf-current-page')).toHaveText('第 3 / 3 页');

    // Reopen from the list: the conversation comes back with its citation.
    await page.goto('/pdfChatPage');
    await page.getByTestId('doc-chat-documents').getByRole('button', { name: /^handbook\.pdf/ }).click();
    await expect(page).toHaveURL(documentUrl);
    await expect(page.getByTestId('doc-chat-question')).toHaveText('收到商品后多久内可以退货？');
    await expect(page.getByTestId('doc-chat-citation').first()).toHaveText('[1] handbook.pdf 第 2 页');

    // Phone: the viewer and the chat are tabs; a citation switches back to the document.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(viewer).toBeVisible();
    await expect(page.getByTestId('doc-chat-pane')).toBeHidden();
    await page.getByRole('tab', { name: '对话' }).click();
    await expect(page.getByTestId('doc-chat-pane')).toBeVisible();
    await expect(viewer).toBeHidden();
    await page.getByTestId('doc-chat-citation').first().click();
    await expect(viewer).toBeVisible();
    await expect(page.getByTestId('pdf-current-page')).toHaveText('第 2 / 3 页');
    await page.getByRole('button', { name: '‹ 文档列表' }).click();
    await expect(page.getByTestId('doc-chat-documents')).toBeVisible();

    // Delete.
    await page.getByRole('button', { name: '删除 handbook.pdf' }).click();
    await page.getByRole('button', { name: '删 除' }).or(page.getByRole('button', { name: '删除', exact: true })).last().click();
    await expect(page.getByText('还没有文档，上传一份 PDF 或 Word 文档开始对话')).toBeVisible();
  });

  test('a Word file is shown converted to PDF, and an answer cites the page the viewer shows', async ({ page }) => {
    test.setTimeout(90_000);
    await newSignedInUser(page);
    await page.goto('/pdfChatPage');
    // About 40 lines of filler, then the rule asked about: it lands on page 2 of the converted PDF.
    const filler = Array.from({ length: 40 }, (_, i) => `第 ${i + 1} 条：本制度适用于公司全体员工，包括试用期员工与实习生。`);
    const buffer = docxOf(['报销制度', ...filler, '差旅报销须在出差结束后十五个工作日内提交。']);
    await page.getByTestId('doc-chat-file').setInputFiles({ name: '报销制度.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer });
    await expect(page).toHaveURL(/\/pdfChatPage\?doc=/);
    const viewer = page.getByTestId('pdf-viewer');
    await expect(page.getByTestId('pdf-current-page')).toHaveText('第 1 / 2 页', { timeout: 30_000 });
    await expect(viewer.locator('[data-page="1"] .textLayer')).toContainText('本制度适用于公司全体员工', { timeout: 30_000 });

    const chat = page.getByTestId('doc-chat-pane');
    await expect(chat.getByTestId('doc-chat-suggestions')).toBeVisible({ timeout: 30_000 });
    await chat.getByRole('textbox').fill('差旅报销要在多久内提交？');
    await chat.getByRole('textbox').press('Enter');
    const answer = chat.getByTestId('doc-chat-answer').last();
    await expect(answer).toContainText('离线演示', { timeout: 30_000 });
    await expect(answer.getByTestId('doc-chat-citation').first()).toHaveText('[1] 报销制度.docx 第 2 页');
    await answer.getByTestId('doc-chat-citation').first().click();
    await expect(page.getByTestId('pdf-current-page')).toHaveText('第 2 / 2 页');
    await expect(viewer.locator('[data-page="2"] .textLayer mark').first()).toBeVisible();
    await expect(viewer.locator('[data-page="2"] .textLayer')).toContainText('差旅报销须在出差结束后十五个工作日内提交');
  });
});
