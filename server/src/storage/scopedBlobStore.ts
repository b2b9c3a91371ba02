import type { BlobStore } from './blobStore.js';
import { assertSafeKey, assertSafePrefix } from './keys.js';

/** A view of a store where every key is under `prefix` ('remotes/'): keys in and out are relative to it. */
export function scopedBlobStore(store: BlobStore, prefix: string): BlobStore {
  assertSafePrefix(prefix);
  if (!prefix.endsWith('/')) throw new Error(`a scoped blob store's prefix ends with '/': ${prefix}`);
  const inner = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };
  const innerPrefix = (relative: string) => {
    assertSafePrefix(relative);
    return prefix + relative;
  };
  return {
    kind: store.kind,
    put: (key, body, options) => store.put(inner(key), body, options),
    get: (key) => store.get(inner(key)),
    read: (key) => store.read(inner(key)),
    exists: (key) => store.exists(inner(key)),
    list: async (relative) => (await store.list(innerPrefix(relative))).map((key) => key.slice(prefix.length)),
    delete: (key) => store.delete(inner(key)),
    deletePrefix: (relative) => store.deletePrefix(innerPrefix(relative)),
  };
}
