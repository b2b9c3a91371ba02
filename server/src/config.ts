import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  HOST_SHELL_DIR: z.string().default(path.join(repoRoot, 'host-shell', 'dist')),
  OPS_TOKEN: z.string().optional(),
  API_SITE_URL: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; SQLite in dataDir otherwise. */
  databaseUrl: string | undefined;
  hostShellDir: string;
  remoteStoreDir: string;
  /** Bearer token for registry mutations over HTTP; without it those calls are refused. */
  opsToken: string | undefined;
  apiSiteUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    hostShellDir: path.resolve(e.HOST_SHELL_DIR),
    remoteStoreDir: path.join(dataDir, 'remotes'),
    opsToken: e.OPS_TOKEN || undefined,
    apiSiteUrl: e.API_SITE_URL,
    logLevel: e.LOG_LEVEL,
  };
}
