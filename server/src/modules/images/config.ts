import { z } from 'zod';

/** AI drawing (server/src/modules/images/README.md). */
export interface ImagesConfig {
  /** Tasks this instance runs at once; 0: this instance only takes requests (another runs them). */
  workers: number;
  /** A running task is aborted, failed and refunded after this long. */
  taskTimeoutSeconds: number;
  /** HMAC key of owner-only image links; DATA_DIR/secrets.json keeps a generated one when unset. */
  urlSecret: string | undefined;
  /** IMAGE_CHANNELS (providers/README.md); none: every image model is drawn by the offline painter. */
  channelsJson: string | undefined;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const ImagesEnv = z.object({
  IMAGE_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  IMAGE_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  IMAGE_URL_SECRET: optional(z.string().min(32, '至少 32 个字符')),
  IMAGE_CHANNELS: optional(z.string()),
});

/** The IMAGE_* variables. Invalid values stop the server. */
export function imagesConfigOf(env: NodeJS.ProcessEnv): ImagesConfig {
  const parsed = ImagesEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return { workers: e.IMAGE_WORKERS, taskTimeoutSeconds: e.IMAGE_TASK_TIMEOUT_SECONDS, urlSecret: e.IMAGE_URL_SECRET, channelsJson: e.IMAGE_CHANNELS };
}
