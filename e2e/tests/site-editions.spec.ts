import { expect, test } from '@playwright/test';
import { codeFromOutbox, sendCodeThroughCaptcha, uniqueEmail } from '../support/account';
import { expectArea } from '../support/pages';
import { ops, productFor } from '../support/product';

const productWith = (env: Record<string, string>) => productFor(test, env);

test.describe('the international build (SITE_EDITION=international)', () => {
  const product = productWith({ SITE_EDITION: 'international', API_SITE_URL: 'https://api.example.com/console' });
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the same bundles speak English: navbar, notice with 关闭提示 instead of the site links (the API link stays), areas and the UI kit', async ({ page }) => {
    await page.goto(`${product().baseUrl}/chatPage`);
    const modal = page.getByTestId('announcement-modal');
    await expect(modal).toContainText('Important notice');
    await expect(modal.getByRole('button', { name: 'Close notice' })).toBeVisible();
    await expect(modal.getByRole('link')).toHaveCount(1);
    await expect(modal.getByRole('link', { name: 'API site' })).toHaveAttribute('href', 'https://api.example.com/console');
    await modal.getByRole('button', { name: 'Got it' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    const navbar = page.getByTestId('navbar');
    await expect(navbar.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'AI Chat' })).toBeVisible();
    await expectArea(page, 'chat');
    await expect(page.getByTestId('composer-input')).toHaveAttribute('placeholder', /^[^\u4e00-\u9fff]+$/);

    await page.goto(`${product().baseUrl}/loginPage`);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    const chinese = await page.evaluate(() => /[\u4e00-\u9fff]/.test(document.querySelector('#qm-areas')!.textContent ?? ''));
    expect(chinese, 'the login page has no Chinese text left').toBe(false);
  });

  test('the chat page and the open model picker show no Chinese; the offline tag is English', async ({ page }) => {
    const han = /[\u4e00-\u9fff]+/g;
    const chineseOn = async () => (await page.locator('body').innerText()).match(han) ?? [];
    await page.goto(`${product().baseUrl}/chatPage`);
    const modal = page.getByTestId('announcement-modal');
    await modal.getByRole('button', { name: 'Got it' }).click();
    await expect(modal).toHaveCount(0);
    await expectArea(page, 'chat');
    const picker = page.getByTestId('model-select');
    await expect(picker).toContainText('Offline demo');
    expect(await chineseOn(), 'Chinese on the chat page').toEqual([]);

    await picker.click();
    await expect(page.getByTestId('model-card-picker')).toBeVisible();
    expect(await chineseOn(), 'Chinese in the open model picker').toEqual([]);
  });

  test('an offline answer carries the English tag', async ({ page }) => {
    // Signing up on the English login page (the shared helper speaks the domestic labels).
    const email = uniqueEmail();
    await page.goto(`${product().baseUrl}/chatPage`);
    await page.getByTestId('announcement-modal').getByRole('button', { name: 'Got it' }).click();
    await page.goto(`${product().baseUrl}/loginPage`);
    await page.getByRole('tab', { name: 'Email' }).click();
    const form = page.getByTestId('form-email-register');
    if (!(await form.isVisible())) await page.getByTestId('form-email-code').getByRole('button', { name: 'Create an account' }).click();
    await form.getByPlaceholder('Enter your email address').fill(email);
    await sendCodeThroughCaptcha(page, form, /Resend in/);
    await form.getByLabel('Verification code').fill(await codeFromOutbox(page, email));
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByTestId('username')).toBeVisible();

    await page.goto(`${product().baseUrl}/chatPage?model=glm-4-flash`);
    await expect(page.getByTestId('chat-page')).toBeVisible();
    await page.getByTestId('composer-input').fill('Hello, tell me about the Great Wall');
    await page.getByTestId('composer-input').press('Enter');
    const answer = page.getByTestId('message-assistant').first();
    await expect(answer).toContainText('Offline demo', { timeout: 30_000 });
    await expect(answer).not.toContainText('离线演示');
  });
});

test.describe('guards (SITE_GUARDS=true)', () => {
  const product = productWith({ SITE_GUARDS: 'true' });

  test('the Alook in-app browser is refused with the spec text', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 Alook/8.6' });
    const page = await context.newPage();
    await page.goto(`${product().baseUrl}/`);
    await expect(page.getByTestId('guard-screen')).toHaveText('不允许使用Alook浏览器访问本站点，请使用其他浏览器访问！');
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    await context.close();
    await expect.poll(() => ops(product().dataDir, 'guards', 'list')).toContain('alook');
  });

  test('open developer tools raise the full-screen warning, are logged, and the page goes blank', async ({ page }) => {
    await page.goto(`${product().baseUrl}/pay`);
    await expect(page.getByTestId('navbar')).toBeVisible();
    // The warning shows for 500 ms before the page goes blank: every text the screen shows is
    // recorded as it appears, so a busy machine cannot make the test miss it.
    await page.evaluate(() => {
      const shown: string[] = ((window as unknown as { guardTexts: string[] }).guardTexts = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="guard-screen"]')?.textContent;
        if (text) shown.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // Docked developer tools make the window's outer width exceed its inner width (what devtools-detect reads).
    await page.evaluate(() => Object.defineProperty(window, 'outerWidth', { get: () => window.innerWidth + 400 }));
    const screen = page.getByTestId('guard-screen');
    await expect(screen).toHaveAttribute('data-blank', 'true');
    expect((await page.evaluate(() => (window as unknown as { guardTexts: string[] }).guardTexts)).join('')).toContain('检测到开发者工具已打开');
    await expect(screen).toHaveText('');
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    await expect.poll(() => ops(product().dataDir, 'guards', 'list')).toContain('devtools');
  });

  test('guards stay off where not configured (the main e2e server)', async ({ page }) => {
    await page.goto('/pay');
    await page.evaluate(() => Object.defineProperty(window, 'outerWidth', { get: () => window.innerWidth + 400 }));
    await page.waitForTimeout(2000);
    await expect(page.getByTestId('navbar')).toBeVisible();
  });
});

test.describe('the special layout (SITE_SPECIAL_LAYOUT=true)', () => {
  const product = productWith({ SITE_SPECIAL_LAYOUT: 'true' });

  test('the top promo banner leads to /pay and stays closed for the visit once closed', async ({ page }) => {
    await page.goto(`${product().baseUrl}/chatPage`);
    // A first visit to this server: its 重要通知 comes first.
    await page.getByTestId('announcement-modal').getByRole('button', { name: '我已了解' }).click();
    const banner = page.getByTestId('top-banner');
    await expect(banner).toContainText('8 折');
    await banner.getByRole('button').first().click();
    await expect(page).toHaveURL(/\/pay$/);
    await banner.getByRole('button', { name: '关闭' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('without the special layout there is no top banner', async ({ page }) => {
    await page.goto('/chatPage');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(page.getByTestId('top-banner')).toHaveCount(0);
  });
});
