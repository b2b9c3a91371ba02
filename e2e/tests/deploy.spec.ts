import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectArea } from '../support/pages';
import { ops } from '../support/product';
import { buildDir, dataDir, historyLines, opsCli } from '../support/registry';

/** A version of this run's own too: a retry pushes anew. */
const V2 = `1.0.2-e2e-push.${Date.now()}`;

/** A copy of the real pay build under another version (release.json says which), as a team's CI would build it. */
function payBuild(version: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-e2e-push-'));
  fs.cpSync(buildDir('pay', '1.0.0'), copy, { recursive: true });
  const releaseFile = path.join(copy, 'release.json');
  fs.writeFileSync(releaseFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(releaseFile, 'utf8')), version }));
  return copy;
}

test.describe.serial('an area team ships over HTTP with its deploy token', () => {
  test.afterAll(() => {
    opsCli('activate', 'pay', '1.0.0');
  });

  test('push with a pay token, activate over HTTP: visitors get v2; the token cannot touch chat; history names it', async ({ page, browser, baseURL }) => {
    // A name of this run's own: names stay taken, and a retry makes a new token.
    const name = `pay-e2e-${Date.now()}`;
    const token = ops(dataDir(), 'tokens', 'create', '--name', name, '--area', 'pay', '--can', 'publish,activate,rollback').trim().split('\n').at(-1)!;
    const build = payBuild(V2);
    try {
      expect(opsCli('push', 'pay', build, '--server', baseURL!, '--token', token)).toMatch(new RegExp(`^已发布 pay ${V2.replace(/\./g, '\\.')}`));
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
    const auth = { authorization: `Bearer ${token}` };

    await page.goto('/pay');
    await expectArea(page, 'pay', '1.0.0');
    expect(await page.request.get(`/remotes/pay/${V2}/remoteEntry.js`).then((r) => r.status())).toBe(200);

    const refused = await page.request.post('/app-api/platform/ops/remotes/chat/rollback', { headers: auth });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).msg).toBe(`部署令牌 ${name} 只能操作区域 pay，不能操作 chat`);

    const activated = await page.request.post('/app-api/platform/ops/remotes/pay/activate', { headers: auth, data: { version: V2 } });
    expect((await activated.json()).msg).toBe(`pay 已切换到 ${V2}`);
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    // The copy's bundle still names itself 1.0.0 (the version is built in), so what tells is where its files come from.
    const entry = other.waitForRequest((request) => new URL(request.url()).pathname === `/remotes/pay/${V2}/remoteEntry.js`);
    await other.goto('/pay');
    await entry;
    await expectArea(other, 'pay');
    await expect(other.getByText('充值与套餐').first()).toBeVisible();
    await visitor.close();

    await page.request.post('/app-api/platform/ops/remotes/pay/rollback', { headers: auth });
    const registry = await (await page.request.get('/app-api/platform/remotes')).json();
    expect(registry.data.areas.find((a: { area: string }) => a.area === 'pay').version).toBe('1.0.0');

    const steps = historyLines('pay').slice(0, 3).map((line) => line.split(/\s+/).slice(1, 4));
    expect(steps).toEqual([
      ['rollback', '1.0.0', name],
      ['activate', V2, name],
      ['publish', V2, name],
    ]);
  });
});
