import { expect, test, type Page } from '@playwright/test';
import { newSignedInUser, registerByEmail, uniqueEmail } from '../support/account';
import { answers, ask } from '../support/chatPage';
import { startFakeSearxng, searchResultTitle, type FakeSearxng } from '../support/fakeSearxng';
import { productFor } from '../support/product';

/** Opens the extension dialog and adds the named extensions (by their display names); confirms. */
async function chooseExtensions(page: Page, names: string[]) {
  await page.getByTestId('open-extensions').click();
  const dialog = page.getByTestId('extension-dialog');
  await expect(dialog.getByTestId('extension-item').first()).toBeVisible();
  for (const name of names) await dialog.getByTestId('extension-item').filter({ hasText: name }).getByRole('button', { name: '添加' }).click();
  await expect(page.getByTestId('extension-count')).toHaveText(`已选择 ${names.length} 个`);
  await page.getByTestId('extension-confirm').click();
}

test.describe('extensions (MCP) in the chat', () => {
  test('pick two extensions in the dialog, ask what needs the calculator: the call and its result in the answer, kept in history', async ({ page }) => {
    await newSignedInUser(page);
    await page.goto('/chatPage?model=gpt-4o');

    // The dialog: the built-in extensions, the search box filters, 清空 empties the choice.
    await page.getByTestId('open-extensions').click();
    const dialog = page.getByTestId('extension-dialog');
    await expect(dialog.getByTestId('extension-item')).toHaveCount(5);
    await dialog.getByPlaceholder('搜索扩展').fill('计算');
    await expect(dialog.getByTestId('extension-item')).toHaveText([/计算器/]);
    await dialog.getByPlaceholder('搜索扩展').fill('');
    await dialog.getByTestId('extension-item').filter({ hasText: '时间与日期' }).getByRole('button', { name: '添加' }).click();
    await expect(page.getByTestId('extension-count')).toHaveText('已选择 1 个');
    await page.getByRole('button', { name: '清空' }).click();
    await expect(page.getByTestId('extension-count')).toHaveText('已选择 0 个');
    await page.keyboard.press('Escape');

    await chooseExtensions(page, ['计算器', '单位换算']);
    await expect(page.getByTestId('extension-chip')).toHaveText([/计算器/, /单位换算/]);

    await ask(page, '帮我算一下 (3+5)×12÷4 等于多少');
    const answer = answers(page).last();
    const call = answer.getByTestId('tool-call');
    await expect(call).toHaveCount(1);
    await expect(call).toContainText('计算器');
    await expect(call).toContainText('✓');
    await expect(answer.getByTestId('markdown')).toContainText('(3+5)*12/4 = 24');
    await call.click();
    await expect(answer.getByTestId('tool-call-details')).toContainText('(3+5)*12/4 = 24');
    await page.screenshot({ path: 'test-results/screenshots/extensions-answer-1440.png' });

    // After a reload the conversation shows the call again, and its selection is remembered.
    await page.reload();
    await expect(answers(page).last().getByTestId('tool-call')).toContainText('计算器');
    await expect(page.getByTestId('extension-chip')).toHaveText([/计算器/, /单位换算/]);
  });

  test('signed out: the extension button asks to log in', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chatPage?model=gpt-4o');
    await page.getByTestId('open-extensions').click();
    await expect(page.getByRole('dialog').getByText('请在登录后使用扩展')).toBeVisible();
    await expect(page.getByTestId('extension-dialog')).toHaveCount(0);
  });
});

test.describe('web search with a search provider (SearXNG)', () => {
  let searxng: FakeSearxng;
  test.beforeAll(async () => {
    searxng = await startFakeSearxng();
  });
  test.afterAll(async () => {
    await searxng.close();
  });
  const product = productFor(test, () => ({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: searxng.baseUrl }));

  test('the 联网搜索 switch searches before the answer: the search shown, its results as references, quoted in the answer', async ({ page }) => {
    await page.goto(`${product().baseUrl}/loginPage`);
    await registerByEmail(page, uniqueEmail());
    await expect(page.getByTestId('username')).toBeVisible();
    await page.goto(`${product().baseUrl}/chatPage?model=gpt-4o`);
    // A first visit to this server's chat: its 重要通知 comes first.
    await page.getByTestId('announcement-modal').getByRole('button', { name: '我已了解' }).click();
    await page.getByTestId('web-search').check();
    await ask(page, '长城最近有什么新闻');
    const answer = answers(page).last();
    await expect(answer.getByTestId('tool-call')).toContainText('联网搜索');
    await expect(answer.getByTestId('reference')).toHaveCount(2);
    await expect(answer.getByTestId('reference').first()).toContainText(searchResultTitle('长城最近有什么新闻', 1));
    await expect(answer.getByTestId('markdown')).toContainText('关于长城最近有什么新闻的第 1 条搜索摘要');
    expect(searxng.queries).toContain('长城最近有什么新闻');
  });
});
