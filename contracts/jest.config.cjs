// Node-side jest: swc for TS; relative imports carry the .js extension Node's ESM needs, which
// point at the .ts sources here.
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': [require.resolve('@swc/jest'), { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
