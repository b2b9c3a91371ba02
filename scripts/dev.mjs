// Every package in watch mode on its own port: the server on 8080, each remote on its dev port
// (contracts/src/federation/areas.json), and the host on http://localhost:3000 loading the remotes from their
// dev servers instead of the registry.
import { ensurePnpm, startBackground } from './lib.mjs';

ensurePnpm();
const children = [
  startBackground('pnpm', ['--filter', '@qiming/contracts', 'run', 'dev']),
  startBackground('pnpm', ['--filter', '@qiming/server', 'run', 'dev'], { env: { ...process.env, PORT: process.env.PORT ?? '8080' } }),
  startBackground('pnpm', ['-r', '--parallel', '--filter', './host-shell', '--filter', './mf-*', 'run', 'dev']),
];
console.log('\n启明 AI (dev) → http://localhost:3000\n');
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
