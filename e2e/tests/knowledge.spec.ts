import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { answers, ask } from '../support/chatPage';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', 'uploads', name);
/** plan.docx says 第一阶段：需求调研，预计两周完成。 */
const QUESTION = '需求调研预计多久完成';

async function newUserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await newSignedInUser(page);
  return page;
}

test.describe('knowledge bases', () => {
  test('create a public base, upload a PDF and a DOCX, hit-test, ask through / and open the citation; a second account uses it from the public list', async ({ browser }) => {
    test.setTimeout(180_000);
    const name = `项目资料${Date.now() % 100000}`;

    // Alice creates the base; it opens for uploads.
    const alice = await newUserPage(browser);
    await alice.goto('/toolBox/knowledgePage');
    await alice.getByRole('button', { name: '新建知识库' }).first().click();
    const form = alice.getByTestId('knowledge-form');
    await form.getByPlaceholder('例如：产品手册、公司制度').fill(name);
    await form.getByPlaceholder('介绍知识库里有哪些资料、适合回答什么问题').fill('项目计划与季度报告');
    await form.getByRole('switch').click();
    await alice.getByRole('button', { name: '创建', exact: true }).click();
    const detail = alice.getByTestId('knowledge-detail');
    await expect(detail).toBeVisible();

    // Two documents at once, each parsed to 已完成.
    await detail.getByTestId('upload-input').setInputFiles([fixture('report.pdf'), fixture('plan.docx')]);
    const statuses = detail.locator('[data-testid^="status-"]');
    await expect(statuses).toHaveCount(2);
    await expect(statuses).toHaveText(['已完成', '已完成'], { timeout: 30_000 });

    // The hit test ranks the DOCX's passage first.
    await detail.getByRole('tab', { name: '命中测试' }).click();
    await detail.getByPlaceholder('输入要测试的问题，Enter 测试，Shift+Enter 换行').fill(QUESTION);
    await detail.getByRole('button', { name: '测试', exact: true }).click();
    await expect(detail.getByTestId('hit').first()).toContainText('需求调研，预计两周完成');
    await expect(detail.getByTestId('hit').first()).toContainText('plan.docx');

    // In the chat: / opens the picker, Enter picks the base, the answer quotes and cites it.
    await alice.goto('/chatPage');
    const input = alice.getByTestId('composer-input');
    await input.fill('/');
    await input.pressSequentially(name.slice(0, 4));
    const picker = alice.getByTestId('knowledge-picker');
    await expect(picker).toContainText(name);
    await input.press('Enter');
    await expect(alice.getByTestId('knowledge-banner')).toContainText(name);
    await expect(input).toHaveValue('');
    await ask(alice, QUESTION);
    const answer = answers(alice).last();
    await expect(answer).toContainText('需求调研，预计两周完成', { timeout: 30_000 });
    await expect(answer.getByTestId('answer-knowledge')).toContainText(name);
    const citation = answer.getByTestId('reference').first();
    await expect(citation).toContainText('plan.docx');
    await citation.click();
    await expect(alice).toHaveURL(/\/toolBox\/knowledgePage\?kgId=[^&]+&chunk=/);
    await expect(alice.getByTestId('passage-dialog')).toContainText('需求调研，预计两周完成');

    // Bob finds it among the public bases and uses it in his chat.
    const bob = await newUserPage(browser);
    await bob.goto('/toolBox/knowledgePagePublic');
    await bob.getByPlaceholder('搜索知识库名称或简介').fill(name);
    const card = bob.getByTestId('agent-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: '使用' }).click();
    await expect(bob).toHaveURL(/\/chatPage\?kgId=/);
    await expect(bob.getByTestId('knowledge-banner')).toContainText(name);
    await ask(bob, QUESTION);
    await expect(answers(bob).last()).toContainText('需求调研，预计两周完成', { timeout: 30_000 });
  });
});
