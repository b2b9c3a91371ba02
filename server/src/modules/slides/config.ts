import { z } from 'zod';

/** AI slides (server/src/modules/slides/README.md). */
export interface SlidesConfig {
  /** The chat model that writes outlines and slides when a channel serves it (else the offline writer). */
  model: string;
  /** Generations this instance runs at once; 0: this instance only takes requests. */
  workers: number;
  taskTimeoutSeconds: number;
  /** The offline writer's pause per slide (a quarter of it per outline line), so progress is visible. */
  offlinePaceMs: number;
}

const SlidesEnv = z.object({
  SLIDES_MODEL: z.string().trim().min(1).max(100).default('gpt-4o-mini'),
  SLIDES_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  SLIDES_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  SLIDES_OFFLINE_PACE_MS: z.coerce.number().int().min(0).max(10_000).default(300),
});

/** The SLIDES_* variables. Invalid values stop the server. */
export function slidesConfigOf(env: NodeJS.ProcessEnv): SlidesConfig {
  const parsed = SlidesEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return { model: e.SLIDES_MODEL, workers: e.SLIDES_WORKERS, taskTimeoutSeconds: e.SLIDES_TASK_TIMEOUT_SECONDS, offlinePaceMs: e.SLIDES_OFFLINE_PACE_MS };
}
