import { expect, test } from '@playwright/test';
import { expectArea } from '../support/pages';
import { withoutInlinedRegistry } from '../support/registry';

test.describe('when the page carries no registry and it cannot be fetched', () => {
  test('the host uses the registry the page carries, else the API\'s, else the last one it saw', async ({ page }) => {
    await page.goto('/pay');
    await expectArea(page, 'pay', '1.0.0');
    expect(await page.evaluate(() => document.documentElement.dataset.registrySource)).toBe('page');

    await withoutInlinedRegistry(page);
    await page.reload();
    await expectArea(page, 'pay', '1.0.0');
    expect(await page.evaluate(() => document.documentElement.dataset.registrySource)).toBe('server');

    await page.route('**/app-api/platform/remotes', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.reload();
    await expectArea(page, 'pay', '1.0.0');
    expect(await page.evaluate(() => document.documentElement.dataset.registrySource)).toBe('cache');
  });

  test('a first-time visitor gets the defaults built into the host', async ({ page }) => {
    await withoutInlinedRegistry(page);
    await page.route('**/app-api/platform/remotes', (route) => route.abort('connectionrefused'));
    await page.goto('/toolBox/apps');
    await expectArea(page, 'toolbox', '1.0.0');
    expect(await page.evaluate(() => document.documentElement.dataset.registrySource)).toBe('defaults');
    await expect(page.getByTestId('navbar')).toBeVisible();
  });
});
