import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import type { BlobStore } from '../storage/blobStore.js';
import { BlobKeyError } from '../storage/keys.js';

export interface ContractSubject {
  store: BlobStore;
  cleanup(): Promise<void>;
}

const sha = (body: Buffer) => createHash('sha256').update(body).digest('hex');

export const UNSAFE_KEYS = ['', '/abs/key', '../up', 'a/../../b', 'a/./b', 'a//b', 'a/', 'a\\b', 'a\u0000b', 'line\nbreak', 'del\u007f', '.blobstore/meta/x'];

/**
 * What every BlobStore does, run against each implementation (localBlobStore.test.ts,
 * s3BlobStore.test.ts): each case uses keys under its own folder, so cases do not see each other.
 */
export function blobStoreContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`blob store contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: BlobStore;
    before(async () => {
      subject = await open();
      store = subject.store;
    });
    after(() => subject.cleanup());

    it('puts and gets an object with its content type, size, ETag and time', async () => {
      const body = Buffer.from('{"hello":"启明"}');
      const before = Date.now();
      await store.put('basic/a.json', body, { contentType: 'application/json; charset=utf-8' });
      const object = await store.get('basic/a.json');
      assert.ok(object);
      assert.ok((await buffer(object.body)).equals(body));
      assert.equal(object.size, body.length);
      assert.equal(object.contentType, 'application/json; charset=utf-8');
      assert.match(object.etag, /^".+"$/);
      assert.ok(object.lastModified instanceof Date);
      assert.ok(Math.abs(object.lastModified.getTime() - before) < 60_000, 'modified about now');
      assert.ok((await store.read('basic/a.json'))?.equals(body));
      assert.equal(await store.exists('basic/a.json'), true);
    });

    it('keeps the content type given, whatever the extension', async () => {
      await store.put('types/picture', Buffer.from([1, 2, 3]), { contentType: 'image/webp' });
      await store.put('types/note.png', Buffer.from('text'), { contentType: 'text/plain; charset=utf-8' });
      assert.equal((await store.get('types/picture'))?.contentType, 'image/webp');
      assert.equal((await store.get('types/note.png'))?.contentType, 'text/plain; charset=utf-8');
    });

    it('answers null / false for missing keys and deletes them without complaint', async () => {
      assert.equal(await store.get('missing/none.png'), null);
      assert.equal(await store.read('missing/none.png'), null);
      assert.equal(await store.exists('missing/none.png'), false);
      await store.delete('missing/none.png');
      await store.deletePrefix('missing/');
      assert.deepEqual(await store.list('missing/'), []);
      await store.put('missing/file', Buffer.from('x'), { contentType: 'text/plain' });
      assert.equal(await store.get('missing/file/below'), null, 'a key below an object is not the object');
      assert.equal(await store.exists('missing'), false, 'a folder is not an object');
    });

    it('overwrites: the new body, type and ETag', async () => {
      await store.put('over/x.bin', Buffer.from('first'), { contentType: 'application/octet-stream' });
      const first = await store.get('over/x.bin');
      first?.body.destroy();
      await store.put('over/x.bin', Buffer.from('second, longer'), { contentType: 'text/plain' });
      const second = await store.get('over/x.bin');
      assert.ok(second);
      assert.equal((await buffer(second.body)).toString(), 'second, longer');
      assert.equal(second.contentType, 'text/plain');
      assert.notEqual(second.etag, first?.etag);
    });

    it('lists keys under a prefix, recursively, by string prefix', async () => {
      const keys = ['list/a/1.txt', 'list/a/deep/er/2.txt', 'list/ab/3.txt', 'list/a.txt', 'list/b/4.txt', 'list/图片 一/5.png'];
      for (const key of keys) await store.put(key, Buffer.from(key), { contentType: 'text/plain' });
      const sorted = async (prefix: string) => (await store.list(prefix)).sort();
      assert.deepEqual(await sorted('list/a/'), ['list/a/1.txt', 'list/a/deep/er/2.txt']);
      assert.deepEqual(await sorted('list/a'), ['list/a.txt', 'list/a/1.txt', 'list/a/deep/er/2.txt', 'list/ab/3.txt']);
      assert.deepEqual(await sorted('list/'), [...keys].sort());
      assert.deepEqual(await sorted('list/图片 一/'), ['list/图片 一/5.png']);
      assert.deepEqual(await store.list('list/none/'), []);
      assert.ok((await store.list('')).includes('list/b/4.txt'), "'' lists everything");
    });

    it('deletes one key, and everything under a prefix', async () => {
      for (const key of ['del/one/1', 'del/one/2/3', 'del/onex/4', 'del/two/5', 'del/keep']) await store.put(key, Buffer.from(key), { contentType: 'text/plain' });
      await store.delete('del/keep');
      assert.equal(await store.exists('del/keep'), false);
      await store.deletePrefix('del/one/');
      assert.deepEqual((await store.list('del/')).sort(), ['del/onex/4', 'del/two/5'], 'del/onex is not under del/one/');
      await store.deletePrefix('del/t');
      assert.deepEqual(await store.list('del/'), ['del/onex/4']);
      assert.equal(await store.get('del/one/2/3'), null);
    });

    it('keeps a 5 MB object byte for byte', async () => {
      const body = randomBytes(5 * 1024 * 1024);
      await store.put('large/five.bin', body, { contentType: 'application/octet-stream' });
      const object = await store.get('large/five.bin');
      assert.ok(object);
      assert.equal(object.size, body.length);
      assert.equal(sha(await buffer(object.body)), sha(body));
      assert.equal(sha((await store.read('large/five.bin'))!), sha(body));
    });

    it('refuses unsafe keys and prefixes with BlobKeyError, for every operation', async () => {
      for (const key of UNSAFE_KEYS) {
        const shown = JSON.stringify(key);
        await assert.rejects(store.put(key, Buffer.from('x'), { contentType: 'text/plain' }), BlobKeyError, `put ${shown}`);
        await assert.rejects(store.get(key), BlobKeyError, `get ${shown}`);
        await assert.rejects(store.read(key), BlobKeyError, `read ${shown}`);
        await assert.rejects(store.exists(key), BlobKeyError, `exists ${shown}`);
        await assert.rejects(store.delete(key), BlobKeyError, `delete ${shown}`);
      }
      for (const prefix of ['../', '/abs/', 'a//', 'a\\b/', '.blobstore/']) {
        await assert.rejects(store.list(prefix), BlobKeyError, `list ${prefix}`);
        await assert.rejects(store.deletePrefix(prefix), BlobKeyError, `deletePrefix ${prefix}`);
      }
      await assert.rejects(store.put('bad/type', Buffer.from('x'), { contentType: 'text/plain\r\nX-Evil: 1' }), BlobKeyError);
      await assert.rejects(store.put('bad/type', Buffer.from('x'), { contentType: '' }), BlobKeyError);
    });

    // Readers during the puts: localBlobStore.test.ts (s3rver is not a model of S3 there).
    it('concurrent puts of one key leave one whole body, and a later put wins', async () => {
      const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024 + i, i + 1));
      const hashes = new Set(bodies.map(sha));
      await Promise.all(bodies.map((body, i) => store.put('race/key.bin', body, { contentType: `application/x-race-${i}` })));
      const final = await store.get('race/key.bin');
      assert.ok(final);
      const finalBody = await buffer(final.body);
      assert.ok(hashes.has(sha(finalBody)), 'one whole body');
      assert.equal(final.size, finalBody.length);
      const last = Buffer.from('the last word');
      await store.put('race/key.bin', last, { contentType: 'text/plain' });
      assert.ok((await store.read('race/key.bin'))?.equals(last));
    });
  });
}
