import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { BlobStore, StoredObject } from './blobStore.js';

interface Entry {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/**
 * A BlobStore in this process's memory, for tests (and a single-process development run): the same
 * contract as the local and S3 stores, nothing survives the process. `kind` says 'local' because the
 * interface knows only the two persistent kinds; to callers it behaves like a local store.
 */
export class MemoryBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly objects = new Map<string, Entry>();

  async put(key: string, body: Buffer, options: { contentType: string }): Promise<void> {
    assertKey(key);
    const copy = Buffer.from(body);
    this.objects.set(key, { body: copy, contentType: options.contentType, etag: `"${createHash('sha256').update(copy).digest('base64url').slice(0, 27)}"`, lastModified: new Date() });
  }

  async get(key: string): Promise<StoredObject | null> {
    const entry = this.objects.get(key);
    if (!entry) return null;
    return { body: Readable.from([entry.body]), size: entry.body.length, contentType: entry.contentType, etag: entry.etag, lastModified: entry.lastModified };
  }

  async read(key: string): Promise<Buffer | null> {
    const entry = this.objects.get(key);
    return entry ? Buffer.from(entry.body) : null;
  }

  async exists(key: string): Promise<boolean> {
    return this.objects.has(key);
  }

  async list(prefix: string): Promise<string[]> {
    return [...this.objects.keys()].filter((key) => key.startsWith(prefix));
  }

  async delete(key: string): Promise<void> {
    this.objects.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (const key of await this.list(prefix)) this.objects.delete(key);
  }

  /** How many objects are stored (tests). */
  get size(): number {
    return this.objects.size;
  }
}

function assertKey(key: string): void {
  if (key === '' || key.startsWith('/') || key.split('/').some((part) => part === '' || part === '.' || part === '..')) throw new TypeError(`invalid blob key ${JSON.stringify(key)}`);
}
