import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { openDatabase, type Db } from '../../db/database.js';
import { LocalBlobStore } from '../../storage/localBlobStore.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { fakeRemoteBuild, GOOD_SHARED } from '../../testing/fakeRemoteBuild.js';
import { createPlatformService, PlatformError, type PlatformService } from './index.js';
import { PreviewLinks } from './previewLinks.js';
import { PlatformRepository } from './repository.js';
import { MAX_ERROR_EVENTS_PER_AREA } from './service.js';

const SITE = { edition: 'international', locale: 'en-US', guards: true, specialLayout: false } as const;

describe(`platform service (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let service: PlatformService;
  const remoteStoreDir = () => path.join(storage.dataDir, 'remotes');

  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
    service = await createPlatformService(db.db, { remoteStoreDir: remoteStoreDir(), apiSiteUrl: 'https://api.example', site: SITE });
  });
  after(async () => {
    await db.close();
    await storage.cleanup();
  });

  it('starts with every area, its routes and nothing live', async () => {
    const registry = await service.registryFor('a:someone');
    assert.deepEqual(registry.areas.map((a) => a.area).sort(), ['account', 'chat', 'media', 'pay', 'toolbox']);
    assert.ok(registry.areas.every((a) => a.version === null && a.entry === null));
    assert.ok(registry.areas.find((a) => a.area === 'media')!.routes.includes('/toolBox/building'));
    assert.equal(registry.apiSite, 'https://api.example');
    assert.deepEqual(registry.site, SITE);
  });

  it('brings a channel made before a route was added up to the platform\'s routes on the next start', async () => {
    await db.db.updateTable('remote_channels').set({ routes: JSON.stringify(['/toolBox']) }).where('area', '=', 'toolbox').execute();
    const restarted = await createPlatformService(db.db, { remoteStoreDir: remoteStoreDir(), apiSiteUrl: 'https://api.example', site: SITE });
    const toolbox = (await restarted.registryFor('a:someone')).areas.find((a) => a.area === 'toolbox')!;
    assert.ok(toolbox.routes.includes('/itTools/*') && toolbox.routes.includes('/toolBox/*'), toolbox.routes.join(' '));
  });

  it('publishes a valid build into the store, idempotently', async () => {
    const build = fakeRemoteBuild({ area: 'chat', version: '1.0.0' });
    assert.deepEqual(await service.publish({ area: 'chat', buildDir: build }), { version: '1.0.0', alreadyPublished: false });
    assert.ok(fs.existsSync(path.join(remoteStoreDir(), 'chat', '1.0.0', 'remoteEntry.js')));
    assert.deepEqual(await service.publish({ area: 'chat', buildDir: build }), { version: '1.0.0', alreadyPublished: true });
  });

  it('refuses to overwrite a published version with different content', async () => {
    const changed = fakeRemoteBuild({ area: 'chat', version: '1.0.0', remoteEntry: '/* different */' });
    await assert.rejects(service.publish({ area: 'chat', buildDir: changed }), /已发布且内容不同/);
  });

  it('judges a version by all its files, not only remoteEntry.js, and not by the precompressed siblings', async () => {
    const build = fakeRemoteBuild({ area: 'chat', version: '1.0.0' });
    fs.writeFileSync(path.join(build, 'main.abc123.js'), '/* another chunk, same entry */');
    await assert.rejects(service.publish({ area: 'chat', buildDir: build }), /chat 1\.0\.0 已发布且内容不同/);
    const withSibling = fakeRemoteBuild({ area: 'chat', version: '1.0.0' });
    fs.writeFileSync(path.join(withSibling, 'remoteEntry.js.gz'), gzipSync(fs.readFileSync(path.join(withSibling, 'remoteEntry.js'))));
    assert.deepEqual(await service.publish({ area: 'chat', buildDir: withSibling }), { version: '1.0.0', alreadyPublished: true });
  });

  for (const [name, options, reason] of [
    ['the wrong container', { container: 'mf_pay' }, /容器名应为 mf_chat/],
    ['no ./app expose', { exposes: ['./other'] }, /没有暴露 \.\/app/],
    ['a non-singleton React', { shared: GOOD_SHARED.map((s) => (s.name === 'react' ? { ...s, singleton: false } : s)) }, /react 必须是单例共享/],
    ['a React outside the allowed range', { shared: GOOD_SHARED.map((s) => (s.name === 'react' ? { ...s, version: '18.3.1', requiredVersion: '^18.0.0' } : s)) }, /react 版本 18\.3\.1 不在允许范围/],
    ['no shared SDK', { shared: GOOD_SHARED.filter((s) => s.name !== '@qiming/sdk') }, /没有共享 @qiming\/sdk/],
    ['antd shared on its own', { shared: [...GOOD_SHARED, { name: 'antd', version: '6.0.0', singleton: true, requiredVersion: '^6.0.0' }] }, /antd 只能通过/],
    ['its own copy of React bundled', { chunkPackages: { 'main.js': ['mf-chat', 'react'] } }, /区域不能自带 react（它由宿主共享提供）/],
    ['no chunk-packages.json', { chunkPackages: null }, /缺少 chunk-packages\.json/],
  ] as const) {
    it(`refuses a build with ${name}`, async () => {
      const build = fakeRemoteBuild({ area: 'chat', version: '9.0.0', ...options });
      await assert.rejects(service.publish({ area: 'chat', buildDir: build }), reason);
      assert.equal(fs.existsSync(path.join(remoteStoreDir(), 'chat', '9.0.0')), false);
    });
  }

  it('refuses a build of another area and an unknown area', async () => {
    await assert.rejects(service.publish({ area: 'pay', buildDir: fakeRemoteBuild({ area: 'chat', version: '3.0.0' }) }), /这是区域 chat 的构建/);
    await assert.rejects(service.publish({ area: 'nope', buildDir: fakeRemoteBuild() }), /未知区域/);
    await assert.rejects(service.publish({ area: 'chat', buildDir: '/does/not/exist' }), /构建目录不存在/);
  });

  it('bootstraps local builds: a rebuild with other content goes live under a name of its own, an area ops moved stays', async () => {
    const first = fakeRemoteBuild({ area: 'toolbox', version: '1.0.0' });
    assert.deepEqual(await service.publishLocalBuild('toolbox', first), { version: '1.0.0', alreadyPublished: false, activated: true, active: '1.0.0' });
    assert.deepEqual(await service.publishLocalBuild('toolbox', first), { version: '1.0.0', alreadyPublished: true, activated: false, active: '1.0.0' });

    const rebuilt = fakeRemoteBuild({ area: 'toolbox', version: '1.0.0', remoteEntry: '/* the sources changed */' });
    const local = await service.publishLocalBuild('toolbox', rebuilt);
    assert.match(local.version, /^1\.0\.0-local\.[0-9a-f]{10}$/);
    assert.deepEqual(local, { version: local.version, alreadyPublished: false, activated: true, active: local.version });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(remoteStoreDir(), 'toolbox', local.version, 'release.json'), 'utf8')), { area: 'toolbox', version: local.version, container: 'mf_toolbox' });
    assert.equal((await service.publishLocalBuild('toolbox', rebuilt)).version, local.version, 'the same build keeps its name');
    assert.deepEqual(await service.publishLocalBuild('toolbox', first), { version: '1.0.0', alreadyPublished: true, activated: true, active: '1.0.0' }, 'back to the published content');

    await service.publish({ area: 'toolbox', buildDir: fakeRemoteBuild({ area: 'toolbox', version: '2.0.0' }) });
    await service.activate('toolbox', '2.0.0');
    assert.deepEqual(await service.publishLocalBuild('toolbox', rebuilt), { version: local.version, alreadyPublished: true, activated: false, active: '2.0.0' });
  });

  it('activates, keeps the replaced version as fallback, and rolls back', async () => {
    await service.publish({ area: 'chat', buildDir: fakeRemoteBuild({ area: 'chat', version: '2.0.0' }) });
    await assert.rejects(service.rollback('chat'), PlatformError);
    await service.activate('chat', '1.0.0');
    await service.activate('chat', '2.0.0');
    let chat = (await service.registryFor('a:x')).areas.find((a) => a.area === 'chat')!;
    assert.equal(chat.version, '2.0.0');
    assert.equal(chat.entry, '/remotes/chat/2.0.0/mf-manifest.json');
    assert.deepEqual(chat.fallback, { version: '1.0.0', entry: '/remotes/chat/1.0.0/mf-manifest.json' });

    assert.deepEqual(await service.rollback('chat'), { from: '2.0.0', to: '1.0.0' });
    chat = (await service.registryFor('a:x')).areas.find((a) => a.area === 'chat')!;
    assert.equal(chat.version, '1.0.0');
    assert.equal(chat.fallback, null, 'the version rolled back from is not a known-good fallback');
    await assert.rejects(service.activate('chat', '7.7.7'), /没有已发布的版本 7\.7\.7/);
  });

  it('serves a canary to a stable share of callers, with the active version as their fallback', async () => {
    await service.activate('chat', '1.0.0');
    await service.canary('chat', '2.0.0', 30);
    const callers = Array.from({ length: 400 }, (_, i) => `a:caller-${i}`);
    const versions = await Promise.all(callers.map(async (c) => (await service.registryFor(c)).areas.find((a) => a.area === 'chat')!));
    const inCanary = versions.filter((v) => v.version === '2.0.0');
    assert.ok(inCanary.length > 80 && inCanary.length < 160, `about 30% expected, got ${inCanary.length}/400`);
    assert.ok(inCanary.every((v) => v.fallback?.version === '1.0.0'));
    const again = await Promise.all(callers.map(async (c) => (await service.registryFor(c)).areas.find((a) => a.area === 'chat')!.version));
    assert.deepEqual(again, versions.map((v) => v.version), 'the cohort is stable per caller');

    await service.canary('chat', '2.0.0', 100);
    assert.equal((await service.registryFor('a:anyone')).areas.find((a) => a.area === 'chat')!.version, '2.0.0');
    await service.canary('chat', '2.0.0', 0);
    assert.equal((await service.registryFor('a:anyone')).areas.find((a) => a.area === 'chat')!.version, '1.0.0');
    await assert.rejects(service.canary('chat', '2.0.0', 101), /0 到 100/);
  });

  it('keeps a history with failures reported by browsers', async () => {
    await service.recordFailure({ area: 'chat', version: '2.0.0', stage: 'mount', message: 'Error: boom', entry: '/remotes/chat/2.0.0/mf-manifest.json' }, 'a:someone');
    await assert.rejects(service.recordFailure({ area: 'zzz', version: null, stage: 'load', message: 'x' }, 'a:someone'), /未知区域/);
    const history = await service.history('chat');
    assert.equal(history[0]!.kind, 'error');
    const { visitor, ...detail } = JSON.parse(history[0]!.detail);
    // 2.0.0 is neither the canary nor the live version any more: the report counts for no cohort.
    assert.deepEqual(detail, { stage: 'mount', message: 'Error: boom', entry: '/remotes/chat/2.0.0/mf-manifest.json', cohort: null });
    assert.match(visitor, /^[A-Za-z0-9_-]{16}$/);
    assert.deepEqual(
      new Set(history.map((e) => e.kind)),
      new Set(['error', 'canary', 'rollback', 'activate', 'publish']),
    );
  });

  it('prunes old releases but never what the area serves or previews, and rolls back only to a kept one', async () => {
    const versions = ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0'];
    for (const version of versions) await service.publish({ area: 'account', buildDir: fakeRemoteBuild({ area: 'account', version }) });
    await service.activate('account', '1.0.0');
    await service.activate('account', '1.1.0');
    await service.activate('account', '1.2.0');
    await service.activate('account', '1.3.0');
    await service.canary('account', '1.4.0', 10);
    await service.previewGrant(new PreviewLinks('p'.repeat(32)), { area: 'account', version: '1.0.0', hours: 1 });
    const stored = (version: string) => fs.existsSync(path.join(remoteStoreDir(), 'account', version));

    assert.deepEqual(await service.prune('account', { keep: 1, dryRun: true }), { removed: ['1.5.0', '1.1.0'], kept: 5 });
    assert.ok(stored('1.5.0'), 'a dry run deletes nothing');
    await assert.rejects(service.prune('account', { keep: 0 }), /保留个数必须是 1 到 1000 的整数/);

    // Kept: 1.6.0 (newest), 1.4.0 (canary), 1.3.0 (live), 1.2.0 (fallback), 1.0.0 (a valid preview link).
    assert.deepEqual(await service.prune('account', { keep: 1, actor: 'account-ci' }), { removed: ['1.5.0', '1.1.0'], kept: 5 });
    assert.deepEqual((await service.summary()).find((a) => a.area === 'account')!.releases.sort(), ['1.0.0', '1.2.0', '1.3.0', '1.4.0', '1.6.0']);
    assert.deepEqual([stored('1.5.0'), stored('1.1.0'), stored('1.3.0')], [false, false, true]);
    const [event] = await service.history('account', 1);
    assert.deepEqual([event!.kind, event!.actor, JSON.parse(event!.detail)], ['prune', 'account-ci', { removed: ['1.5.0', '1.1.0'], keep: 1 }]);
    assert.deepEqual(await service.prune('account', { keep: 1 }), { removed: [], kept: 5 });
    await assert.rejects(service.activate('account', '1.1.0'), /没有已发布的版本 1\.1\.0/);
    // The delete itself checks again: a version made live after the list was read stays.
    const repo = new PlatformRepository(db.db);
    assert.deepEqual(await Promise.all(['1.3.0', '1.2.0', '1.4.0'].map((v) => repo.deleteReleaseUnlessServed('account', v))), [false, false, false]);

    // 1.1.0 was live before 1.2.0: the fallback after this rollback skips it, as it is deleted.
    assert.deepEqual(await service.rollback('account'), { from: '1.3.0', to: '1.2.0' });
    assert.equal((await service.summary()).find((a) => a.area === 'account')!.previous, '1.0.0');
  });

  it('records what a prune took out of the registry even when the store fails part way', async () => {
    class StoreThatStopsDeleting extends LocalBlobStore {
      failing = false;
      override deletePrefix(prefix: string): Promise<void> {
        return this.failing ? Promise.reject(new Error('store unreachable')) : super.deletePrefix(prefix);
      }
    }
    const remotes = new StoreThatStopsDeleting(remoteStoreDir());
    const withFlakyStore = await createPlatformService(db.db, { remoteStoreDir: remoteStoreDir(), apiSiteUrl: 'https://api.example', site: SITE, remotes });
    for (const version of ['3.0.0', '3.1.0']) await withFlakyStore.publish({ area: 'media', buildDir: fakeRemoteBuild({ area: 'media', version }) });
    remotes.failing = true;
    await assert.rejects(withFlakyStore.prune('media', { keep: 1 }), /store unreachable/);
    const [event] = await withFlakyStore.history('media', 1);
    assert.deepEqual([event!.kind, JSON.parse(event!.detail).removed], ['prune', ['3.0.0']]);
  });

  it('keeps only the newest error reports of an area, and every other event', async () => {
    const before = (await service.history('chat', 10_000)).filter((e) => e.kind !== 'error').length;
    for (let i = 0; i < MAX_ERROR_EVENTS_PER_AREA + 20; i++) {
      await service.recordFailure({ area: 'chat', version: '2.0.0', stage: 'load', message: `report ${i}` }, 'a:someone');
    }
    const history = await service.history('chat', 10_000);
    const errors = history.filter((e) => e.kind === 'error');
    assert.equal(errors.length, MAX_ERROR_EVENTS_PER_AREA);
    assert.equal(JSON.parse(errors[0]!.detail).message, `report ${MAX_ERROR_EVENTS_PER_AREA + 19}`);
    assert.equal(history.length - errors.length, before);
  });
});
