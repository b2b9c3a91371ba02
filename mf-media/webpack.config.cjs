const webpack = require('webpack');
const { remoteConfig } = require('@qiming/build-config');

module.exports = (_env, argv) => {
  const config = remoteConfig({ packageDir: __dirname, area: 'media', mode: argv.mode });
  // pptxgenjs (the slides' .pptx export) imports node:fs / node:https only when it runs in Node, to
  // read media files: without the scheme its package.json "browser" field maps them to empty modules.
  config.plugins = [
    ...(config.plugins ?? []),
    new webpack.NormalModuleReplacementPlugin(/^node:(fs|https)$/, (resource) => {
      resource.request = resource.request.slice('node:'.length);
    }),
  ];
  return config;
};
