import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addMissingSiblings, PRECOMPRESS_RULE } from '@qiming/contracts/federation';
import type { BlobStore } from '../../storage/blobStore.js';
import { contentTypeOf } from '../../storage/contentTypes.js';

/** The precompressed siblings' extensions (precompress-rule.json): sent as their file's Content-Encoding. */
export const SIBLING = /\.(br|gz)$/;

/** Uploads at once while publishing (a build is some dozens of files). */
const UPLOAD_CONCURRENCY = 8;

/** The file a release is known by: written last, so a release that has it is complete. */
const MANIFEST = 'mf-manifest.json';

/** Every file under dir, relative with '/' separators. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** A sibling is stored with its file's type: it is served as that file, with a Content-Encoding. */
const storedTypeOf = (file: string) => contentTypeOf(file.replace(SIBLING, ''));

async function inBatches<T>(items: T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(task));
}

function temporaryDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'qm-release-'));
}

/**
 * Published remote builds, served at /remotes/<area>/<version>/: objects `<area>/<version>/<file>`
 * of a blob store (the folder DATA_DIR/remotes, or `remotes/` of the S3 bucket that every server
 * instance reads — storage/index.ts `remoteBlobStore`).
 */
export class RemoteStore {
  constructor(readonly blobs: BlobStore) {}

  entryUrl(area: string, version: string): string {
    return `/remotes/${encodeURIComponent(area)}/${encodeURIComponent(version)}/mf-manifest.json`;
  }

  /** A complete release: its manifest, written last, is there. */
  has(area: string, version: string): Promise<boolean> {
    return this.blobs.exists(`${area}/${version}/${MANIFEST}`);
  }

  /** Removes whatever is stored of a release (an interrupted publish's leftovers). */
  remove(area: string, version: string): Promise<void> {
    return this.blobs.deletePrefix(`${area}/${version}/`);
  }

  /**
   * Copies a build in, with the precompressed siblings (.br, .gz) it lacks made in a temporary copy
   * (the build directory is left as it is), and `release` as its release.json when it is published
   * under another version than the build's. The manifest goes last, so `has` is true only of a
   * whole release; a failed copy removes what it wrote.
   */
  async copyIn(area: string, version: string, buildDir: string, release?: object): Promise<void> {
    const staging = temporaryDir();
    try {
      fs.cpSync(buildDir, staging, { recursive: true });
      if (release) fs.writeFileSync(path.join(staging, 'release.json'), JSON.stringify(release));
      await addMissingSiblings(staging);
      const files = filesUnder(staging);
      const upload = (file: string) => this.blobs.put(`${area}/${version}/${file}`, fs.readFileSync(path.join(staging, file)), { contentType: storedTypeOf(file) });
      try {
        await inBatches(
          files.filter((file) => file !== MANIFEST),
          UPLOAD_CONCURRENCY,
          upload,
        );
        if (files.includes(MANIFEST)) await upload(MANIFEST);
      } catch (error) {
        await this.remove(area, version).catch(() => undefined);
        throw error;
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }

  /**
   * Adds the siblings a published release lacks (published before the build made them); its own
   * files are not touched, each sibling is written whole. Returns the siblings made.
   */
  async completeSiblings(area: string, version: string): Promise<string[]> {
    const prefix = `${area}/${version}/`;
    const files = (await this.blobs.list(prefix)).map((key) => key.slice(prefix.length));
    const present = new Set(files);
    const candidates = files.filter((file) => PRECOMPRESS_RULE.test.test(file));
    if (!candidates.length) return [];
    // The shared rule works on a folder: the candidates' bytes, and empty stand-ins for the siblings there already.
    const work = temporaryDir();
    try {
      for (const file of candidates) {
        const body = await this.blobs.read(prefix + file);
        if (!body) continue;
        fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
        fs.writeFileSync(path.join(work, file), body);
        for (const sibling of [`${file}.br`, `${file}.gz`]) if (present.has(sibling)) fs.writeFileSync(path.join(work, sibling), '');
      }
      const made = (await addMissingSiblings(work)).map((file) => file.split(path.sep).join('/'));
      await inBatches(made, UPLOAD_CONCURRENCY, (file) => this.blobs.put(prefix + file, fs.readFileSync(path.join(work, file)), { contentType: storedTypeOf(file) }));
      return made;
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

/**
 * One hash of a build's whole content: every file's path and bytes, in path order, but the
 * precompressed siblings (made from their files, and added at publish when missing).
 */
export function contentHashOf(buildDir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(buildDir).filter((f) => !SIBLING.test(f)).sort()) {
    hash.update(`${file}\0${fs.statSync(path.join(buildDir, file)).size}\0`);
    hash.update(fs.readFileSync(path.join(buildDir, file)));
  }
  return `sha256-${hash.digest('base64')}`;
}

/** Subresource-integrity style hash of a build's remoteEntry.js. */
export function integrityOf(buildDir: string): string {
  const body = fs.readFileSync(path.join(buildDir, 'remoteEntry.js'));
  return `sha256-${createHash('sha256').update(body).digest('base64')}`;
}
