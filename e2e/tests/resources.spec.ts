import { expect, test } from '@playwright/test';

test.describe('resource directory, manual and FAQ', () => {
  test('find a resource by search, open its detail and send feedback, signed out', async ({ page }) => {
    await page.goto('/resourcePage');
    const menu = page.getByTestId('resource-menu');
    await expect(menu.getByRole('button', { name: /AI 对话/ }).first()).toHaveAttribute('aria-current', 'true');
    await expect(menu.getByRole('button', { name: '国内大模型' })).toBeVisible();
    // The menu is 18vw of the 1440 px window.
    const box = await page.locator('aside').filter({ has: menu }).boundingBox();
    expect(Math.round(box!.width)).toBe(Math.round(1440 * 0.18));

    await menu.getByRole('button', { name: /AI 搜索/ }).click();
    await expect(page.getByTestId('resource-card').filter({ hasText: '秘塔 AI 搜索' })).toBeVisible();

    await page.getByPlaceholder('搜索资源名称、简介或标签').fill('ollama');
    // Its name, and Open WebUI's description: name matches first.
    await expect(page.getByText('“ollama” 的搜索结果：2 个')).toBeVisible();
    await expect(page.getByTestId('resource-card').nth(1)).toContainText('Open WebUI');
    await page.getByTestId('resource-card').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('模型社区与开源 / 本地运行与客户端');
    const link = dialog.getByTestId('resource-direct-link');
    await expect(link).toHaveAttribute('href', 'https://ollama.com');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await dialog.getByTestId('resource-feedback').click();
    await dialog.getByTestId('resource-feedback-form').getByRole('combobox').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '信息有误' }).click();
    await dialog.getByTestId('resource-feedback-text').fill('e2e：简介可以写得更具体');
    await dialog.getByTestId('resource-feedback-send').click();
    await expect(page.getByText('感谢反馈，我们会尽快处理')).toBeVisible();
    await expect(dialog.getByTestId('resource-feedback-form')).toHaveCount(0);
  });

  test('a phone shows the menu as a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/resourcePage');
    await expect(page.getByTestId('resource-card').first()).toBeVisible();
    await expect(page.getByTestId('resource-menu')).toHaveCount(0);
    await page.getByTestId('resource-menu-toggle').click();
    await page.getByTestId('resource-menu').getByRole('button', { name: '海外大模型' }).click();
    await expect(page.getByTestId('resource-card').filter({ hasText: 'ChatGPT' })).toBeVisible();
    await expect(page.getByTestId('resource-card').filter({ hasText: 'DeepSeek' })).toHaveCount(0);
  });

  test('the manual opens at a deep link, lists its headings and searches', async ({ page }) => {
    await page.goto(`/instructionPage#${encodeURIComponent('积分与价格')}`);
    const heading = page.locator('h2[id="积分与价格"]');
    await expect(heading).toBeVisible();
    await expect.poll(async () => Math.round((await heading.boundingBox())!.y)).toBeLessThan(300);
    await expect(page.getByTestId('manual-toc').getByRole('link', { name: '积分与价格' })).toHaveAttribute('aria-current', 'location');
    await expect(page.getByTestId('manual-content')).toContainText('03:00');

    await page.getByPlaceholder('在手册中搜索').fill('兑换码');
    await expect(page.getByTestId('manual-hit-count')).toContainText(/第 1 \/ \d+ 处/);
    await expect(page.getByTestId('manual-content').locator('mark').first()).toBeInViewport();
    await page.getByRole('button', { name: '下一个' }).click();
    await expect(page.getByTestId('manual-hit-count')).toContainText(/第 2 \/ \d+ 处/);
    await expect(page.getByTestId('manual-content').locator('mark').nth(1)).toBeInViewport();

    await page.getByTestId('manual-toc').getByRole('link', { name: 'API 密钥' }).click();
    await expect(page).toHaveURL(/#api-%E5%AF%86%E9%92%A5$/);
  });

  test('the chat page opens the FAQ in a new tab', async ({ page, context }) => {
    await page.goto('/chatPage');
    const faqLink = page.getByTestId('open-faq');
    await expect(faqLink).toHaveAttribute('target', '_blank');
    const [faq] = await Promise.all([context.waitForEvent('page'), faqLink.click()]);
    await expect(faq).toHaveURL(/\/normalQuestionPage$/);
    await expect(page).toHaveURL(/\/chatPage/);
    await expect(faq.getByText('收不到验证码怎么办？')).toBeVisible();
    await faq.getByPlaceholder('搜索常见问题').fill('03:00');
    await expect(faq.getByText('找到 1 个相关问题')).toBeVisible();
    await expect(faq.getByText(/每天 03:00（北京时间）刷新/)).toBeVisible();
  });
});
