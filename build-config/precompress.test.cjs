// The production config applies the precompression rule at build time (build-output.test.cjs checks
// what a build emitted; the publish-time functions are tested in @qiming/contracts).
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { PRECOMPRESS_RULE } = require('./precompress.cjs');
const { hostConfig, remoteConfig } = require('./index.cjs');

const repoRoot = path.resolve(__dirname, '..');

describe.each([
  ['the host', (mode) => hostConfig({ packageDir: path.join(repoRoot, 'host-shell'), mode })],
  ['a remote', (mode) => remoteConfig({ packageDir: path.join(repoRoot, 'mf-pay'), area: 'pay', mode })],
])('the webpack config of %s', (_name, configFor) => {
  it('emits hidden source maps and .br/.gz siblings in production', () => {
    const config = configFor('production');
    expect(config.devtool).toBe('hidden-source-map');
    const compression = config.plugins.filter((p) => p instanceof CompressionPlugin);
    expect(compression.map((p) => [p.options.filename, p.options.algorithm])).toEqual([
      ['[path][base].br', 'brotliCompress'],
      ['[path][base].gz', 'gzip'],
    ]);
    for (const plugin of compression) {
      expect(plugin.options).toMatchObject({ test: PRECOMPRESS_RULE.test, threshold: 1024, minRatio: 0.8 });
    }
    expect(compression[0].options.compressionOptions.params[zlib.constants.BROTLI_PARAM_QUALITY]).toBe(zlib.constants.BROTLI_MAX_QUALITY);
  });

  it('keeps development builds fast: eval source maps, no compression', () => {
    const config = configFor('development');
    expect(config.devtool).toBe('eval-cheap-module-source-map');
    expect(config.plugins.some((p) => p instanceof CompressionPlugin)).toBe(false);
  });
});
