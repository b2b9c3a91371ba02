const webpack = require('webpack');
const { remoteConfig } = require('@qiming/build-config');

module.exports = (_env, argv) => {
  const config = remoteConfig({ packageDir: __dirname, area: 'chat', mode: argv.mode });
  // markdown-it-texmath falls back to require('katex') when no engine is given; we always give one
  // (KaTeX is loaded lazily, src/markdown/enhance.ts), so KaTeX must not ride along in the chat page.
  config.plugins.push(new webpack.IgnorePlugin({ resourceRegExp: /^katex$/, contextRegExp: /markdown-it-texmath/ }));
  // pdf.js's CMaps (src/docChat/bundledPdfData.ts): each an asset of its own, fetched when a PDF asks for it.
  config.module.rules.push({ test: /\.bcmap$/, type: 'asset/resource' });
  return config;
};
