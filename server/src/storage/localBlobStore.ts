import { randomUUID } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore, StoredObject } from './blobStore.js';
import { contentTypeOf } from './contentTypes.js';
import { assertContentType, assertSafeKey, assertSafePrefix, LOCAL_SYSTEM_DIR } from './keys.js';

/** Not there, or a folder where a file was asked for: the key names no object. */
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Identifies one write of a file: every put renames a new file into place (a new inode), and the
 * size and nanosecond mtime tell apart the rare inode reused after a delete.
 */
const etagOf = (stat: BigIntStats) => `"${stat.ino.toString(16)}-${stat.size.toString(16)}-${stat.mtimeNs.toString(16)}"`;

/**
 * The blob store in a directory: key `a/b.png` is the file `<root>/a/b.png`, so a folder of files
 * (the remote store, written before this store existed) is read as it is. Its content type is kept
 * in `<root>/.blobstore/meta/a/b.png.json`; a file without one gets the type of its extension.
 * Every write goes to `<root>/.blobstore/tmp/` and is renamed into place, so a reader sees the old
 * file or the new one, never part of one. Writes of one key in this process run one after the
 * other, so the file and its recorded type are those of the same (last) put.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly writes = new Map<string, Promise<unknown>>();
  private readonly metaDir: string;
  private readonly tmpDir: string;

  constructor(readonly root: string) {
    this.root = path.resolve(root);
    this.metaDir = path.join(this.root, LOCAL_SYSTEM_DIR, 'meta');
    this.tmpDir = path.join(this.root, LOCAL_SYSTEM_DIR, 'tmp');
  }

  async put(key: string, body: Buffer, { contentType }: { contentType: string }): Promise<void> {
    const file = this.fileOf(key);
    assertContentType(contentType);
    await this.serialized(key, async () => {
      // The type first: a new key is never seen with another's (or no) type.
      await this.writeAtomically(this.metaFileOf(key), Buffer.from(JSON.stringify({ contentType })), key);
      await this.writeAtomically(file, body, key);
    });
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      // Size, ETag and body all from the one open file, whatever is renamed over it meanwhile.
      const stat = await handle.stat({ bigint: true });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: Number(stat.size), contentType: await this.contentTypeOf(key), etag: etagOf(stat), lastModified: stat.mtime };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.fileOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.fileOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const folderKey = slash >= 0 ? prefix.slice(0, slash) : '';
    const keys: string[] = [];
    await this.collect(folderKey, keys);
    return keys.filter((key) => key.startsWith(prefix));
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await this.serialized(key, async () => {
      await fsp.rm(file, { force: true });
      await fsp.rm(this.metaFileOf(key), { force: true });
    });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    if (prefix.endsWith('/')) {
      // A whole folder: its files and their recorded types.
      const folder = prefix.slice(0, -1);
      await fsp.rm(this.fileOf(folder), { recursive: true, force: true });
      await fsp.rm(path.join(this.metaDir, ...folder.split('/')), { recursive: true, force: true });
      return;
    }
    for (const key of await this.list(prefix)) await this.delete(key);
  }

  private fileOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private metaFileOf(key: string): string {
    return `${path.join(this.metaDir, ...key.split('/'))}.json`;
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await fsp.readFile(this.metaFileOf(key), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string' && meta.contentType) return meta.contentType;
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return contentTypeOf(key);
  }

  /** Every file key under the folder `folderKey` ('' is the root, without the store's own folder). */
  private async collect(folderKey: string, into: string[]): Promise<void> {
    const folder = folderKey ? path.join(this.root, ...folderKey.split('/')) : this.root;
    let entries;
    try {
      entries = await fsp.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!folderKey && entry.name === LOCAL_SYSTEM_DIR) continue;
      const key = folderKey ? `${folderKey}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await this.collect(key, into);
      else if (entry.isFile()) into.push(key);
    }
  }

  private async writeAtomically(file: string, body: Buffer, key: string): Promise<void> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const temporary = path.join(this.tmpDir, randomUUID());
    try {
      await fsp.writeFile(temporary, body);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.rename(temporary, file);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw new Error(`local blob store: cannot write ${key}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Runs the writes of one key one after the other (a failed one does not stop the next). */
  private serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.writes.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.writes.set(key, done);
    void done.then(() => {
      if (this.writes.get(key) === done) this.writes.delete(key);
    });
    return run;
  }
}
