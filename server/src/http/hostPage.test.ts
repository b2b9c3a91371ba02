import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cohortBucket } from '../modules/platform/cohort.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { fakeRemoteBuild } from '../testing/fakeRemoteBuild.js';
import { jsonDataBlock } from './jsonDataBlock.js';

const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><title>启明 AI</title><script defer src="/main.0123456789.js"></script></head><body><div id="qm-shell"></div></body></html>';
const BREAKOUT = 'https://api.example.com/</script><script>alert(1)</script><!--\u2028';

interface Preload {
  href: string;
  as: string;
  crossorigin: boolean;
}

function registryOf(html: string): { apiSite: string; areas: Array<{ area: string; version: string | null }> } {
  const block = html.match(/<script type="application\/json" id="qm-registry">(.*?)<\/script>/s);
  assert.ok(block, 'the page carries the registry block');
  return JSON.parse(block[1]!);
}

function preloadsOf(html: string): Preload[] {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="([^"]+)"( crossorigin)?>/g)].map(([, href, as, crossorigin]) => ({ href: href!, as: as!, crossorigin: !!crossorigin }));
}

/** An anonymous id in (or out of) the chat canary cohort at `percent`. */
function visitorId(inCohort: boolean, percent: number): string {
  for (let i = 0; ; i++) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    if (cohortBucket('chat', `a:${id}`) < percent === inCohort) return id;
  }
}

/** A chat build whose manifest lists its `./app` files and page-chunks.json its pages' (one shared with `./app`), all written but `missing.*`. */
function chatBuild(version: string, tag: string): string {
  const js = [`__federation_expose_app.${tag}.js`, `5384.${tag}.js`, `missing.${tag}.js`];
  const css = [`9617.${tag}.css`];
  const pages = {
    'page-chatPage': { js: [`5384.${tag}.js`, `page-chatPage.${tag}.js`, `missing.page.${tag}.js`], css: [`page-chatPage.${tag}.css`] },
    'page-index': { js: [`page-index.${tag}.js`], css: [] },
  };
  const dir = fakeRemoteBuild({ area: 'chat', version, appAssets: { js, css, requires: ['react', '@qiming/sdk'] } });
  fs.writeFileSync(path.join(dir, 'page-chunks.json'), JSON.stringify(pages));
  const files = [...js, ...css, ...Object.values(pages).flatMap((page) => [...page.js, ...page.css])];
  for (const file of files) if (!file.startsWith('missing.')) fs.writeFileSync(path.join(dir, file), `/* ${file} */`);
  return dir;
}

describe(`host page: the visitor's registry and preload hints (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const canaryVisitor = visitorId(true, 50);
  const activeVisitor = visitorId(false, 50);
  const page = (url: string, qmAid?: string) => t.app.server.inject({ method: 'GET', url, headers: { accept: 'text/html' }, ...(qmAid ? { cookies: { qm_aid: qmAid } } : {}) });
  const apiRegistry = async (qmAid: string) => (await t.app.server.inject({ method: 'GET', url: '/app-api/platform/remotes', cookies: { qm_aid: qmAid } })).json().data;

  before(async () => {
    t = await createTestApp({ API_SITE_URL: BREAKOUT });
    const host = t.config.hostShellDir;
    fs.writeFileSync(path.join(host, 'index.html'), TEMPLATE);
    fs.writeFileSync(
      path.join(host, 'shared-chunks.json'),
      JSON.stringify({
        shared: { react: ['923.aaaa.js'], '@qiming/sdk': ['114.bbbb.js', 'gone.cccc.js'], 'single-spa': ['449.dddd.js'], mobx: ['769.eeee.js'] },
        // the SDK's files ask for mobx in turn: preloaded with the SDK the expose requires
        requires: { '@qiming/sdk': ['mobx', 'react'] },
        boot: { files: ['712.ffff.js', '712.ffff.css'], shared: ['react', 'single-spa'] },
      }),
    );
    for (const file of ['923.aaaa.js', '114.bbbb.js', '449.dddd.js', '769.eeee.js', '712.ffff.js', '712.ffff.css']) fs.writeFileSync(path.join(host, file), `/* ${file} */`);
    await t.app.platform.publish({ area: 'chat', buildDir: chatBuild('1.0.0', 'a1') });
    await t.app.platform.activate('chat', '1.0.0');
    await t.app.platform.publish({ area: 'chat', buildDir: chatBuild('1.1.0', 'b2') });
    await t.app.platform.canary('chat', '1.1.0', 50);
  });
  after(() => t.close());

  it('carries the registry the visitor would get, canary cohort included, and preloads that version', async () => {
    for (const [visitor, version] of [
      [canaryVisitor, '1.1.0'],
      [activeVisitor, '1.0.0'],
    ] as const) {
      const response = await page('/chatPage', visitor);
      assert.equal(response.statusCode, 200);
      const registry = registryOf(response.body);
      assert.deepEqual(registry, await apiRegistry(visitor));
      assert.equal(registry.areas.find((a) => a.area === 'chat')?.version, version);
      const remote = preloadsOf(response.body).filter((p) => p.href.startsWith('/remotes/'));
      assert.deepEqual(remote[0], { href: `/remotes/chat/${version}/mf-manifest.json`, as: 'fetch', crossorigin: true });
      assert.deepEqual(remote[1], { href: `/remotes/chat/${version}/remoteEntry.js`, as: 'script', crossorigin: false });
      assert.ok(remote.every((p) => p.href.startsWith(`/remotes/chat/${version}/`)), `only ${version}: ${remote.map((p) => p.href)}`);
    }
  });

  it('gives a first visitor its cohort cookie with the page, and the registry that cookie gets', async () => {
    const response = await page('/chatPage');
    const cookie = response.cookies.find((c) => c.name === 'qm_aid');
    assert.ok(cookie?.value, 'the page sets the anonymous id');
    assert.deepEqual(registryOf(response.body), await apiRegistry(cookie.value));
    const again = await page('/chatPage', cookie.value);
    assert.equal(again.cookies.length, 0, 'a known visitor keeps its id');
  });

  it('names only files that exist, each with the fetch mode its loader uses', async () => {
    const preloads = preloadsOf((await page('/chatPage/g-abc', activeVisitor)).body);
    assert.deepEqual(
      preloads.map((p) => `${p.as} ${p.href}`),
      [
        'script /712.ffff.js',
        'style /712.ffff.css',
        'script /923.aaaa.js',
        'script /449.dddd.js',
        'fetch /remotes/chat/1.0.0/mf-manifest.json',
        'script /remotes/chat/1.0.0/remoteEntry.js',
        'script /114.bbbb.js',
        'script /769.eeee.js',
        'script /remotes/chat/1.0.0/__federation_expose_app.a1.js',
        'script /remotes/chat/1.0.0/5384.a1.js',
        'style /remotes/chat/1.0.0/9617.a1.css',
        'script /remotes/chat/1.0.0/page-chatPage.a1.js',
        'style /remotes/chat/1.0.0/page-chatPage.a1.css',
      ],
    );
    const square = preloadsOf((await page('/', activeVisitor)).body).filter((p) => p.href.includes('/page-'));
    assert.deepEqual(square.map((p) => p.href), ['/remotes/chat/1.0.0/page-index.a1.js'], "the square's page, not the chat page's");
    for (const { href } of preloads) assert.equal((await t.app.server.inject({ method: 'GET', url: href })).statusCode, 200, href);
  });

  it('puts the route layout on the page; a route without a live area gets the registry and only the host boot hints', async () => {
    assert.match((await page('/chatPage', activeVisitor)).body, /^<!doctype html><html data-layout="chat" lang="zh-CN">/);
    const other = await page('/__no_area_here', activeVisitor);
    assert.match(other.body, /<html data-layout="page"/);
    assert.deepEqual(registryOf(other.body), await apiRegistry(activeVisitor));
    assert.deepEqual(
      preloadsOf(other.body).map((p) => p.href),
      ['/712.ffff.js', '/712.ffff.css', '/923.aaaa.js', '/449.dddd.js'],
    );
  });

  it('keeps every registry string inside the data block', async () => {
    const html = (await page('/', activeVisitor)).body;
    assert.equal(registryOf(html).apiSite, BREAKOUT);
    assert.equal(html.match(/<script/g)?.length, 2, 'the host script and the data block, nothing injected');
    assert.ok(!html.includes('<!--'));
  });

  it('shows an ops switch on the next page load, with a new ETag', async () => {
    const before = await page('/chatPage', activeVisitor);
    await t.app.platform.activate('chat', '1.1.0');
    const after = await page('/chatPage', activeVisitor);
    assert.equal(registryOf(after.body).areas.find((a) => a.area === 'chat')?.version, '1.1.0');
    assert.notEqual(after.headers.etag, before.headers.etag);
    const unchanged = await t.app.server.inject({ method: 'GET', url: '/chatPage', cookies: { qm_aid: activeVisitor }, headers: { 'if-none-match': String(after.headers.etag) } });
    assert.equal(unchanged.statusCode, 304);
  });
});

describe('JSON data block', () => {
  it('round-trips any string and never lets one close the element or open a comment', () => {
    const value = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: '</SCRIPT >', d: 'a\u2028b\u2029c&amp;', e: '"\'\\' };
    const block = jsonDataBlock('qm-data', value);
    const text = block.slice('<script type="application/json" id="qm-data">'.length, -'</script>'.length);
    assert.ok(!/[<>]/.test(text), text);
    assert.deepEqual(JSON.parse(text), value);
  });
});
