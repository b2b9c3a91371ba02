const { remoteConfig } = require('@qiming/build-config');

module.exports = (_env, argv) => {
  const config = remoteConfig({ packageDir: __dirname, area: 'toolbox', mode: argv.mode });
  // The manual and the FAQ are markdown files in content/, imported as text (README "Manual and FAQ").
  config.module.rules.push({ test: /\.md$/, type: 'asset/source' });
  return config;
};
