const { remoteConfig } = require('@qiming/build-config');

module.exports = (_env, argv) => remoteConfig({ packageDir: __dirname, area: 'toolbox', mode: argv.mode });
