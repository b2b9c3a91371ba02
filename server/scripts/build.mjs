// Compiles the server to dist/ (production runs `node dist/main.js`) and copies the files the code
// reads next to itself at run time (model icons, the banned-words list).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ASSETS = /\.(svg|txt)$/;

fs.rmSync('dist', { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

for (const file of fs.readdirSync('src', { recursive: true })) {
  if (!ASSETS.test(file)) continue;
  const target = path.join('dist', file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join('src', file), target);
}
