import type { VideoAspect, VideoKind } from '@qiming/contracts';

/**
 * One interface for every video provider: the offline generator (the embedded default, 离线演示),
 * OpenAI's Videos API (Sora) and an async task relay (new-api style, for Veo / Luma / Kling…). The
 * task runner (video/worker.ts) calls `run` for a claimed task and stores what comes back.
 */
export type VideoProviderKind = 'offline' | 'openai-videos' | 'task-relay';

export interface FirstFrame {
  mime: string;
  data: Buffer;
}

export interface VideoJob {
  kind: VideoKind;
  /** The catalogue model id; `upstreamModel` is the name the provider knows it by. */
  model: string;
  upstreamModel: string;
  prompt: string;
  seconds: number;
  aspect: VideoAspect;
  /** image2video. */
  firstFrame: FirstFrame | null;
  /** The task id (a seed for the offline generator, a trace for upstreams). */
  taskId: string;
}

export interface VideoOutcome {
  /** The clip's bytes (MP4 or WebM; the runner checks the container). */
  video: Buffer;
  /** A still of the clip, when the provider has one. */
  poster: { mime: string; data: Buffer } | null;
  /** Kept with the task (the upstream's task id). */
  providerState?: unknown;
}

export interface RunHooks {
  /** 0–100; called as often as the provider reports. */
  onProgress(percent: number): void;
  /** Aborted when the task times out or the server shuts down. */
  signal: AbortSignal;
  /** The upstream's task id as soon as it is known (kept with the task for support). */
  onSubmitted?(state: unknown): void;
}

/** A refusal or failure the user may read (Chinese, like every message): no points are charged. */
export class VideoProviderError extends Error {
  constructor(
    message: string,
    /** Worth another try later (a timeout, a 5xx) rather than final (a refused prompt). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface VideoProvider {
  readonly kind: VideoProviderKind;
  run(job: VideoJob, hooks: RunHooks): Promise<VideoOutcome>;
}
