import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { openDatabase, type Db } from '../../db/database.js';
import { fakeRemoteBuild } from '../../testing/fakeRemoteBuild.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { createPlatformService, type PlatformService } from './index.js';

const SITE = { edition: 'domestic', locale: 'zh-CN', guards: false, specialLayout: false } as const;

/** Well above the 1 KiB threshold and compressible, like a real chunk. */
const bigScript = (seed: string) => Array.from({ length: 300 }, (_, i) => `export const ${seed}${i} = ${JSON.stringify('文本'.repeat(i % 13))};`).join('\n');

function buildWithBigFiles(version: string): string {
  const dir = fakeRemoteBuild({ area: 'pay', version, remoteEntry: bigScript('entry') });
  fs.writeFileSync(path.join(dir, 'big.0123456789.js'), bigScript('chunk'));
  fs.writeFileSync(path.join(dir, 'big.0123456789.js.map'), JSON.stringify({ version: 3, mappings: 'A'.repeat(4000) }));
  fs.writeFileSync(path.join(dir, 'logo.0123456789.png'), Buffer.alloc(4000));
  return dir;
}

const listing = (dir: string) => fs.readdirSync(dir).sort();
const snapshot = (dir: string) => listing(dir).map((f) => `${f}:${createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest('hex')}`);

describe(`publishing precompressed siblings (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let service: PlatformService;
  const releaseDir = (version: string) => path.join(storage.dataDir, 'remotes', 'pay', version);

  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
    service = await createPlatformService(db.db, { remoteStoreDir: path.join(storage.dataDir, 'remotes'), apiSiteUrl: '', site: SITE });
  });
  after(async () => {
    await db.close();
    await storage.cleanup();
  });

  it('makes the .br and .gz siblings a build lacks, in the store only, for eligible files over the threshold', async () => {
    const build = buildWithBigFiles('1.0.0');
    const before = snapshot(build);
    await service.publish({ area: 'pay', buildDir: build });
    assert.deepEqual(snapshot(build), before, 'the build directory is left as it is');

    const dir = releaseDir('1.0.0');
    for (const file of ['big.0123456789.js', 'remoteEntry.js']) {
      const original = fs.readFileSync(path.join(dir, file));
      assert.ok(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${file}.br`))).equals(original), `${file}.br decodes to ${file}`);
      assert.ok(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${file}.gz`))).equals(original), `${file}.gz decodes to ${file}`);
    }
    const siblings = listing(dir).filter((f) => /\.(br|gz)$/.test(f));
    assert.deepEqual(siblings, ['big.0123456789.js.br', 'big.0123456789.js.gz', 'remoteEntry.js.br', 'remoteEntry.js.gz'], 'not for small files, maps or images');
  });

  it('keeps the integrity of the uncompressed remoteEntry.js and republishes the same build as a no-op', async () => {
    const build = buildWithBigFiles('2.0.0');
    await service.publish({ area: 'pay', buildDir: build });
    const expected = `sha256-${createHash('sha256').update(fs.readFileSync(path.join(build, 'remoteEntry.js'))).digest('base64')}`;
    const history = await service.history('pay');
    assert.equal(JSON.parse(history.find((e) => e.kind === 'publish' && e.version === '2.0.0')!.detail).integrity, expected);

    const stored = snapshot(releaseDir('2.0.0'));
    assert.deepEqual(await service.publish({ area: 'pay', buildDir: build }), { version: '2.0.0', alreadyPublished: true });
    assert.deepEqual(snapshot(releaseDir('2.0.0')), stored);

    // The same build with its siblings made by the build (as webpack does) is the same release.
    fs.writeFileSync(path.join(build, 'remoteEntry.js.br'), fs.readFileSync(path.join(releaseDir('2.0.0'), 'remoteEntry.js.br')));
    assert.deepEqual(await service.publish({ area: 'pay', buildDir: build }), { version: '2.0.0', alreadyPublished: true });
    assert.deepEqual(snapshot(releaseDir('2.0.0')), stored);

    const changed = buildWithBigFiles('2.0.0');
    fs.appendFileSync(path.join(changed, 'remoteEntry.js'), '\n// changed');
    await assert.rejects(service.publish({ area: 'pay', buildDir: changed }), /已发布且内容不同/);
  });

  it('keeps the siblings a build brings', async () => {
    const build = buildWithBigFiles('3.0.0');
    // A valid sibling made differently (gzip level 1) is kept byte for byte, not remade.
    const ownGzip = zlib.gzipSync(fs.readFileSync(path.join(build, 'big.0123456789.js')), { level: 1 });
    fs.writeFileSync(path.join(build, 'big.0123456789.js.gz'), ownGzip);
    await service.publish({ area: 'pay', buildDir: build });
    assert.ok(fs.readFileSync(path.join(releaseDir('3.0.0'), 'big.0123456789.js.gz')).equals(ownGzip));
    assert.ok(fs.existsSync(path.join(releaseDir('3.0.0'), 'big.0123456789.js.br')));
  });

  it('completes the siblings of a release published without them when it is published again', async () => {
    const build = buildWithBigFiles('4.0.0');
    await service.publish({ area: 'pay', buildDir: build });
    for (const file of listing(releaseDir('4.0.0')).filter((f) => /\.(br|gz)$/.test(f))) fs.rmSync(path.join(releaseDir('4.0.0'), file));
    assert.deepEqual(await service.publish({ area: 'pay', buildDir: build }), { version: '4.0.0', alreadyPublished: true });
    assert.ok(fs.existsSync(path.join(releaseDir('4.0.0'), 'remoteEntry.js.br')));
    assert.ok(fs.existsSync(path.join(releaseDir('4.0.0'), 'big.0123456789.js.gz')));
  });

  for (const [name, spoil, reason] of [
    ['a sibling that decodes to other content', (dir: string) => fs.writeFileSync(path.join(dir, 'big.0123456789.js.br'), zlib.brotliCompressSync(bigScript('other'))), /big\.0123456789\.js\.br 与原文件内容不一致/],
    ['a sibling that is not compressed at all', (dir: string) => fs.writeFileSync(path.join(dir, 'remoteEntry.js.gz'), 'plain'), /remoteEntry\.js\.gz 与原文件内容不一致/],
    ['a sibling without its file', (dir: string) => fs.writeFileSync(path.join(dir, 'gone.0123456789.js.gz'), zlib.gzipSync('x')), /gone\.0123456789\.js\.gz 没有对应的原文件/],
  ] as const) {
    it(`refuses a build with ${name}`, async () => {
      const build = buildWithBigFiles('9.0.0');
      spoil(build);
      await assert.rejects(service.publish({ area: 'pay', buildDir: build }), reason);
      assert.equal(fs.existsSync(releaseDir('9.0.0')), false);
    });
  }
});
