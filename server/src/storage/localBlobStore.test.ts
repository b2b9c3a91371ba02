import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import { blobStoreContract, UNSAFE_KEYS } from '../testing/blobStoreContract.js';
import { LocalBlobStore } from './localBlobStore.js';

const tempRoot = () => fs.mkdtempSync(path.join(os.tmpdir(), 'qm-blobs-'));

blobStoreContract('local directory', async () => {
  const root = tempRoot();
  return { store: new LocalBlobStore(root), cleanup: async () => fs.rmSync(root, { recursive: true, force: true }) };
});

describe('local blob store on disk', () => {
  let parent: string;
  let root: string;
  let store: LocalBlobStore;
  before(() => {
    parent = tempRoot();
    root = path.join(parent, 'blobs');
    store = new LocalBlobStore(root);
  });
  after(() => fs.rmSync(parent, { recursive: true, force: true }));

  const tmpFiles = () => (fs.existsSync(path.join(root, '.blobstore', 'tmp')) ? fs.readdirSync(path.join(root, '.blobstore', 'tmp')) : []);

  it('keeps key a/b.png as the file <root>/a/b.png, its type aside, no temporary file left', async () => {
    await store.put('images/u1/abc.png', Buffer.from('png bytes'), { contentType: 'image/png' });
    assert.equal(fs.readFileSync(path.join(root, 'images', 'u1', 'abc.png'), 'utf8'), 'png bytes');
    assert.deepEqual(fs.readdirSync(path.join(root, 'images', 'u1')), ['abc.png'], 'nothing beside the file');
    assert.deepEqual(tmpFiles(), []);
    assert.deepEqual(await store.list(''), ['images/u1/abc.png'], 'the store folder is not listed');
  });

  it('reads a file put there by other means, with the type of its extension', async () => {
    fs.mkdirSync(path.join(root, 'old'), { recursive: true });
    fs.writeFileSync(path.join(root, 'old', 'remoteEntry.js'), 'console.log(1)');
    const object = await store.get('old/remoteEntry.js');
    assert.ok(object);
    assert.equal(object.contentType, 'application/javascript; charset=utf-8');
    assert.equal((await buffer(object.body)).toString(), 'console.log(1)');
    assert.equal((await store.get('old'))?.contentType, undefined, 'a folder is no object');
  });

  it('writes nothing outside its root for an unsafe key', async () => {
    const before = fs.readdirSync(parent).sort();
    for (const key of UNSAFE_KEYS) await store.put(key, Buffer.from('x'), { contentType: 'text/plain' }).catch(() => undefined);
    assert.deepEqual(fs.readdirSync(parent).sort(), before);
    assert.equal(fs.existsSync(path.join(parent, 'up')), false);
  });

  it('never shows a torn file while a large key is rewritten many times', async () => {
    const bodies = Array.from({ length: 6 }, (_, i) => Buffer.alloc(2 * 1024 * 1024, 65 + i));
    await store.put('torn/big.bin', bodies[0]!, { contentType: 'application/octet-stream' });
    let reading = true;
    const seen: string[] = [];
    const reader = (async () => {
      while (reading) {
        const read = await store.read('torn/big.bin');
        assert.ok(read);
        assert.equal(read.length, bodies[0]!.length);
        assert.ok(read.every((byte) => byte === read[0]), 'one body, not a mix');
        seen.push(String.fromCharCode(read[0]!));
      }
    })();
    await Promise.all(bodies.map((body, i) => store.put('torn/big.bin', body, { contentType: `application/x-${i}` })));
    reading = false;
    await reader;
    assert.ok(seen.length > 0);
    // Writes of one key run in call order here: the last call wins, type and body together.
    const final = await store.get('torn/big.bin');
    assert.equal(final?.contentType, 'application/x-5');
    assert.equal((await buffer(final!.body))[0], 65 + 5);
    assert.deepEqual(tmpFiles(), []);
  });

  it('refuses a key below an existing object with a clear error', async () => {
    await store.put('clash/file', Buffer.from('x'), { contentType: 'text/plain' });
    await assert.rejects(store.put('clash/file/below', Buffer.from('y'), { contentType: 'text/plain' }), /local blob store: cannot write clash\/file\/below/);
    assert.deepEqual(tmpFiles(), []);
  });

  it('deletes a folder prefix with the recorded types', async () => {
    await store.put('gone/a/1.txt', Buffer.from('1'), { contentType: 'text/x-one' });
    await store.deletePrefix('gone/');
    assert.equal(fs.existsSync(path.join(root, 'gone')), false);
    assert.equal(fs.existsSync(path.join(root, '.blobstore', 'meta', 'gone')), false);
    // Put again without a type record left over.
    fs.mkdirSync(path.join(root, 'gone', 'a'), { recursive: true });
    fs.writeFileSync(path.join(root, 'gone', 'a', '1.txt'), '1');
    assert.equal((await store.get('gone/a/1.txt'))?.contentType, 'text/plain; charset=utf-8');
  });
});
