import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Only ids this module makes (and user ids, UUIDs) become path segments: nothing can climb out of the folder. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

function segment(value: string): string {
  if (!SAFE_SEGMENT.test(value)) throw new Error(`unsafe path segment: ${JSON.stringify(value)}`);
  return value;
}

/** The stored bytes of uploads: UPLOAD_DIR/<userId>/<knowledgeId>. */
export class UploadFileStore {
  constructor(readonly dir: string) {}

  pathOf(userId: string, id: string): string {
    return path.join(this.dir, segment(userId), segment(id));
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  async write(userId: string, id: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(userId, id);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await fs.promises.writeFile(partial, bytes, { flag: 'wx' });
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
  }

  /** A new path for a file being received (`<dir>/.incoming/`, the same disk, so adopting it is a rename). */
  async incomingPath(): Promise<string> {
    const dir = path.join(this.dir, '.incoming');
    await fs.promises.mkdir(dir, { recursive: true });
    return path.join(dir, `${Date.now()}-${randomBytes(9).toString('base64url')}`);
  }

  /** Moves a received file into place as the user's file `id`. */
  async adopt(userId: string, id: string, incoming: string): Promise<void> {
    const target = this.pathOf(userId, id);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(incoming, target);
  }

  /** The file's size, or null when it is not on disk. */
  async sizeOf(userId: string, id: string): Promise<number | null> {
    try {
      return (await fs.promises.stat(this.pathOf(userId, id))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  read(userId: string, id: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(userId, id));
  }

  stream(userId: string, id: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(userId, id));
  }

  async remove(userId: string, id: string): Promise<void> {
    await fs.promises.rm(this.pathOf(userId, id), { force: true });
  }
}
