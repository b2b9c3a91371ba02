import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectArea } from '../support/pages';
import { ops } from '../support/product';
import { buildDir, dataDir, historyLines, opsCli } from '../support/registry';

/** The pay build whose mount throws (fixtures/broken-remote, built by global-setup.ts). */
const BROKEN_PAY = '3.0.0-broken';
const brokenPayBuild = path.join(__dirname, '..', 'fixtures', 'broken-remote', 'dist', BROKEN_PAY);

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

/** A deploy token of this run's own (names stay taken, and a retry makes a new one): its last output line. */
function payToken(name: string, rights: string): string {
  return ops(dataDir(), 'tokens', 'create', '--name', name, '--area', 'pay', '--can', rights).trim().split('\n').at(-1)!;
}

/** Resolves when the page fetches this version's pay container entry. */
const entryOf = (page: Page, version: string) => page.waitForRequest((request) => new URL(request.url()).pathname === `/remotes/pay/${version}/remoteEntry.js`);

test.describe.serial('an area team ships over HTTP with its deploy token', () => {
  test.afterAll(() => {
    opsCli('activate', 'pay', '1.0.0');
  });

  test('push with a pay token, activate over HTTP: visitors get v2; the token cannot touch chat; history names it', async ({ page, browser, baseURL }) => {
    // A name of this run's own: names stay taken, and a retry makes a new token.
    const name = `pay-e2e-${Date.now()}`;
    const token = payToken(name, 'publish,activate,rollback');
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
    const entry = entryOf(other, V2);
    await other.goto('/pay');
    await entry;
    await expectArea(other, 'pay');
    await expect(other.getByText('充值与套餐').first()).toBeVisible();
    await visitor.close();

    await page.request.post('/app-api/platform/ops/remotes/pay/rollback', { headers: auth });
    const registry = await (await page.request.get('/app-api/platform/remotes')).json();
    expect(registry.data.areas.find((a: { area: string }) => a.area === 'pay').version).toBe('1.0.0');

    const steps = historyLines('pay').slice(0, 4).map((line) => line.split(/\s+/).slice(1, 4));
    expect(steps).toEqual([
      ['rollback', '1.0.0', name],
      ['activate', V2, name],
      ['preview', V2, name],
      ['publish', V2, name],
    ]);
  });

  test('preview in one browser only, canary to everyone, promote; a canary whose mount throws is rolled back by itself', async ({ page, browser, baseURL }) => {
    const name = `pay-rollout-${Date.now()}`;
    const token = payToken(name, 'publish,canary,activate,rollback');
    const version = `1.0.3-e2e-rollout.${Date.now()}`;
    const build = payBuild(version);
    let url: string;
    try {
      // The push's last line is the new version's preview link.
      url = opsCli('push', 'pay', build, '--server', baseURL!, '--token', token).trim().split('\n').at(-1)!;
      opsCli('push', 'pay', brokenPayBuild, '--server', baseURL!, '--token', token);
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
    const call = async (path: string, data: object = {}) => {
      const response = await page.request.post(`/app-api/platform/ops/remotes/pay/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
      const body = await response.json();
      expect(body.code, body.msg).toBe(0);
      return body;
    };
    const newVisitor = async (b: Browser) => (await b.newContext()).newPage();

    // Preview: the link's browser gets the new version, with the badge; a visitor at the same time does not.
    const previewer = await newVisitor(browser);
    const previewEntry = entryOf(previewer, version);
    await previewer.goto(url);
    await previewEntry;
    await expectArea(previewer, 'pay');
    const badge = previewer.getByTestId('preview-badge');
    await expect(badge).toContainText('预览');
    await expect(badge).toContainText(`充值 ${version}`);
    await expect(previewer.getByText(`正在预览 pay ${version}：只有这个浏览器看得到`)).toBeVisible();
    expect(new URL(previewer.url()).search, 'the link leaves the address bar').toBe('');

    const visitor = await newVisitor(browser);
    const fetched: string[] = [];
    visitor.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await visitor.goto('/pay');
    await expectArea(visitor, 'pay', '1.0.0');
    await expect(visitor.getByTestId('preview-badge')).toHaveCount(0);
    expect(fetched.filter((p) => p.includes(version))).toEqual([]);

    // It lasts across pages of that browser, until it is ended there.
    const again = entryOf(previewer, version);
    await previewer.goto('/pay');
    await again;
    await previewer.getByRole('link', { name: '退出预览' }).click();
    await expect(previewer.getByText('已退出预览，现在看到的是线上版本')).toBeVisible();
    await expect(previewer.getByTestId('preview-badge')).toHaveCount(0);
    await expectArea(previewer, 'pay', '1.0.0');

    // Canary at 100%: every visitor gets it; promote makes it the live version.
    await call('canary', { version, percent: 100 });
    const anyone = await newVisitor(browser);
    const canaryEntry = entryOf(anyone, version);
    await anyone.goto('/pay');
    await canaryEntry;
    expect((await call('promote')).msg).toBe(`pay 已全量上线 ${version}`);

    // A broken version on a guarded canary: each visitor falls back to the live version and reports; the guard ends the canary.
    await call('canary', { version: BROKEN_PAY, percent: 100, autoRollback: true });
    for (let i = 0; i < 3; i++) {
      const unlucky = await newVisitor(browser);
      const broken = entryOf(unlucky, BROKEN_PAY);
      await unlucky.goto('/pay');
      await broken;
      await expectArea(unlucky, 'pay');
      await expect.poll(() => historyLines('pay').filter((l) => l.includes(' error ') && l.includes(BROKEN_PAY)).length).toBeGreaterThan(i);
    }
    // The page may report a failure more than once (each mount attempt): the guard counts visitors.
    const rollbackLine = () => historyLines('pay').find((l) => / rollback /.test(l)) ?? '';
    await expect.poll(rollbackLine).toMatch(new RegExp(`rollback\\s+${version.replace(/\./g, '\\.')}\\s+guard\\s+自动回滚：灰度访客失败 3/3`));
    const after = await newVisitor(browser);
    const fetchedAfter: string[] = [];
    after.on('request', (request) => fetchedAfter.push(new URL(request.url()).pathname));
    await after.goto('/pay');
    await expectArea(after, 'pay');
    expect(fetchedAfter).toContain(`/remotes/pay/${version}/remoteEntry.js`);
    expect(fetchedAfter.filter((p) => p.includes(BROKEN_PAY))).toEqual([]);
  });
});
