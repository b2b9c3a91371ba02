import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addMissingSiblings } from '@qiming/contracts/federation';

/** Where published remote builds live: <storeDir>/<area>/<version>/, served at /remotes/<area>/<version>/. */
export class RemoteStore {
  constructor(readonly dir: string) {}

  releaseDir(area: string, version: string): string {
    return path.join(this.dir, area, version);
  }

  entryUrl(area: string, version: string): string {
    return `/remotes/${encodeURIComponent(area)}/${encodeURIComponent(version)}/mf-manifest.json`;
  }

  has(area: string, version: string): boolean {
    return fs.existsSync(path.join(this.releaseDir(area, version), 'mf-manifest.json'));
  }

  /**
   * Copies a build in, with the precompressed siblings (.br, .gz) it lacks made in the copy (the
   * build directory is left as it is); an existing release directory is never overwritten.
   */
  async copyIn(area: string, version: string, buildDir: string): Promise<void> {
    const target = this.releaseDir(area, version);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
    fs.cpSync(buildDir, staging, { recursive: true });
    try {
      await addMissingSiblings(staging);
      fs.renameSync(staging, target);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Adds the siblings a published release lacks (published before the build made them); its own
   * files are not touched, each sibling appears whole. Returns the siblings made.
   */
  completeSiblings(area: string, version: string): Promise<string[]> {
    return addMissingSiblings(this.releaseDir(area, version));
  }
}

/** Subresource-integrity style hash of a build's remoteEntry.js. */
export function integrityOf(buildDir: string): string {
  const body = fs.readFileSync(path.join(buildDir, 'remoteEntry.js'));
  return `sha256-${createHash('sha256').update(body).digest('base64')}`;
}
