import type { Readable } from 'node:stream';

/**
 * Where files live that every server instance must see: generated images and their thumbnails,
 * reference images, and (the same interface) the remote store of published area builds. A
 * directory under DATA_DIR by default; an S3-compatible bucket when S3_* is set.
 *
 * Keys are '/'-separated paths without a leading '/', made by the code (never from user input
 * unchecked): e.g. `images/<userId>/<imageId>.png`, `remotes/<area>/<version>/mf-manifest.json`.
 */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  /** For conditional GETs (an ETag the store computed or kept). */
  etag: string;
  lastModified: Date;
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object in memory (small objects: manifests, thumbnails); null when absent. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Keys under a prefix ('a/b/' lists a/b/…), in no particular order. */
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
  /** Every object under a prefix. */
  deletePrefix(prefix: string): Promise<void>;
}
