import type { BlobStore } from './blobStore.js';
import type { StorageConfig } from './config.js';
import { LocalBlobStore } from './localBlobStore.js';
import { S3BlobStore } from './s3BlobStore.js';
import { scopedBlobStore } from './scopedBlobStore.js';

export type { BlobStore, StoredObject } from './blobStore.js';
export { storageConfigOf, type S3StorageConfig, type StorageConfig } from './config.js';
export { contentTypeOf } from './contentTypes.js';
export { BlobKeyError } from './keys.js';
export { LocalBlobStore } from './localBlobStore.js';
export { S3BlobStore } from './s3BlobStore.js';
export { scopedBlobStore } from './scopedBlobStore.js';

/** The configured store: the S3 bucket when S3_BUCKET is set (config.ts checked the group), else the folder. */
export function createBlobStore(config: StorageConfig): BlobStore {
  return config.kind === 's3' ? new S3BlobStore(config) : new LocalBlobStore(config.dir);
}

/** Where the remote store's keys `<area>/<version>/<file>` live in the bucket. */
export const REMOTES_PREFIX = 'remotes/';

/**
 * The remote store's objects (published area builds): in the shared bucket under `remotes/` with
 * S3, so every instance serves every area; on local disk the folder REMOTE_STORE_DIR
 * (DATA_DIR/remotes) as before, so releases published before the blob store are still there.
 */
export function remoteBlobStore(blobs: BlobStore, remoteStoreDir: string): BlobStore {
  return blobs.kind === 's3' ? scopedBlobStore(blobs, REMOTES_PREFIX) : new LocalBlobStore(remoteStoreDir);
}

/** The folder a store reads from, when it is one: the front end serves it with @fastify/static. */
export function directoryOf(store: BlobStore): string | null {
  return store instanceof LocalBlobStore ? store.root : null;
}

/** Closes what a store holds open (the S3 client's connections). */
export function closeBlobStore(store: BlobStore): void {
  if (store instanceof S3BlobStore) store.close();
}
