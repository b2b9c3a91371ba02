import { z } from 'zod';

/** Paper AIGC check (server/src/modules/paperCheck/README.md). */
export interface PaperCheckConfig {
  /** The chat model that judges 新版检测 when a channel serves it (else the statistical estimate). */
  model: string;
  /** Checks this instance runs at once; 0: this instance only takes requests. */
  workers: number;
  taskTimeoutSeconds: number;
  /** The estimate's pause per paragraph, so the page shows progress (0 in tests). */
  offlinePaceMs: number;
}

const PaperCheckEnv = z.object({
  PAPER_CHECK_MODEL: z.string().trim().min(1).max(100).default('gpt-4o-mini'),
  PAPER_CHECK_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  PAPER_CHECK_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  PAPER_CHECK_OFFLINE_PACE_MS: z.coerce.number().int().min(0).max(10_000).default(40),
});

/** The PAPER_CHECK_* variables. Invalid values stop the server. */
export function paperCheckConfigOf(env: NodeJS.ProcessEnv): PaperCheckConfig {
  const parsed = PaperCheckEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return { model: e.PAPER_CHECK_MODEL, workers: e.PAPER_CHECK_WORKERS, taskTimeoutSeconds: e.PAPER_CHECK_TASK_TIMEOUT_SECONDS, offlinePaceMs: e.PAPER_CHECK_OFFLINE_PACE_MS };
}
