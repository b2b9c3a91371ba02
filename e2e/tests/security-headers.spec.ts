import { expect, test, type Page } from '@playwright/test';
import { answers, ask, signedInChat } from '../support/chatPage';
import { ECHO_MODEL } from '../support/echoUpstream';

/**
 * The Content-Security-Policy is enforced in this run (CSP_MODE=enforce, global-setup.ts): no page
 * of the product — host, every remote, KaTeX, mermaid, the code preview on PREVIEW_ORIGIN, pay,
 * login — may trip it. Violations are caught in every frame (the `securitypolicyviolation` event)
 * and in the console (Chromium logs each blocked load or inline code there).
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (event) => list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  return async () => {
    const fromFrames: string[] = [];
    for (const frame of page.frames()) {
      fromFrames.push(...((await frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [])) as string[]));
    }
    return [...seen, ...fromFrames];
  };
}

test.describe('security headers', () => {
  test('the enforced CSP is met by home, login, chat with math / mermaid / code preview, and pay', async ({ page }) => {
    const violations = await watchViolations(page);
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    expect(home?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('#qm-shell')).not.toBeEmpty();
    expect(await violations()).toEqual([]);

    // the login page, its slide captcha and registration
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    expect(await violations()).toEqual([]);

    await ask(page, '画一个用户注册的流程图：注册、登录、下单');
    await expect(answers(page).first().locator('[data-mermaid-svg] svg')).toBeVisible({ timeout: 20_000 });
    await ask(page, '二次方程求根公式是什么');
    await expect(answers(page).nth(1).locator('.katex').first()).toBeVisible({ timeout: 20_000 });
    expect(await violations()).toEqual([]);

    await page.goto(`/chatPage?model=${ECHO_MODEL}`);
    await ask(page, 'ECHO:页面如下：\n\n```html\n<p id="out">未运行</p>\n<script>document.getElementById("out").textContent = "已运行";</script>\n```');
    await answers(page).first().locator('[data-code-block="html"] [data-code-action="preview"]').click({ timeout: 20_000 });
    await expect(page.frameLocator('[data-testid="preview-frame"]').locator('#out')).toHaveText('已运行');
    expect(await violations()).toEqual([]);

    await page.goto('/pay');
    await expect(page.getByTestId('pay-page')).toBeVisible();
    await expect(page.getByTestId('plan-1')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await violations()).toEqual([]);
  });
});
