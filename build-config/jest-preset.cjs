// Jest for browser-side packages: swc for TS/TSX, jsdom, CSS modules as identity objects.
module.exports = {
  testEnvironment: require.resolve('jest-environment-jsdom'),
  transform: {
    '^.+\\.[jt]sx?$': [
      require.resolve('@swc/jest'),
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
    ],
    // Markdown imported as text, as webpack's asset/source rule does.
    '\\.md$': require.resolve('./jest-markdown-transform.cjs'),
  },
  moduleNameMapper: { '\\.css$': require.resolve('./jest-style-stub.cjs') },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFiles: [require.resolve('./jest-setup.cjs')],
  setupFilesAfterEnv: [require.resolve('./jest-testing-library.cjs')],
  // Jest's default on 2 cores is one worker; two halve the longest package (mf-toolbox 62 → 29 s)
  // and the slower renders beside each other fit Testing Library's 5 s wait.
  maxWorkers: 2,
};
