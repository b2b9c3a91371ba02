import { expect, test } from '@playwright/test';
import { expectArea } from '../support/pages';
import { buildDir, historyLines, opsCli } from '../support/registry';

const V2 = '2.0.0-e2e';

test.describe.serial('switching versions with the ops CLI', () => {
  test.afterAll(() => {
    opsCli('activate', 'toolbox', '1.0.0');
    opsCli('canary', 'toolbox', V2, '0');
  });

  test('publish + activate v2 shows on the next page load, rollback restores v1, the host is not rebuilt', async ({ page }) => {
    const hostScripts = async () => (await (await page.request.get('/')).text()).match(/src="?\/main\.[0-9a-f]+\.js/g);
    const hostBefore = await hostScripts();

    opsCli('publish', 'toolbox', buildDir('toolbox', V2));
    await page.goto('/toolBox/apps');
    await expectArea(page, 'toolbox', '1.0.0');

    opsCli('activate', 'toolbox', V2);
    await page.goto('/toolBox/apps?debug=1');
    await expectArea(page, 'toolbox', V2);
    // The version is for ops (the ?debug=1 overlay), not in the page a user reads.
    await expect(page.getByTestId('debug-overlay')).toContainText(`区域 toolbox · 版本 ${V2}`);
    await expect(page.getByText(`区域 toolbox · 版本 ${V2}`)).toHaveCount(1);

    opsCli('rollback', 'toolbox');
    await page.reload();
    await expectArea(page, 'toolbox', '1.0.0');

    expect(await hostScripts()).toEqual(hostBefore);
    const kinds = historyLines('toolbox').map((line) => line.split(/\s+/)[1]);
    expect(kinds.slice(0, 3)).toEqual(['rollback', 'activate', 'publish']);
  });

  test('a canary at 100% reaches every visitor and at 0% none', async ({ browser }) => {
    const versionForNewVisitor = async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('/toolBox/apps');
      const version = await (await expectArea(page, 'toolbox')).getAttribute('data-area-version');
      await context.close();
      return version;
    };
    opsCli('canary', 'toolbox', V2, '100');
    for (let i = 0; i < 3; i++) expect(await versionForNewVisitor()).toBe(V2);
    opsCli('canary', 'toolbox', V2, '0');
    for (let i = 0; i < 3; i++) expect(await versionForNewVisitor()).toBe('1.0.0');
  });

  test('a visitor keeps their canary cohort across page loads', async ({ page }) => {
    opsCli('canary', 'toolbox', V2, '50');
    await page.goto('/toolBox/apps');
    const first = await (await expectArea(page, 'toolbox')).getAttribute('data-area-version');
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await expectArea(page, 'toolbox', first!);
    }
  });
});
