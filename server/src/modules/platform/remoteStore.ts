import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

  /** Copies a build in; an existing release directory is never overwritten (files are immutable). */
  copyIn(area: string, version: string, buildDir: string): void {
    const target = this.releaseDir(area, version);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
    fs.cpSync(buildDir, staging, { recursive: true });
    fs.renameSync(staging, target);
  }
}

/** Subresource-integrity style hash of a build's remoteEntry.js. */
export function integrityOf(buildDir: string): string {
  const body = fs.readFileSync(path.join(buildDir, 'remoteEntry.js'));
  return `sha256-${createHash('sha256').update(body).digest('base64')}`;
}
