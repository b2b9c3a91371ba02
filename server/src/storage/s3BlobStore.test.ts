import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeS3, type FakeS3 } from '../testing/fakeS3.js';
import { blobStoreContract } from '../testing/blobStoreContract.js';
import { S3BlobStore } from './s3BlobStore.js';

blobStoreContract('S3 (s3rver)', async () => {
  const s3 = await startFakeS3();
  const store = new S3BlobStore(s3.config);
  return {
    store,
    async cleanup() {
      store.close();
      await s3.close();
    },
  };
});

describe('S3 blob store specifics (s3rver)', () => {
  let s3: FakeS3;
  const stores: S3BlobStore[] = [];
  const open = (options: { prefix?: string; pageSize?: number; bucket?: string } = {}) => {
    const store = new S3BlobStore({ ...s3.config, prefix: options.prefix ?? '', bucket: options.bucket ?? s3.config.bucket }, { pageSize: options.pageSize });
    stores.push(store);
    return store;
  };
  before(async () => {
    s3 = await startFakeS3();
  });
  after(async () => {
    for (const store of stores) store.close();
    await s3.close();
  });

  it('lists and deletes past one page (continuation tokens, batches of the page size)', async () => {
    const store = open({ pageSize: 7 });
    const keys = Array.from({ length: 30 }, (_, i) => `paged/${String(i).padStart(2, '0')}.txt`);
    await Promise.all(keys.map((key) => store.put(key, Buffer.from(key), { contentType: 'text/plain' })));
    await store.put('paged-not/x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    assert.deepEqual((await store.list('paged/')).sort(), keys);
    await store.deletePrefix('paged/');
    assert.deepEqual(await store.list('paged/'), []);
    assert.deepEqual(await store.list('paged-not/'), ['paged-not/x.txt']);
  });

  it('lists more than 1000 keys with the real page size', async () => {
    const store = open({ prefix: 'many/' });
    const keys = Array.from({ length: 1005 }, (_, i) => `k/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, Buffer.from('1'), { contentType: 'text/plain' })));
    assert.equal((await store.list('k/')).length, 1005);
    await store.deletePrefix('k/');
    assert.deepEqual(await store.list(''), []);
  });

  it('keeps stores with different S3_PREFIX apart in one bucket', async () => {
    const a = open({ prefix: 'site-a/' });
    const b = open({ prefix: 'site-b/' });
    await a.put('same/key.txt', Buffer.from('from a'), { contentType: 'text/plain' });
    await b.put('same/key.txt', Buffer.from('from b'), { contentType: 'text/plain' });
    assert.equal((await a.read('same/key.txt'))?.toString(), 'from a');
    assert.deepEqual(await b.list(''), ['same/key.txt']);
    await a.deletePrefix('');
    assert.equal((await b.read('same/key.txt'))?.toString(), 'from b');
    assert.deepEqual((await open().list('site-b/')).sort(), ['site-b/same/key.txt']);
  });

  it('reports a missing bucket as an error naming it, not as a missing object', async () => {
    const store = open({ bucket: 'no-such-bucket' });
    await assert.rejects(store.get('a.txt'), /S3 GetObject a\.txt in bucket no-such-bucket failed: NoSuchBucket/);
    await assert.rejects(store.put('a.txt', Buffer.from('x'), { contentType: 'text/plain' }), /no-such-bucket/);
  });
});
