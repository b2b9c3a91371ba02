import { expect, test } from '@playwright/test';
import { expectArea } from '../support/pages';

test.describe('a cold chat page', () => {
  test('boots from the registry in the page: no registry call, each file fetched once although hinted', async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      fetched.set(url.pathname, (fetched.get(url.pathname) ?? 0) + 1);
    });
    const response = await page.goto('/chatPage');
    await expectArea(page, 'chat');

    const html = (await response!.text()) as string;
    const hinted = [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map(([, href]) => href!);
    expect(hinted).toContain('/remotes/chat/1.0.0/remoteEntry.js');
    expect(fetched.has('/app-api/platform/remotes')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.registrySource)).toBe('page');
    // A hint whose fetch mode did not match its loader's would show as a second request of the file.
    const twice = [...fetched].filter(([path, count]) => count > 1 && !path.startsWith('/app-api/'));
    expect(twice).toEqual([]);
    for (const href of hinted) expect(fetched.get(href), href).toBe(1);
    await context.close();
  });
});
