// The contract package is ESM (dist/): swc turns it into CommonJS for these tests.
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.test.cjs'],
  transform: { '\\.js$': [require.resolve('@swc/jest'), { jsc: { parser: { syntax: 'ecmascript', importAttributes: true } }, module: { type: 'commonjs' } }] },
};
