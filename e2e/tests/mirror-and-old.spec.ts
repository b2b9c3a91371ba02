import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { expectArea } from '../support/pages';
import { ops } from '../support/product';

/** The mirror provider, on this machine: registers share tokens and shows the login page it is sent to. */
async function startFakeMirror() {
  const tokens: string[] = [];
  const forms: URLSearchParams[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname === '/api/token/register') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        forms.push(new URLSearchParams(body));
        const token = `fk-e2e-${tokens.length + 1}-${Math.random().toString(36).slice(2, 10)}`;
        tokens.push(token);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token_key: token }));
      });
      return;
    }
    if (url.pathname === '/auth/login_share') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>镜像站</title><h1>已登录镜像站</h1><p id="token">${url.searchParams.get('token')}</p>`);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens, forms, close: () => new Promise((resolve) => server.close(resolve)) };
}

test.describe('mirror site and the old entry', () => {
  let fake: Awaited<ReturnType<typeof startFakeMirror>>;
  let siteAdded = false;
  const dataDir = () => process.env.E2E_DATA_DIR!;

  test.beforeAll(async () => {
    fake = await startFakeMirror();
  });
  test.afterAll(async () => {
    // The product is shared by every suite: the mirror goes away again.
    if (siteAdded) ops(dataDir(), 'mirror', 'site', 'remove', 'e2e');
    await fake.close();
  });

  test('without a mirror site the page says so and links to the chat', async ({ page }) => {
    await page.goto('/oaifree');
    await expectArea(page, 'account');
    await expect(page.getByText('本站暂未开放镜像站')).toBeVisible();
    await page.getByRole('button', { name: '去 AI 对话' }).click();
    await expect(page).toHaveURL(/\/chatPage$/);
  });

  test('ops adds a site and a car; a user enters and the new tab lands on the mirror login with the token', async ({ page }) => {
    process.env.MIRROR_E2E_CAR_TOKEN = 'eyJ-e2e-car-access-token-0123456789';
    ops(dataDir(), 'mirror', 'site', 'add', '--id', 'e2e', '--name', 'E2E 镜像站', '--origin', fake.origin);
    siteAdded = true;
    ops(dataDir(), 'mirror', 'car', 'add', '--site', 'e2e', '--id', 'e2e-plus', '--name', 'Plus 体验车', '--capacity', '3', '--credential-env', 'MIRROR_E2E_CAR_TOKEN');
    expect(ops(dataDir(), 'mirror', 'car', 'list')).toContain('e2e-plus\te2e\tPlus 体验车\t0/3');

    // Signed out: the cars show, entering asks to log in.
    await page.goto('/oaifree');
    const card = page.getByTestId('mirror-car-e2e-plus');
    await expect(card).toContainText('0 / 3 人');
    await card.getByRole('button', { name: '进入' }).click();
    await expect(page.getByRole('alertdialog').getByRole('button', { name: '重新登录' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click();

    await newSignedInUser(page, '/loginPage');
    await page.goto('/oai');
    await expect(page.getByTestId('mirror-quota')).toContainText('已用 0 /');
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('mirror-car-e2e-plus').getByRole('button', { name: '进入' }).click();
    const popup = await popupOpened;
    await popup.waitForURL(`${fake.origin}/auth/login_share?token=*`);
    await expect(popup.locator('#token')).toHaveText(fake.tokens.at(-1)!);
    expect(fake.forms.at(-1)!.get('access_token')).toBe(process.env.MIRROR_E2E_CAR_TOKEN);
    // The tab's history holds no URL of ours with the token.
    expect(popup.url().startsWith(fake.origin)).toBe(true);

    await expect(page.getByTestId('mirror-quota')).toContainText('已用 1 /');
    await expect(page.getByTestId('mirror-car-e2e-plus')).toContainText('1 / 3 人');
    await page.screenshot({ path: 'test-results/screenshots/mirror-page.png', fullPage: true });
  });

  test('old hash links land on today\'s pages; /old shows the old menu with its notice', async ({ page }) => {
    await page.goto('/old#/paper-list');
    await expect(page).toHaveURL(/\/paperPage$/);
    await expectArea(page, 'toolbox');

    await page.goto('/#/recommendation');
    await expect(page).toHaveURL(/\/resourcePage$/);

    await page.goto('/old');
    await expect(page.getByTestId('old-page')).toContainText('这是旧版入口');
    await page.screenshot({ path: 'test-results/screenshots/old-page.png' });
    await page.getByTestId('old-page').getByRole('link', { name: /我的项目/ }).click();
    await expect(page).toHaveURL(/\/workPage$/);
  });
});
