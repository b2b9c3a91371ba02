import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create, extract, Parser, type ReadEntry } from 'tar';
import { MAX_ARCHIVE_BYTES, ReleaseTally } from './releaseLimits.js';
import { PlatformError } from './service.js';

/** The only entries a release archive may hold; links and devices could point outside the build. */
const PLAIN = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);
const KIND_NAMES: Record<string, string> = {
  SymbolicLink: '符号链接',
  Link: '硬链接',
  CharacterDevice: '设备文件',
  BlockDevice: '设备文件',
  FIFO: '命名管道',
};

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

/** The upload passed MAX_ARCHIVE_BYTES while streaming in (the rest of it is not read). */
export class ArchiveTooLargeError extends PlatformError {
  constructor() {
    super(`压缩包超过上限 ${mib(MAX_ARCHIVE_BYTES)}`);
  }
}

/** Why an archive entry is refused, or null; files are tallied against the release limits. */
function entryProblem(entry: ReadEntry, tally: ReleaseTally): string | null {
  const name = entry.path;
  if (!PLAIN.has(entry.type)) return `压缩包里有${KIND_NAMES[entry.type] ?? `不支持的条目（${entry.type}）`}：${name}（只接受普通文件和目录）`;
  if (/^([A-Za-z]:)?[\\/]/.test(name)) return `压缩包里有绝对路径：${name}`;
  if (name.split(/[\\/]/).includes('..')) return `压缩包里的路径越出了构建目录：${name}`;
  return entry.type === 'Directory' ? null : tally.add(name.replace(/^(\.\/)+/, ''), entry.size);
}

/** The archive's first refused entry, read from the headers alone (nothing is written); null when it is clean. */
function inspect(archive: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const input = fs.createReadStream(archive);
    const tally = new ReleaseTally();
    let settled = false;
    const finish = (problem: string | null) => {
      if (settled) return;
      settled = true;
      input.destroy();
      resolve(problem);
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry) => {
        const problem = entryProblem(entry, tally);
        if (problem) finish(problem);
        entry.resume();
      },
    });
    parser.on('error', (error: Error) => finish(`压缩包无法解开（需要 tar.gz）：${error.message}`));
    parser.on('end', () => finish(null));
    input.on('error', reject);
    input.pipe(parser);
  });
}

/** Writes the upload to `file`, refusing it once it passes MAX_ARCHIVE_BYTES. */
async function receive(body: Readable, file: string): Promise<void> {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > MAX_ARCHIVE_BYTES) done(new ArchiveTooLargeError());
      else done(null, chunk);
    },
  });
  await pipeline(body, counter, fs.createWriteStream(file));
}

/** The build inside an unpacked archive: its root, or the one folder it holds (`tar czf … -C dist 1.0.1`). */
function buildRootOf(dir: string): string {
  if (fs.existsSync(path.join(dir, 'release.json'))) return dir;
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  return entries.length === 1 && entries[0]!.isDirectory() ? path.join(dir, entries[0]!.name) : dir;
}

/**
 * A release archive (tar.gz of a build directory) from an upload stream: streamed to a temporary
 * folder, its entries checked (no links, devices, absolute paths or `..`, the release limits), then
 * unpacked; `use` gets the build directory, and everything is removed afterwards.
 */
export async function withUnpackedRelease<T>(body: Readable, use: (buildDir: string) => Promise<T>): Promise<T> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-upload-'));
  try {
    const archive = path.join(work, 'release.tar.gz');
    await receive(body, archive);
    const problem = await inspect(archive);
    if (problem) throw new PlatformError(problem);
    const unpacked = path.join(work, 'build');
    fs.mkdirSync(unpacked);
    // The entries were checked above; the filter and strict mode refuse the same again while writing.
    await extract({
      file: archive,
      cwd: unpacked,
      strict: true,
      preserveOwner: false,
      noChmod: true,
      filter: (_path, entry) => 'type' in entry && PLAIN.has(entry.type),
    });
    return await use(buildRootOf(unpacked));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A build directory as the tar.gz `withUnpackedRelease` takes (`pnpm ops remotes push`). */
export async function packBuild(buildDir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of create({ gzip: true, cwd: buildDir, portable: true }, ['.'])) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
