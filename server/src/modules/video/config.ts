import { z } from 'zod';

/** AI video (server/src/modules/video/README.md). */
export interface VideoConfig {
  /** Tasks this instance runs at once; 0: this instance only takes requests (another runs them). */
  workers: number;
  /** A running task is aborted, failed and refunded after this long (providers take minutes). */
  taskTimeoutSeconds: number;
  /** HMAC key of owner-only video links; DATA_DIR/secrets.json keeps a generated one when unset. */
  urlSecret: string | undefined;
  /** VIDEO_CHANNELS (providers/README.md); none: every video model is made by the offline generator. */
  channelsJson: string | undefined;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const VideoEnv = z.object({
  VIDEO_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  VIDEO_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(1200),
  VIDEO_URL_SECRET: optional(z.string().min(32, '至少 32 个字符')),
  VIDEO_CHANNELS: optional(z.string()),
});

/** The VIDEO_* variables. Invalid values stop the server. */
export function videoConfigOf(env: NodeJS.ProcessEnv): VideoConfig {
  const parsed = VideoEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return { workers: e.VIDEO_WORKERS, taskTimeoutSeconds: e.VIDEO_TASK_TIMEOUT_SECONDS, urlSecret: e.VIDEO_URL_SECRET, channelsJson: e.VIDEO_CHANNELS };
}
