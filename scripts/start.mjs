// The one command: install, build, publish every area into the local registry, start the product.
// Embedded defaults: SQLite in ./data, the built host shell, no keys, no external services.
import { install, run, repoRoot } from './lib.mjs';

install();
run('pnpm', ['build']);
run('pnpm', ['--silent', 'ops', 'remotes', 'bootstrap']);
const port = process.env.PORT ?? '8080';
console.log(`\n启明 AI → http://localhost:${port}\n`);
run('node', ['--enable-source-maps', 'dist/main.js'], { cwd: `${repoRoot}/server`, env: { ...process.env, PORT: port } });
