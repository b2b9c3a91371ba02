import { expect, test } from '@playwright/test';
import { ask, signedInChat } from '../support/chatPage';

test.describe('哄哄模拟器 and prompt templates', () => {
  test('a scene from /hong plays in the chat: the partner replies in character, each try moves the value, the game ends and restarts; history keeps the mode', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await page.goto('/hong');
    const scene = page.getByTestId('hong-scene').first();
    const title = (await scene.getByRole('heading').textContent())!;
    await scene.getByRole('button', { name: '开始哄' }).click();
    await expect(page).toHaveURL(/\/chatPage\?hong=hong-/);
    await expect(page.getByTestId('hong-banner')).toContainText(title);
    await expect(page.getByTestId('hong-tries-left')).toHaveText('10');

    const apologies = ['对不起，是我的错，我不该忘记，我保证以后每个纪念日都提前一周准备好礼物和晚餐。', '真的很抱歉，都怪我太粗心了，这周末我带你去你最想去的那家餐厅补过，好吗？', '我错了，我不找任何借口，以后我会把重要的日子都记在日历里，再也不让你失望。'];
    for (let i = 0; i < 10; i++) {
      if (await page.getByTestId('hong-result').isVisible()) break;
      await ask(page, apologies[i % apologies.length]!);
      await expect(page.getByTestId('hong-tries-left')).toHaveText(String(9 - i));
      await expect(page.getByTestId('hong-line-partner').last().getByTestId('hong-change')).toHaveText(/原谅值 [+-]?\d+/);
      await expect(page.getByTestId('hong-line-partner').last()).not.toContainText('【原谅值】');
    }
    await expect(page.getByTestId('hong-result')).toBeVisible();
    await expect(page.getByTestId('composer-input')).toBeHidden();
    await expect(page.getByTestId('regenerate')).toHaveCount(0);

    await page.reload();
    await page.getByTestId('history-item').first().getByRole('button').first().click();
    await expect(page.getByTestId('hong-result')).toBeVisible();
    await page.getByTestId('hong-result').getByRole('button', { name: '再玩一次' }).click();
    await expect(page.getByTestId('hong-tries-left')).toHaveText('10');
    await page.getByRole('button', { name: '退出哄哄模拟器' }).click();
    await expect(page.getByTestId('hong-conversation')).toHaveCount(0);
    await expect(page.getByTestId('welcome')).toBeVisible();
  });

  test('a prompt template fills the input', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await page.getByTestId('open-templates').click();
    const templates = page.getByTestId('prompt-templates');
    await templates.getByRole('tab').nth(2).click();
    const card = templates.getByRole('button', { name: /./ }).filter({ hasText: '【' }).first();
    const prompt = (await card.locator('span').textContent())!;
    await card.click();
    await expect(page.getByTestId('settings-drawer')).toBeHidden();
    await expect(page.getByTestId('composer-input')).toHaveValue(prompt);
  });
});
