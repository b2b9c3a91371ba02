const preset = require('../build-config/jest-preset.cjs');

// The IT tools' ESM-only libraries go through swc like our own code (jest runs CommonJS).
const ESM_ONLY = ['@noble\\+hashes', 'uuid', 'ulid', 'change-case', 'sql-formatter', 'croner', 'diff', 'culori', 'entities'];

module.exports = {
  ...preset,
  transformIgnorePatterns: [`/node_modules/\\.pnpm/(?!(${ESM_ONLY.join('|')})@)`],
};
