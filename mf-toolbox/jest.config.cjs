module.exports = require('../build-config/jest-preset.cjs');
