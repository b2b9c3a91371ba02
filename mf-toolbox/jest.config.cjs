const preset = require('../build-config/jest-preset.cjs');

// content/*.md are imported as text, as webpack's asset/source does.
module.exports = { ...preset, transform: { ...preset.transform, '\\.md$': require.resolve('./jest-markdown-transform.cjs') } };
