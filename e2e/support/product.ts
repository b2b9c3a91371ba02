import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
const serverDir = path.join(repoRoot, 'server');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the ops CLI (compiled, as in production) against the e2e server's data dir, exactly as an operator would. */
export function ops(dataDir: string, group: 'remotes' | 'cdkeys' | 'announcements' | 'guards' | 'featured' | 'mirror' | 'tokens', ...args: string[]): string {
  const result = spawnSync(process.execPath, ['dist/ops/cli.js', group, ...args], {
    cwd: serverDir,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: repoRoot },
  });
  if (result.status !== 0) throw new Error(`ops ${group} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
}

/**
 * Starts the server on a free port with a fresh data dir and every built area published and live.
 * `env` may depend on the port (e.g. a second origin of the same server).
 */
export async function startProduct(env: Record<string, string> | ((port: number) => Record<string, string>) = {}): Promise<RunningProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-e2e-'));
  const port = await freePort();
  const extraEnv = typeof env === 'function' ? env(port) : env;
  const baseUrl = `http://127.0.0.1:${port}`;
  ops(dataDir, 'remotes', 'bootstrap');
  // The compiled server, as production runs it (`pnpm build` made it). The browser's X-Forwarded-For
  // is believed as if a proxy on this machine had set it (a test simulates a visitor from elsewhere).
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/ping`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer /ping within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, dataDir, process: child };
}

/**
 * A second server with its own data and configuration for one group of tests: started before the
 * group, stopped and removed after it. `env` may be a function, read when the group starts.
 */
export function productFor(test: { beforeAll(fn: () => Promise<void>): void; afterAll(fn: () => Promise<void>): void }, env: Record<string, string> | (() => Record<string, string>)): () => RunningProduct {
  let product: RunningProduct;
  test.beforeAll(async () => {
    product = await startProduct(typeof env === 'function' ? env() : env);
  });
  test.afterAll(async () => {
    product.process.kill('SIGTERM');
    await new Promise((resolve) => product.process.once('exit', resolve));
    fs.rmSync(product.dataDir, { recursive: true, force: true });
  });
  return () => product;
}
