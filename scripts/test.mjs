// The whole test suite: typecheck, builds, unit tests (Jest), server tests on SQLite and PostgreSQL (node:test),
// the manifest contract over fresh builds, and the end-to-end suite in Chromium (Playwright).
import { install, run } from './lib.mjs';

install();
run('pnpm', ['-r', '--workspace-concurrency=1', 'run', 'typecheck']);
run('pnpm', ['build']);
run('pnpm', ['-r', '--filter', './build-config', '--filter', './contracts', '--filter', './shared-sdk', '--filter', './host-shell', '--filter', './mf-*', '--workspace-concurrency=1', 'run', 'test']);
run('pnpm', ['--filter', '@qiming/server', 'run', 'test']);
run('pnpm', ['--filter', '@qiming/e2e', 'run', 'test']);
console.log('\n✔ every test suite passed');
