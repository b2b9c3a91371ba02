import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerByEmail, uniqueEmail } from '../support/account';

/** Full-page screenshots for reviewers: e2e/test-results/screenshots/<page>-<width>.png (not committed). */
const SHOTS_DIR = path.join(__dirname, '..', 'test-results', 'screenshots');
const PAGES = [
  { name: 'home', path: '/', ready: 'model-card' },
  { name: 'chat', path: '/chatPage', ready: 'model-select' },
  { name: 'pay', path: '/pay', ready: 'area-page' },
  { name: 'login', path: '/loginPage', ready: 'login-card' },
];

for (const width of [1440, 390]) {
  test(`screenshots of the home, chat, pay and login pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto('/loginPage');
    await registerByEmail(page, uniqueEmail());
    await expect(page.getByTestId('account-controls')).toBeVisible();
    for (const shot of PAGES.filter((p) => p.name !== 'login')) {
      await page.goto(shot.path);
      await expect(page.getByTestId(shot.ready).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(SHOTS_DIR, `${shot.name}-${width}.png`), fullPage: true });
    }
    await page.evaluate(() => localStorage.clear());
    await page.goto('/loginPage');
    await expect(page.getByTestId('login-card')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS_DIR, `login-${width}.png`), fullPage: true });
  });
}
