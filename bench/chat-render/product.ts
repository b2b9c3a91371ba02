// The product as the render benchmark runs it: a temp data dir with the built remotes published
// (as bench/budgets.mjs does), data seeded in-process through the server's services, then the
// server as its own process on a free port of 127.0.0.1, serving host-shell/dist.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'server');
const START_TIMEOUT_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function bootstrapRemotes(env: NodeJS.ProcessEnv): void {
  const run = spawnSync(process.execPath, ['dist/ops/cli.js', 'remotes', 'bootstrap'], { cwd: serverDir, env, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`remotes bootstrap failed (${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`);
}

async function waitForPing(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if ((await fetch(`${origin}/ping`).then((r) => r.text(), () => '')) === 'OK') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer /ping within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * The product for one benchmark run. Made before anything starts, so that whoever owns it can
 * register `stop` at once: `stop` ends the server and removes the temp dir in whatever state
 * `start` reached (or failed at), and may be called more than once.
 */
export class BenchProduct {
  private dataDir: string | undefined;
  private server: ChildProcess | undefined;

  /**
   * Starts the product with `env` on top of this process's environment; `seed` runs against an
   * in-process app on the same data dir before the server process opens it. Resolves the origin.
   */
  async start<Seeded>(env: Record<string, string>, seed: (app: App) => Promise<Seeded>): Promise<{ origin: string; seeded: Seeded }> {
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-render-'));
    // In this process too: the in-process app reads channel keys (apiKeyEnv) from process.env.
    Object.assign(process.env, env, { DATA_DIR: this.dataDir });
    const fullEnv = { ...process.env };
    bootstrapRemotes(fullEnv);
    const app = await buildApp(loadConfig(fullEnv));
    let seeded: Seeded;
    try {
      seeded = await seed(app);
    } finally {
      await app.close();
    }
    const port = await freePort();
    this.server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: serverDir, env: { ...fullEnv, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
    const origin = `http://127.0.0.1:${port}`;
    await waitForPing(origin, this.server);
    return { origin, seeded };
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    if (this.dataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
