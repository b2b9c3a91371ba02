import path from 'node:path';
import { z } from 'zod';
import { assertSafePrefix } from './keys.js';

/** Where the blob store keeps its objects (server/src/storage/README.md). */
export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageConfig);

export interface S3StorageConfig {
  /** The service's URL (MinIO, OSS …); unset: AWS S3 of the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (http://host/bucket/key), as MinIO and s3rver need; else in the host name. */
  forcePathStyle: boolean;
  /** Put before every key: '' or ending with '/', so several deployments can share a bucket. */
  prefix: string;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const StorageEnv = z.object({
  BLOB_DIR: optional(z.string()),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' })),
  S3_REGION: optional(z.string()),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '不是合法的桶名（3–63 个小写字母、数字、. 或 -）')),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  S3_PREFIX: optional(z.string()),
});

/** Without S3_BUCKET these must not be set: a half-written S3 group would silently store on local disk. */
const REQUIRED_WITH_BUCKET = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_GROUP = ['S3_ENDPOINT', ...REQUIRED_WITH_BUCKET, 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

function prefixProblem(prefix: string): string | null {
  try {
    assertSafePrefix(prefix);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The BLOB_DIR and S3_* variables: an S3 bucket when S3_BUCKET is set (with S3_REGION,
 * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY), else the folder BLOB_DIR (default DATA_DIR/blobs).
 * Problems are messages for the startup error, like the other groups of config.ts.
 */
export function storageConfigOf(env: NodeJS.ProcessEnv, dataDir: string): { storage: StorageConfig; problems: string[] } {
  const parsed = StorageEnv.safeParse(env);
  const local: StorageConfig = { kind: 'local', dir: path.resolve(dataDir, 'blobs') };
  if (!parsed.success) return { storage: local, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  const e = parsed.data;
  if (!e.S3_BUCKET) {
    const stray = S3_GROUP.filter((name) => !!env[name]);
    const problems = stray.length ? [`设置了 ${stray.join('、')} 却没有 S3_BUCKET：要用 S3 存储请设置 S3_BUCKET，否则删去这些变量`] : [];
    return { storage: { kind: 'local', dir: path.resolve(e.BLOB_DIR ?? path.join(dataDir, 'blobs')) }, problems };
  }
  const missing = REQUIRED_WITH_BUCKET.filter((name) => !e[name]);
  if (missing.length) return { storage: local, problems: [`设置了 S3_BUCKET 还需要 ${missing.join('、')}`] };
  const prefix = e.S3_PREFIX ? e.S3_PREFIX.replace(/\/*$/, '/') : '';
  const problem = prefix ? prefixProblem(prefix) : null;
  if (problem) return { storage: local, problems: [`S3_PREFIX: ${problem}`] };
  return {
    storage: {
      kind: 's3',
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION!,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix,
    },
    problems: [],
  };
}
