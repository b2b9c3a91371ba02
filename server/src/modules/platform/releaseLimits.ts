import fs from 'node:fs';
import path from 'node:path';

const MiB = 1024 * 1024;

/**
 * What one release may hold, judged on the uncompressed files (a build of this project is some
 * dozens of files and a few MiB; its largest chunk well under 5 MiB). The same limits hold for
 * `pnpm ops remotes publish` and for an archive over HTTP, whose entries are checked against them
 * before anything is unpacked (a small archive can inflate to anything).
 */
export const RELEASE_LIMITS = { fileBytes: 20 * MiB, totalBytes: 100 * MiB, files: 5000 } as const;

/** The largest tar.gz accepted over HTTP, counted while it streams in. */
export const MAX_ARCHIVE_BYTES = 50 * MiB;

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

/** Tallies files one by one against RELEASE_LIMITS; the first limit crossed is the answer. */
export class ReleaseTally {
  private files = 0;
  private total = 0;

  add(file: string, bytes: number): string | null {
    this.files += 1;
    this.total += bytes;
    if (bytes > RELEASE_LIMITS.fileBytes) return `文件 ${file} 有 ${mib(bytes)}，超过单个文件上限 ${mib(RELEASE_LIMITS.fileBytes)}`;
    if (this.total > RELEASE_LIMITS.totalBytes) return `构建总大小超过上限 ${mib(RELEASE_LIMITS.totalBytes)}`;
    if (this.files > RELEASE_LIMITS.files) return `构建文件数超过上限 ${RELEASE_LIMITS.files} 个`;
    return null;
  }
}

/** The first limit a build directory crosses, or null. */
export function sizeProblem(buildDir: string): string | null {
  const tally = new ReleaseTally();
  for (const entry of fs.readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const problem = tally.add(path.relative(buildDir, file).split(path.sep).join('/'), fs.statSync(file).size);
    if (problem) return problem;
  }
  return null;
}
