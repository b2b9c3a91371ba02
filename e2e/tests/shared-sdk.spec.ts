import { expect, test } from '@playwright/test';
import { expectArea, navigateInApp } from '../support/pages';

test('the host and every area share one SDK instance', async ({ page }) => {
  await page.goto('/chatPage');
  const hostInstance = await page.evaluate(() => document.documentElement.dataset.sdkInstance);
  expect(hostInstance).toMatch(/^[a-z0-9]+$/);
  for (const [path, area] of [['/chatPage', 'chat'], ['/pay', 'pay'], ['/toolBox/apps', 'toolbox'], ['/painter', 'media'], ['/setting', 'account']] as const) {
    await navigateInApp(page, path);
    const section = await expectArea(page, area);
    await expect(section).toHaveAttribute('data-sdk-instance', hostInstance!);
  }
  await expect(page.getByTestId('shell')).toHaveAttribute('data-sdk-instance', hostInstance!);
});

test('a remote is fetched only when its route is first visited', async ({ page }) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/remotes\/([a-z]+)\//);
    if (match) remoteRequests.push(match[1]!);
  });
  await page.goto('/chatPage');
  await expectArea(page, 'chat');
  expect(new Set(remoteRequests)).toEqual(new Set(['chat']));
  await navigateInApp(page, '/pay');
  await expectArea(page, 'pay');
  expect(new Set(remoteRequests)).toEqual(new Set(['chat', 'pay']));
});
