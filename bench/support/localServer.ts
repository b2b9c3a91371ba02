// The compiled server (`node server/dist/main.js`, as production runs it; `pnpm build` first) on a
// free port of 127.0.0.1, for the benchmarks that measure it from outside.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LocalServer {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server with `env` on top of this process's, and waits until /ping answers (30 s at most). */
export async function startLocalServer(env: Record<string, string>): Promise<LocalServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(repoRoot, 'server'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/ping`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (i > 300) throw new Error('the server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
