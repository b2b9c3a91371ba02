import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { remoteBlobStore, type BlobStore } from '../storage/index.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { fakeRemoteBuild } from '../testing/fakeRemoteBuild.js';
import { startFakeS3, type FakeS3 } from '../testing/fakeS3.js';

const BR = 'gzip, deflate, br';
const script = (seed: string) => Array.from({ length: 300 }, (_, i) => `export const ${seed}${i} = ${JSON.stringify('启明'.repeat(i % 13))};`).join('\n');

type Response = { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer };

const decoded = (response: Response) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload);
  return response.rawPayload;
};
const varies = (response: Response) => /accept-encoding/i.test(String(response.headers.vary));
const accepting = (acceptEncoding: string): Record<string, string> => (acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

/**
 * The remote store's answers, the same whether it is the folder DATA_DIR/remotes (@fastify/static)
 * or an S3 bucket (http/remoteFiles.ts): frontend.test.ts has the folder's full set.
 */
function remoteServingCases(name: string, env: () => Record<string, string>) {
  describe(`remote store served from ${name}`, () => {
    let t: TestApp;
    let remotes: BlobStore;
    const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.server.inject({ method, url, headers }) as Promise<Response>;

    before(async () => {
      t = await createTestApp(env());
      remotes = remoteBlobStore(t.app.blobs, t.config.remoteStoreDir);
      const build = fakeRemoteBuild({ area: 'pay', version: '1.0.0', remoteEntry: script('entry') });
      fs.writeFileSync(path.join(build, 'big.0123456789.js'), script('pay'));
      fs.writeFileSync(path.join(build, 'big.0123456789.js.map'), '{"version":3,"mappings":""}');
      fs.writeFileSync(path.join(build, 'logo.0123456789.png'), Buffer.alloc(2000, 7));
      await t.app.platform.publish({ area: 'pay', buildDir: build });
    });
    after(() => t.close());

    it('serves the manifest and the entry revalidated, chunks immutable, with their types and open CORS', async () => {
      const manifest = await get('/remotes/pay/1.0.0/mf-manifest.json');
      assert.equal(manifest.statusCode, 200);
      assert.equal(manifest.headers['cache-control'], 'no-cache');
      assert.match(String(manifest.headers['content-type']), /^application\/json/);
      assert.equal(JSON.parse(manifest.rawPayload.toString()).name, 'mf_pay');
      const entry = await get('/remotes/pay/1.0.0/remoteEntry.js');
      assert.equal(entry.headers['cache-control'], 'no-cache');
      assert.equal(entry.headers['access-control-allow-origin'], '*');
      const chunk = await get('/remotes/pay/1.0.0/main.abc123.js');
      assert.equal(chunk.statusCode, 200);
      assert.match(String(chunk.headers['content-type']), /javascript/);
      assert.match(String(chunk.headers['cache-control']), /immutable/);
      assert.equal(chunk.rawPayload.toString(), '/* chunk */');
      const logo = await get('/remotes/pay/1.0.0/logo.0123456789.png');
      assert.equal(logo.headers['content-type'], 'image/png');
      assert.ok(logo.rawPayload.equals(Buffer.alloc(2000, 7)));
    });

    it('sends br when accepted, else gzip, else the file itself, always with Vary: Accept-Encoding', async () => {
      for (const [acceptEncoding, expected] of [[BR, 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip'], ['deflate', undefined], ['', undefined]] as const) {
        for (const url of ['/remotes/pay/1.0.0/big.0123456789.js', '/remotes/pay/1.0.0/remoteEntry.js']) {
          const response = await get(url, accepting(acceptEncoding));
          assert.equal(response.statusCode, 200);
          assert.equal(response.headers['content-encoding'], expected, `${url} Accept-Encoding: ${acceptEncoding}`);
          assert.match(String(response.headers['content-type']), /javascript/);
          assert.ok(varies(response));
          assert.equal(decoded(response).toString(), url.endsWith('remoteEntry.js') ? script('entry') : script('pay'));
          assert.equal(Number(response.headers['content-length']), response.rawPayload.length);
        }
      }
      const entry = await get('/remotes/pay/1.0.0/remoteEntry.js', { 'accept-encoding': BR });
      assert.equal(entry.headers['cache-control'], 'no-cache', 'the sibling keeps its file’s rule');
    });

    it('answers 304 to its ETag, one per encoding', async () => {
      for (const acceptEncoding of [BR, 'gzip', '']) {
        const first = await get('/remotes/pay/1.0.0/remoteEntry.js', accepting(acceptEncoding));
        assert.ok(first.headers.etag);
        const again = await get('/remotes/pay/1.0.0/remoteEntry.js', { ...accepting(acceptEncoding), 'if-none-match': String(first.headers.etag) });
        assert.equal(again.statusCode, 304, acceptEncoding);
        assert.equal(again.rawPayload.length, 0);
        assert.equal(again.headers['cache-control'], 'no-cache');
      }
      const br = await get('/remotes/pay/1.0.0/remoteEntry.js', { 'accept-encoding': BR });
      const identity = await get('/remotes/pay/1.0.0/remoteEntry.js');
      assert.notEqual(br.headers.etag, identity.headers.etag);
      const stale = await get('/remotes/pay/1.0.0/remoteEntry.js', { 'if-none-match': '"something-else"' });
      assert.equal(stale.statusCode, 200);
    });

    it('answers HEAD with the headers of the GET it stands for', async () => {
      const full = await get('/remotes/pay/1.0.0/big.0123456789.js', { 'accept-encoding': BR });
      const head = await get('/remotes/pay/1.0.0/big.0123456789.js', { 'accept-encoding': BR }, 'HEAD');
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-encoding'], 'br');
      assert.equal(Number(head.headers['content-length']), full.rawPayload.length);
      assert.equal(head.headers.etag, full.headers.etag);
      assert.equal(head.rawPayload.length, 0);
    });

    it('answers 404 for source maps, siblings by their own names, dot folders, missing files and bad paths', async () => {
      assert.ok(await remotes.exists('pay/1.0.0/big.0123456789.js.map'), 'the map is in the store');
      assert.ok(await remotes.exists('pay/1.0.0/remoteEntry.js.gz'), 'the sibling is in the store');
      if (remotes.kind === 'local') assert.ok(fs.existsSync(path.join(t.config.remoteStoreDir, '.blobstore', 'meta', 'pay', '1.0.0', 'remoteEntry.js.json')), 'the type sidecar is in the folder');
      for (const url of [
        '/remotes/pay/1.0.0/big.0123456789.js.map',
        '/remotes/pay/1.0.0/remoteEntry.js.gz',
        '/remotes/pay/1.0.0/remoteEntry.js.br',
        '/remotes/pay/9.9.9/remoteEntry.js',
        '/remotes/pay/1.0.0',
        '/remotes/.blobstore/meta/pay/1.0.0/remoteEntry.js.json',
        '/remotes/%2Eblobstore/meta/pay/1.0.0/remoteEntry.js.json',
        '/remotes/pay/..%2f..%2fsecrets.json',
      ]) {
        for (const acceptEncoding of [BR, '']) {
          const response = await get(url, accepting(acceptEncoding));
          assert.equal(response.statusCode, 404, `${url} (${acceptEncoding || 'no Accept-Encoding'})`);
        }
      }
    });

    it('does not send a sibling whose file is gone', async () => {
      await t.app.platform.publish({ area: 'pay', buildDir: fakeRemoteBuild({ area: 'pay', version: '1.0.1-gone', remoteEntry: script('gone') }) });
      await remotes.delete('pay/1.0.1-gone/remoteEntry.js');
      assert.ok(await remotes.exists('pay/1.0.1-gone/remoteEntry.js.br'));
      for (const acceptEncoding of [BR, 'gzip', '']) {
        const response = await get('/remotes/pay/1.0.1-gone/remoteEntry.js', accepting(acceptEncoding));
        assert.equal(response.statusCode, 404, acceptEncoding || 'no Accept-Encoding');
      }
    });
  });
}

remoteServingCases('the folder DATA_DIR/remotes', () => ({}));

let s3: FakeS3;
before(async () => {
  s3 = await startFakeS3();
});
after(() => s3.close());
remoteServingCases('an S3 bucket (s3rver)', () => s3.env);

describe('two instances on one bucket', () => {
  it('both serve a remote published through the first, and see it as published', async () => {
    const first = await createTestApp({ ...s3.env, S3_PREFIX: 'shared-site' });
    // One deployment: the second instance has the first's database and bucket.
    const second = await createTestApp({ ...s3.env, S3_PREFIX: 'shared-site' }, { storage: first.storage });
    try {
      await first.app.platform.publish({ area: 'chat', buildDir: fakeRemoteBuild({ area: 'chat', version: '2.0.0', remoteEntry: script('shared') }) });
      await first.app.platform.activate('chat', '2.0.0');
      for (const t of [first, second]) {
        const entry = await t.app.server.inject({ method: 'GET', url: '/remotes/chat/2.0.0/remoteEntry.js', headers: { 'accept-encoding': BR } });
        assert.equal(entry.statusCode, 200);
        assert.equal(entry.headers['content-encoding'], 'br');
        assert.equal(decoded(entry).toString(), script('shared'));
      }
      assert.equal(fs.existsSync(path.join(second.config.remoteStoreDir, 'chat')), false, 'nothing on local disk');
      const etags = await Promise.all([first, second].map(async (t) => (await t.app.server.inject({ method: 'GET', url: '/remotes/chat/2.0.0/mf-manifest.json' })).headers.etag));
      assert.equal(etags[0], etags[1], 'one object, one ETag on every instance');
      // Publishing the same build again through the second is the usual no-op.
      const again = await second.app.platform.publish({ area: 'chat', buildDir: fakeRemoteBuild({ area: 'chat', version: '2.0.0', remoteEntry: script('shared') }) });
      assert.deepEqual(again, { version: '2.0.0', alreadyPublished: true });
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('serves a remote that `pnpm ops remotes publish` put into the bucket from another process', async () => {
    const t = await createTestApp({ ...s3.env, S3_PREFIX: 'ops-site' });
    try {
      const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'ops', 'cli.ts');
      const build = fakeRemoteBuild({ area: 'media', version: '3.0.0', remoteEntry: script('ops') });
      // Not spawnSync: s3rver answers from this process's event loop.
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'remotes', 'publish', 'media', build, '--activate'], {
        env: { ...process.env, ...s3.env, S3_PREFIX: 'ops-site', DATA_DIR: t.storage.dataDir, DATABASE_URL: t.storage.databaseUrl ?? '', INIT_CWD: '/', LOG_LEVEL: 'silent' },
      });
      assert.match(stdout, /已发布 media 3\.0\.0/);
      const entry = await t.app.server.inject({ method: 'GET', url: '/remotes/media/3.0.0/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
      assert.equal(entry.statusCode, 200);
      assert.equal(entry.headers['content-encoding'], 'gzip');
      assert.equal(decoded(entry).toString(), script('ops'));
    } finally {
      await t.close();
    }
  });
});
