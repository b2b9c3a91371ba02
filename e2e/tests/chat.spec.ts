import { expect, test } from '@playwright/test';
import { registerByEmail, uniqueEmail } from '../support/account';
import { answers, ask, signedInChat } from '../support/chatPage';
import { ECHO_MODEL } from '../support/echoUpstream';

test.describe('chat', () => {
  test('the model square: tabs with new badges, a card opens the chat with its model', async ({ page }) => {
    await page.goto('/');
    const square = page.getByTestId('model-square');
    await expect(square.getByRole('tab', { name: /Claude专区/ })).toContainText('新');
    await square.getByRole('tab', { name: 'DeepSeek' }).click();
    const card = square.getByTestId('model-card').filter({ hasText: 'DeepSeek' }).first();
    await expect(card).toContainText('积分');
    await expect(square.getByTestId('top-five').getByRole('listitem')).toHaveCount(5);
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/chatPage\?model=deepseek/);
    await expect(page.getByTestId('toast').filter({ hasText: /已切换为.*模型/ })).toBeVisible();
  });

  test('a ?model= link: a question sent before the model list has arrived goes to that model', async ({ page }) => {
    await signedInChat(page, '/chatPage');
    // The model list held back for a second: the page is usable before it comes.
    await page.route('**/getModelOptions*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const send = page.waitForRequest((r) => r.url().includes('getStream'));
    await page.goto(`/chatPage?model=${ECHO_MODEL}`);
    await ask(page, 'ECHO:回声测试');
    expect(((await send).postDataJSON() as { model: string }).model).toBe(ECHO_MODEL);
    await expect(answers(page).first()).toContainText('回声测试');
    await expect(answers(page).first()).not.toContainText('离线演示');
  });

  test('send with a think model: the streamed answer with its thinking, the offline tag and follow-ups; regenerate makes version 2/2; versions switch', async ({ page }) => {
    await signedInChat(page);
    await expect(page.getByTestId('toast').filter({ hasText: /已切换为.*模型/ })).toBeVisible();
    await expect(page.getByTestId('model-select')).toContainText('离线演示');
    await ask(page, '为什么天空是蓝色的？');
    await expect(answers(page)).toHaveCount(1);
    const answer = answers(page).first();
    await expect(answer).toContainText('天空');
    await expect(answer.getByTestId('think-block')).toContainText('已深度思考');
    await expect(answer).toContainText('离线演示');
    await expect(answer.getByTestId('follow-ups').getByRole('button')).toHaveCount(3);
    await expect(page.getByTestId('history-item').first()).toContainText('为什么天空是蓝色的');

    await answer.getByTestId('regenerate').click();
    await expect(answers(page).first().getByTestId('version-switch')).toContainText('2/2');
    await answers(page).first().getByRole('button', { name: '上一个版本' }).click();
    await expect(answers(page).first().getByTestId('version-switch')).toContainText('1/2');
    await page.reload();
    await page.getByTestId('history-item').first().getByRole('button').first().click();
    await expect(answers(page).first().getByTestId('version-switch')).toContainText('1/2');
  });

  test('a favourite model shows in the sidebar; 联系我们 opens the contact dialog; on a phone the sidebar is a drawer', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await page.getByTestId('favourite-model').click();
    await expect(page.getByTestId('favourite-model')).toContainText('已收藏');
    await expect(page.getByTestId('toast').filter({ hasText: '收藏成功，可在AI应用目录-我的收藏中查看' })).toBeVisible();
    await expect(page.getByTestId('favourite-models')).toContainText('GLM-4-Flash');
    await page.reload();
    await expect(page.getByTestId('favourite-models')).toContainText('GLM-4-Flash');
    await page.getByTestId('contact-us').click();
    await expect(page.getByTestId('contact-dialog')).toContainText('本站运营方暂未公布联系方式');
    await page.getByTestId('contact-dialog').getByRole('button', { name: '关闭' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('chat-sidebar')).toBeHidden();
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('chat-sidebar')).toBeVisible();
    await page.getByTestId('new-chat').click();
    await expect(page.getByTestId('chat-sidebar')).toBeHidden();
  });

  test('the settings drawer: memory rounds kept, the system prompt limited to 10000 characters', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await page.getByTestId('open-settings').click();
    const drawer = page.getByTestId('settings-drawer');
    await drawer.getByLabel('记忆轮数').selectOption('2');
    await drawer.getByRole('button', { name: '编辑系统提示词' }).click();
    await page.getByRole('textbox', { name: '系统提示词', exact: true }).fill('x'.repeat(10_001));
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '输入长度不能超过10000' })).toBeVisible();
    await page.getByRole('textbox', { name: '系统提示词', exact: true }).fill('你是一位严谨的历史老师。');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '回复设置已保存' })).toBeVisible();
    await page.reload();
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('settings-drawer').getByLabel('记忆轮数')).toHaveValue('2');
    await page.getByTestId('settings-drawer').getByRole('button', { name: '编辑系统提示词' }).click();
    await expect(page.getByRole('textbox', { name: '系统提示词', exact: true })).toHaveValue('你是一位严谨的历史老师。');
  });

  test('history: rename (empty titles ignored) and delete a conversation', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await ask(page, '介绍一下黄河');
    await expect(answers(page).first()).toContainText('黄河');
    const item = page.getByTestId('history-item').first();
    await item.getByRole('button', { name: '重命名' }).click();
    await page.getByLabel('对话标题').fill('   ');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(item).toContainText('介绍一下黄河');
    await item.getByRole('button', { name: '重命名' }).click();
    await page.getByLabel('对话标题').fill('黄河笔记');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(item).toContainText('黄河笔记');
    await page.reload();
    await expect(page.getByTestId('history-item').first()).toContainText('黄河笔记');
    await page.getByTestId('history-item').first().getByRole('button', { name: '删除' }).click();
    // antd puts a space between two Chinese characters of a button: 删 除.
    await page.getByRole('dialog').getByRole('button', { name: /^删\s*除$/ }).click();
    await expect(page.getByTestId('history-item')).toHaveCount(0);
  });

  test('signed out: sending leaves the noLogin entry and asks to log in; the unsent text comes back after login', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chatPage?model=glm-4-flash');
    await expect(page.getByTestId('welcome')).toContainText('GLM-4-Flash');
    await ask(page, '帮我写一首关于春天的诗');
    await expect(page.getByRole('dialog').getByText('请在登录后发起聊天')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: /取\s*消/ }).click();
    const noLogin = page.getByTestId('chat-no-login');
    await expect(noLogin).toContainText('请在登录后发起聊天');
    expect(await page.evaluate(() => window.localStorage.getItem('beforeInputText'))).toBe('帮我写一首关于春天的诗');
    await page.screenshot({ path: 'test-results/screenshots/chat-no-login-390.png' });

    await noLogin.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/loginPage/);
    await registerByEmail(page, uniqueEmail());
    await expect(page).toHaveURL(/\/chatPage\?model=glm-4-flash/);
    await expect(page.getByTestId('composer-input')).toHaveValue('帮我写一首关于春天的诗');
  });

  test('a 20 000-character message is cut at 2000 with 显示全部 / 收起; pasting 2000 lines and typing after them work (their speed is a benchmark\'s matter, not a test\'s)', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    const input = page.getByTestId('composer-input');
    const lines = Array.from({ length: 2000 }, (_, i) => `第 ${i + 1} 行：${'粘贴进输入框的较长内容。'.repeat(6)}`).join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), lines);
    await input.click();
    await page.keyboard.press('Control+V');
    await expect.poll(() => input.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(lines.length);
    await page.keyboard.type('继续输入');
    await expect.poll(() => input.evaluate((el: HTMLTextAreaElement) => el.value.endsWith('继续输入'))).toBe(true);

    const long = `${'长'.repeat(19_990)}结尾的十个字符在这里`;
    await ask(page, long);
    const question = page.getByTestId('message-user').first();
    await expect(question.getByTestId('long-toggle')).toHaveText('显示全部');
    expect((await question.textContent())!.length).toBeLessThan(2100);
    await expect(question).not.toContainText('结尾的十个字符');
    await question.getByTestId('long-toggle').click();
    await expect(question).toContainText('结尾的十个字符在这里');
    await expect(question.getByTestId('long-toggle')).toHaveText('收起');
    await question.getByTestId('long-toggle').click();
    await expect(question).not.toContainText('结尾的十个字符');
    await page.screenshot({ path: 'test-results/screenshots/chat-long-message-1440.png' });
  });

  test('/chatPage/g-<code> of an agent that does not exist says so instead of silently opening the default model', async ({ page }) => {
    await page.goto('/chatPage/g-no-such-agent');
    await expect(page.getByTestId('agent-missing')).toContainText('该智能体不存在或已被删除，当前为默认模型对话');
    await expect(page.getByTestId('toast').filter({ hasText: '该智能体不存在或已被删除' })).toBeVisible();
    await page.getByTestId('agent-missing').getByRole('button', { name: '去应用目录看看' }).click();
    await expect(page).toHaveURL(/\/toolBox\/apps2$/);
  });

  test('editing the question makes a branch beside the old one', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await ask(page, '介绍一下杭州');
    await expect(answers(page).first()).toContainText('杭州');
    const question = page.getByTestId('message-user').first();
    await question.getByRole('button', { name: '编辑' }).click();
    await question.getByLabel('编辑问题').fill('介绍一下苏州');
    await question.getByRole('button', { name: '提交' }).click();
    await expect(answers(page).first()).toContainText('苏州');
    await expect(page.getByTestId('message-user').first().getByTestId('version-switch')).toContainText('2/2');
  });

  test('stop keeps the partial answer; a reload during a stream resumes it (the conversation\'s URL, as from the history)', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await ask(page, '写一篇介绍长江的文章 [[fault:stall]]');
    await expect(page.getByTestId('message-live')).toContainText('长江');
    await expect(page.getByTestId('stop')).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/chatPage\?conv=/);
    await expect(page.getByTestId('message-live')).toContainText('长江');
    await page.getByTestId('stop').click();
    await expect(page.getByTestId('send')).toBeVisible();
    await expect(answers(page).first()).toContainText('长江');
  });

  test('out of points: the warning and the 当前积分不足 notice alone; the pay dialog on the user\'s click, and no order until the QR code is asked for', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=o1');
    const orders: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/app-api/pay/getPayInfoGuding')) orders.push(request.url());
    });
    await ask(page, '证明勾股定理');
    await expect(page.getByTestId('integral-not-enough')).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: '积分不足，请及时充值' })).toBeVisible();
    const notice = page.getByTestId('insufficient-points');
    await expect(notice).toContainText('当前积分不足');
    await expect(page.getByTestId('pay-dialog')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/points-notice-1440.png' });

    await notice.getByRole('button', { name: '充值积分' }).click();
    await expect(notice).toHaveCount(0);
    const dialog = page.getByTestId('pay-dialog');
    await expect(dialog.getByTestId('pay-ask')).toContainText('¥18.80');
    await page.waitForTimeout(500);
    expect(orders).toEqual([]);
    await dialog.getByTestId('plan-1').click();
    await expect(dialog.getByTestId('pay-ask')).toContainText('¥6.80');
    expect(orders).toEqual([]);
    await dialog.getByRole('button', { name: '生成支付二维码' }).click();
    await expect(dialog.getByTestId('pay-amount')).toHaveText('¥6.80');
    expect(orders).toHaveLength(1);
  });
});
