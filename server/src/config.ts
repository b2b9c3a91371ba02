import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The request signature's published defaults (server/README.md): a production configuration sets its own. */
export const DEFAULT_SIGN_KEY = 'qimingai-signkey';
export const DEFAULT_SIGN_IV = 'qimingai-sign-iv';

/** AES-128 takes a 16-byte key and IV: the UTF-8 bytes of a 16-character ASCII string. */
const aes128Secret = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => /^[\x20-\x7e]{16}$/.test(value), {
      error: (issue) => {
        const length = String(issue.input).length;
        return `必须正好是 16 个 ASCII 字符（AES-128 的密钥和 IV 是它的 16 个 UTF-8 字节），${length === 16 ? '其中有非 ASCII 字符' : `现在是 ${length} 个字符`}`;
      },
    });

/** "true"/"false" (or 1/0): z.coerce.boolean would read "false" as true. */
const envFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  HOST_SHELL_DIR: z.string().default(path.join(repoRoot, 'host-shell', 'dist')),
  OPS_TOKEN: z.string().optional(),
  API_SITE_URL: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('qm:'),
  SIGN_KEY: aes128Secret(DEFAULT_SIGN_KEY),
  SIGN_IV: aes128Secret(DEFAULT_SIGN_IV),
  SIGN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  SIGN_REQUIRED: envFlag(true),
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
  /** NODE_ENV=production. */
  production: boolean;
  /** Shared state (nonces, later rate limits…) in Redis when set; in this process otherwise. */
  redisUrl: string | undefined;
  /** Put before every shared-state key, so several deployments or test runs can share one Redis. */
  redisKeyPrefix: string;
  /** Request signature (http/requestSignature.ts): AES-128-CBC key and IV, 16 ASCII characters each. */
  signKey: string;
  signIv: string;
  /** How many seconds a request's clock may be off from the server's. */
  signWindowSeconds: number;
  /** false only for local API experiments: /app-api calls are then accepted unsigned. */
  signRequired: boolean;
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
    production: e.NODE_ENV === 'production',
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    signKey: e.SIGN_KEY,
    signIv: e.SIGN_IV,
    signWindowSeconds: e.SIGN_WINDOW_SECONDS,
    signRequired: e.SIGN_REQUIRED,
  };
}
