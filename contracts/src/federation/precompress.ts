// Precompressed siblings (`x.js.br`, `x.js.gz`) of the files a browser fetches. They are made once:
// by the build (build-config's compression plugins) and, for a build that lacks them, when the
// server publishes it into the remote store (`addMissingSiblings`). The server sends them as they
// are, so no request pays for compression. One rule for both: precompress-rule.json.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import rule from './precompress-rule.json' with { type: 'json' };

/**
 * Which files get siblings: JS, CSS, HTML, SVG and JSON (never source maps, fonts, images), at
 * least `threshold` bytes, and each encoding only when it is at most `minRatio` of the original.
 */
export const PRECOMPRESS_RULE = {
  test: new RegExp(`\\.(?:${rule.extensions.join('|')})$`),
  threshold: rule.threshold,
  minRatio: rule.minRatio,
};

interface SiblingEncoding {
  extension: string;
  compress(body: Buffer): Promise<Buffer>;
  decompress(body: Buffer): Promise<Buffer>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Each at its best quality: a sibling is made once, so the time is spent at build or publish time. */
const CODECS: Record<string, Omit<SiblingEncoding, 'extension'>> = {
  br: {
    compress: (body) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    decompress: promisify(zlib.brotliDecompress),
  },
  gzip: { compress: (body) => gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }), decompress: promisify(zlib.gunzip) },
};

const ENCODINGS: SiblingEncoding[] = rule.encodings.map(({ name, extension }) => {
  const codec = CODECS[name];
  if (!codec) throw new Error(`precompress-rule.json names an unknown encoding: ${name}`);
  return { extension, ...codec };
});

const encodingOf = (file: string) => ENCODINGS.find((encoding) => file.endsWith(encoding.extension));

/** Every file under dir, relative, in a stable order. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Writes under a temporary name, then renames, so a server reading the directory never sees half a file. */
function writeAtomically(file: string, body: Buffer): void {
  const temporary = `${file}.tmp-${process.pid}-${Date.now()}`;
  fs.writeFileSync(temporary, body);
  fs.renameSync(temporary, file);
}

/** Makes the siblings the eligible files under dir lack (existing ones are kept as they are); answers those made, relative to dir. */
export async function addMissingSiblings(dir: string): Promise<string[]> {
  const made: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!PRECOMPRESS_RULE.test.test(file)) continue;
    const missing = ENCODINGS.filter((encoding) => !fs.existsSync(path.join(dir, file + encoding.extension)));
    if (!missing.length) continue;
    const body = fs.readFileSync(path.join(dir, file));
    if (body.length < PRECOMPRESS_RULE.threshold) continue;
    for (const encoding of missing) {
      const compressed = await encoding.compress(body);
      if (compressed.length / body.length > PRECOMPRESS_RULE.minRatio) continue;
      writeAtomically(path.join(dir, file + encoding.extension), compressed);
      made.push(file + encoding.extension);
    }
  }
  return made;
}

/**
 * What is wrong with the siblings under dir (in Chinese, for the operator): one without its file,
 * or one that does not decode to its file byte for byte. A browser would get that content instead.
 */
export async function siblingProblems(dir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const file of filesUnder(dir)) {
    const encoding = encodingOf(file);
    if (!encoding) continue;
    const original = path.join(dir, file.slice(0, -encoding.extension.length));
    if (!fs.existsSync(original)) {
      problems.push(`压缩副本 ${file} 没有对应的原文件`);
      continue;
    }
    const decoded = await encoding.decompress(fs.readFileSync(path.join(dir, file))).catch(() => null);
    if (!decoded || !decoded.equals(fs.readFileSync(original))) problems.push(`压缩副本 ${file} 与原文件内容不一致`);
  }
  return problems;
}
