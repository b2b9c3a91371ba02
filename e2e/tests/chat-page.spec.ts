import { expect, test } from '@playwright/test';
import { conversation } from '../support/api';
import { answers, ask, signedInChat } from '../support/chatPage';

test.describe('chat page', () => {
  test('the model picker: type tabs, search, 充值, the ranking dialog picks a model; an outside click closes it', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await page.getByTestId('model-select').click();
    const picker = page.getByTestId('model-card-picker');
    await expect(picker.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
    await picker.getByTestId('tabs-right').click();
    await picker.getByRole('tab', { name: '视频' }).click();
    await expect(picker.getByRole('option').first()).toContainText('积分');
    await picker.getByRole('tab', { name: 'DeepSeek' }).click();
    await picker.getByLabel('搜索模型').fill('deepseek-reasoner');
    await expect(picker.getByRole('option').first()).toContainText('DeepSeek');
    await picker.getByLabel('搜索模型').fill('没有这个模型');
    await expect(picker).toContainText('没有找到匹配的模型');
    await page.getByTestId('messages').click({ position: { x: 10, y: 10 } });
    await expect(picker).toBeHidden();

    await page.getByTestId('model-select').click();
    await picker.getByTestId('open-ranking').click();
    const ranking = page.getByTestId('ranking-dialog');
    await expect(ranking.getByRole('listitem').first()).toContainText('积分');
    await ranking.getByRole('listitem').nth(1).getByRole('button', { name: '使用' }).click();
    await expect(ranking).toBeHidden();
    await expect(page.getByTestId('welcome').getByRole('img', { name: /能力评分 \d+\/10/ })).toBeVisible();

    await page.getByTestId('model-select').click();
    await picker.getByRole('button', { name: '充值' }).click();
    await expect(page.getByTestId('pay-dialog').getByTestId('pay-ask')).toBeVisible();
  });

  test('on a 390 px phone: the top bar keeps 设置 on screen, the settings drawer fits, and the composer\'s bottom row stays visible under the invite banner', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await page.setViewportSize({ width: 390, height: 844 });
    // A visitor who has not closed the invite activity yet: the banner sits under the navbar.
    await page.evaluate(() => {
      localStorage.removeItem('showActiviesVersion');
      localStorage.removeItem('showActiviesCount');
    });
    await page.reload();
    await expect(page.getByTestId('activity-banner')).toBeVisible();
    const inView = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!;
      return box.x >= 0 && box.y >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844;
    };
    await expect.poll(() => inView('open-settings')).toBe(true);
    expect(await inView('favourite-model')).toBe(true);
    await expect.poll(() => inView('send')).toBe(true);
    const webSearch = (await page.getByText('联网搜索').boundingBox())!;
    expect(webSearch.y + webSearch.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: 'test-results/screenshots/chat-phone-banner-390.png' });

    await page.getByTestId('open-settings').click();
    const drawer = page.getByTestId('settings-drawer');
    await expect(drawer).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(390);
    await page.screenshot({ path: 'test-results/screenshots/chat-settings-drawer-390.png' });
  });

  test('a slow model shows the progress checklist with the seconds waited; the answer ends it; copy as Markdown, open the export preview', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await ask(page, '介绍一下长城 [[fault:slow-first-token]]');
    const checklist = page.getByTestId('message-live').getByTestId('progress-checklist');
    await expect(checklist).toContainText('正在连接模型');
    await expect(checklist).toContainText(/已等待 [2-9] 秒/);
    await expect(answers(page)).toHaveCount(1, { timeout: 20_000 });
    const answer = answers(page).first();
    await expect(answer).toContainText('长城');
    // The answer's header names the model as the catalogue does, not by its code.
    await expect(answer.getByTestId('answer-meta')).toContainText('GLM-4-Flash');
    await expect(answer.getByTestId('answer-meta')).not.toContainText('glm-4-flash');

    await answer.getByTestId('copy-markdown').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(20);
    await answer.getByTestId('export-open').click();
    const preview = page.getByRole('dialog', { name: '导出内容预览' });
    await expect(preview.getByTestId('export-document')).toContainText('介绍一下长城');
    // The record names the model as the catalogue does, never by its code.
    await expect(preview.getByTestId('export-document')).toContainText('GLM-4-Flash');
    await expect(preview.getByTestId('export-document')).not.toContainText('glm-4-flash');
    await preview.getByRole('button', { name: /^(Close|关闭)$/ }).click();
    await expect(preview).toHaveCount(0);
  });

  test('a long conversation opens at its end with its last page, renders only the messages near the viewport, and reads earlier ones on scrolling up without moving the view', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    // 44 messages: the last 40 open (from the 3rd question), the first 4 come on scrolling up.
    const questions = Array.from({ length: 22 }, (_, i) => `第${i + 1}个问题：用一句话介绍数字${i + 1}`);
    await conversation(page, questions);
    await page.reload();
    await page.getByTestId('history-item').first().getByRole('button').first().click();
    const list = page.getByTestId('virtual-list');
    await expect(list).toBeVisible();
    await expect(answers(page).last()).toBeInViewport();
    const question = (n: number) => page.getByTestId('message-user').filter({ hasText: `第${n}个问题：` });
    await expect(question(22)).toHaveCount(1);
    expect(await page.getByTestId('message-user').count()).toBeLessThan(22);
    await expect(question(1)).toHaveCount(0);

    // Scrolled once the list has measured what it shows (a jump made while it measures is corrected back by the list).
    const box = page.getByTestId('messages');
    let height = -1;
    await expect.poll(async () => height === (height = await box.evaluate((el) => el.scrollHeight)), { intervals: [300] }).toBe(true);
    await box.evaluate((el) => (el.scrollTop = 0));
    await expect(question(3)).toBeInViewport();
    await expect(question(2)).toHaveCount(1);
    await expect(page.getByTestId('loading-earlier')).toHaveCount(0);
    // The page above was put on top: the 3rd question is still where the user was reading.
    await expect(question(3)).toBeInViewport();
    await expect(question(1)).not.toBeInViewport();
    await box.evaluate((el) => (el.scrollTop = 0));
    await expect(question(1)).toBeInViewport();
    await page.getByRole('button', { name: '回到底部' }).click();
    await expect(question(22)).toHaveCount(1);
    await expect(answers(page).last()).toBeInViewport();
  });
});
