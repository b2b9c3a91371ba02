import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** One dependency the server cannot serve without; `check` rejects when it is unreachable. */
export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}

export interface HealthOptions {
  checks: HealthCheck[];
  /** Numbers worth watching, read on every call (e.g. chat jobs running on this instance). */
  gauges: Record<string, () => number>;
  instanceId: string;
  /** A check slower than this counts as failed: a load balancer must get an answer in time. */
  timeoutMs?: number;
}

const SERVER_VERSION = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function timed(check: HealthCheck, timeoutMs: number): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check.check(), timeout]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: the database and Redis (when configured) answer, with versions and gauges; HTTP 503
 * when a check fails, for load balancers and monitors. `/ping` stays the cheap liveness probe that
 * touches nothing. Neither needs the request signature (they are outside /app-api).
 */
export function installHealth(server: FastifyInstance, { checks, gauges, instanceId, timeoutMs = 2000 }: HealthOptions): void {
  server.get('/ping', async () => 'OK');
  server.get('/health', async (_request, reply) => {
    const results = await Promise.all(checks.map(async (check) => [check.name, await timed(check, timeoutMs)] as const));
    const healthy = results.every(([, result]) => result.ok);
    reply.header('cache-control', 'no-store');
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'fail',
      version: SERVER_VERSION,
      node: process.version,
      instance: instanceId,
      uptimeSeconds: Math.round(process.uptime()),
      checks: Object.fromEntries(results),
      gauges: Object.fromEntries(Object.entries(gauges).map(([name, read]) => [name, read()])),
    });
  });
}
