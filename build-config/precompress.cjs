// The webpack side of precompression: a production build emits the `.br` / `.gz` siblings of the
// files a browser fetches, by the one rule the server's publish applies too
// (@qiming/contracts/precompress-rule.json; the server makes the siblings a build lacks).
const zlib = require('node:zlib');
const rule = require('@qiming/contracts/precompress-rule.json');

/** The rule as compression-webpack-plugin reads it (skipped below `threshold` or when compressed / original > `minRatio`). */
const PRECOMPRESS_RULE = Object.freeze({ test: new RegExp(`\\.(?:${rule.extensions.join('|')})$`), threshold: rule.threshold, minRatio: rule.minRatio });

/** Each encoding at its maximum quality: made once, so the time is spent at build time. */
const PLUGIN_OPTIONS = {
  br: { algorithm: 'brotliCompress', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } } },
  gzip: { algorithm: 'gzip', compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION } },
};

/** The webpack plugins that emit the siblings of a production build. */
function compressionPlugins() {
  const CompressionPlugin = require('compression-webpack-plugin');
  return rule.encodings.map(
    ({ name, extension }) =>
      new CompressionPlugin({
        filename: `[path][base]${extension}`,
        ...PLUGIN_OPTIONS[name],
        test: PRECOMPRESS_RULE.test,
        threshold: PRECOMPRESS_RULE.threshold,
        minRatio: PRECOMPRESS_RULE.minRatio,
      }),
  );
}

module.exports = { PRECOMPRESS_RULE, compressionPlugins };
