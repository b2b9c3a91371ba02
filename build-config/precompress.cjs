// Precompressed siblings (`x.js.br`, `x.js.gz`) of the files a browser fetches. They are made once:
// by the build (compression-webpack-plugin, `compressionPlugins()`) and, for a build that lacks them,
// when the server publishes it into the remote store (`addMissingSiblings`). The server sends them as
// they are (`@fastify/static` preCompressed), so no request pays for compression. One rule for both.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');

/**
 * Which files get siblings: JS, CSS, HTML, SVG and JSON (never source maps, fonts, images), at
 * least `threshold` bytes, and each encoding only when it is at most `minRatio` of the original
 * (compression-webpack-plugin's semantics: skipped when smaller than the threshold or when
 * compressed / original > minRatio).
 */
const PRECOMPRESS_RULE = Object.freeze({ test: /\.(?:m?js|css|html|svg|json)$/, threshold: 1024, minRatio: 0.8 });

/** The encodings, best first, each at its maximum quality (made once, so the time is spent at build time). */
const ENCODINGS = Object.freeze([
  {
    name: 'br',
    extension: '.br',
    algorithm: 'brotliCompress',
    options: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    compress: promisify(zlib.brotliCompress),
    decompress: promisify(zlib.brotliDecompress),
  },
  {
    name: 'gzip',
    extension: '.gz',
    algorithm: 'gzip',
    options: { level: zlib.constants.Z_BEST_COMPRESSION },
    compress: promisify(zlib.gzip),
    decompress: promisify(zlib.gunzip),
  },
]);

/** The webpack plugins that emit the siblings of a production build. */
function compressionPlugins() {
  const CompressionPlugin = require('compression-webpack-plugin');
  return ENCODINGS.map(
    (encoding) =>
      new CompressionPlugin({
        filename: `[path][base]${encoding.extension}`,
        algorithm: encoding.algorithm,
        compressionOptions: encoding.options,
        test: PRECOMPRESS_RULE.test,
        threshold: PRECOMPRESS_RULE.threshold,
        minRatio: PRECOMPRESS_RULE.minRatio,
      }),
  );
}

const encodingOf = (file) => ENCODINGS.find((encoding) => file.endsWith(encoding.extension));

/** Every file under dir, relative, in a stable order. */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** Writes under a temporary name, then renames, so a server reading the directory never sees half a file. */
function writeAtomically(file, body) {
  const temporary = `${file}.tmp-${process.pid}-${Date.now()}`;
  fs.writeFileSync(temporary, body);
  fs.renameSync(temporary, file);
}

/**
 * Makes the siblings the eligible files under dir lack (existing ones are kept as they are).
 * Returns the siblings made, relative to dir.
 */
async function addMissingSiblings(dir) {
  const made = [];
  for (const file of filesUnder(dir)) {
    if (!PRECOMPRESS_RULE.test.test(file)) continue;
    const missing = ENCODINGS.filter((encoding) => !fs.existsSync(path.join(dir, file + encoding.extension)));
    if (!missing.length) continue;
    const body = fs.readFileSync(path.join(dir, file));
    if (body.length < PRECOMPRESS_RULE.threshold) continue;
    for (const encoding of missing) {
      const compressed = await encoding.compress(body, encoding.options);
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
async function siblingProblems(dir) {
  const problems = [];
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

module.exports = { PRECOMPRESS_RULE, ENCODINGS, compressionPlugins, addMissingSiblings, siblingProblems };
