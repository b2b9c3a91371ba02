import { expect, test } from '@playwright/test';
import { areaPage, expectArea } from '../support/pages';

// Every route of spec/platform-account-payment.md §2 and spec/chat-and-models.md §2, with its owner.
const ROUTES: Array<[string, string]> = [
  ['/', 'chat'],
  ['/newhomePage', 'chat'],
  ['/chatPage', 'chat'],
  ['/chatPage/g-abc123?model=gpt-4o', 'chat'],
  ['/friendsLinkPage/conv-1', 'chat'],
  ['/hong', 'chat'],
  ['/voice', 'chat'],
  ['/trace', 'chat'],
  ['/pdfChatPage', 'chat'],
  ['/valueChatPage', 'chat'],
  ['/old', 'chat'],
  ['/loginPage?aff=INVITE1', 'account'],
  ['/social-login', 'account'],
  ['/setting', 'account'],
  ['/oaitoken', 'account'],
  ['/oaifree', 'account'],
  ['/oai', 'account'],
  ['/pay', 'pay'],
  ['/rulePage', 'pay'],
  ['/toolBox', 'toolbox'],
  ['/toolBox/apps', 'toolbox'],
  ['/toolBox/apps2', 'toolbox'],
  ['/toolBox/coll', 'toolbox'],
  ['/toolBox/coll2', 'toolbox'],
  ['/toolBox/knowledgePage', 'toolbox'],
  ['/toolBox/knowledgePagePublic', 'toolbox'],
  ['/toolBox/functionCall', 'toolbox'],
  ['/resourcePage', 'toolbox'],
  ['/instructionPage', 'toolbox'],
  ['/toolPage', 'toolbox'],
  ['/itTools', 'toolbox'],
  ['/whiteBoard', 'toolbox'],
  ['/normalQuestionPage', 'toolbox'],
  ['/paperPage', 'toolbox'],
  ['/workPage', 'toolbox'],
  ['/painter', 'media'],
  ['/sharePage', 'media'],
  ['/videoPage', 'media'],
  ['/pptPage', 'media'],
  ['/soundClone', 'media'],
  ['/toolBox/building', 'media'],
];

test.describe('route ownership', () => {
  for (const [route, area] of ROUTES) {
    test(`${route} lands in ${area}`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expectArea(page, area);
      await expect(page.locator('section[data-testid="area-page"]')).toHaveCount(1);
    });
  }

  for (const path of ['/toolBox/coll', '/toolPage', '/trace', '/toolBox/building', '/painter', '/videoPage', '/pptPage', '/pay', '/rulePage', '/paperPage', '/toolBox/knowledgePage']) {
    test(`the breadcrumb names ${path} as its page title does`, async ({ page }) => {
      await page.goto(`${path}?debug=1`);
      const title = await page.getByTestId('area-page').locator('h1').textContent();
      await expect(page.getByTestId('breadcrumb').locator('[aria-current="page"]')).toHaveText(title!);
      // Which area and version drew the page is for the ?debug=1 overlay, not the page's text.
      await expect(page.getByTestId('debug-overlay')).toContainText(/区域 \w+ · 版本 /);
      await expect(page.getByTestId('area-page')).not.toContainText('版本');
    });
  }

  for (const [path, area, width] of [['/pay', 'pay', 1440], ['/chatPage', 'chat', 1440], ['/pay', 'pay', 390]] as const) {
    test(`a slow ${area} area shows a centred skeleton of its page at once (${width} px), then the page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      // The area's code takes 2.5 s to arrive.
      await page.route(`**/remotes/${area}/**`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        await route.continue();
      });
      await page.goto(path);
      const skeleton = page.getByTestId('area-skeleton');
      await expect(skeleton).toBeVisible({ timeout: 2000 });
      await page.screenshot({ path: `test-results/screenshots/skeleton-${area}-${width}.png` });
      const box = (await skeleton.boundingBox())!;
      // Centred: the frame's left and right margins are equal (the chat layout fills the width).
      expect(Math.abs(box.x - (width - box.x - box.width))).toBeLessThanOrEqual(2);
      await expect(page.getByTestId('area-page')).toBeVisible({ timeout: 15_000 });
      await expect(skeleton).toHaveCount(0);
    });
  }

  test('an unknown path shows the host 页面不存在, navbar included', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('host-not-found')).toBeVisible();
    await expect(page.getByTestId('navbar')).toBeVisible();
  });

  test('/api opens the configured API site', async ({ page }) => {
    await page.goto('/api');
    await expect(page).toHaveURL(/about:blank#api-site/);
  });

  test('the login page shows without the navbar', async ({ page }) => {
    await page.goto('/loginPage');
    await expectArea(page, 'account');
    await expect(page.getByTestId('navbar')).toHaveCount(0);
  });

  test('navbar links switch areas without reloading the page', async ({ page }) => {
    await page.goto('/chatPage');
    await expectArea(page, 'chat');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByTestId('navbar').getByRole('link', { name: '充值' }).click();
    await expectArea(page, 'pay');
    await expect(areaPage(page, 'chat')).toHaveCount(0);
    await page.getByTestId('navbar').getByRole('button', { name: /AI创作/ }).hover();
    await page.getByTestId('navbar').getByRole('menuitem', { name: 'AI绘画' }).click();
    await expectArea(page, 'media');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });
});
