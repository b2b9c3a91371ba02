const { hostConfig } = require('@qiming/build-config');

module.exports = (_env, argv) => hostConfig({ packageDir: __dirname, mode: argv.mode });
