import type { ImageAction, ImageTaskKind } from '@qiming/contracts';

/**
 * One interface for every image provider: the offline painter (the embedded default, 离线演示),
 * an OpenAI-compatible Images API, a Stable Diffusion WebUI API and a midjourney-proxy. The task
 * worker (images/worker) calls `run` for a claimed task and stores what comes back.
 */
export type ImageProviderKind = 'offline' | 'openai-images' | 'sd-webui' | 'midjourney-proxy';

export interface InputImage {
  mime: string;
  data: Buffer;
}

export interface ImageJob {
  kind: ImageTaskKind;
  /** The catalogue model id; `upstreamModel` is the name the provider knows it by. */
  model: string;
  upstreamModel: string;
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  /** Images wanted (a Midjourney-style imagine always makes one grid of four). */
  count: number;
  seed: number | null;
  /** img2img, blend, swap face (source, target), describe. */
  references: InputImage[];
  /** img2img: how far from the reference, 0.1–1. */
  strength: number;
  /** kind 'action': which button of which earlier task. */
  action: { name: ImageAction; parent: ParentTask } | null;
}

/** What an action needs of the task it was taken on. */
export interface ParentTask {
  prompt: string;
  negativePrompt: string;
  seed: number | null;
  width: number;
  height: number;
  /** The parent's images in order (a grid's four quadrants). */
  images: InputImage[];
  /** What the provider returned with the parent (e.g. midjourney-proxy's task id and buttons). */
  providerState: unknown;
}

export interface ProviderOutcome {
  /** The pictures, in order. */
  images: InputImage[];
  /** `images[0]` is a 2×2 grid of four (midjourney-proxy's imagine): the worker cuts it into its quadrants. */
  grid?: boolean;
  /** describe: the prompts found. */
  descriptions?: string[];
  /** Kept with the task and handed back as `parent.providerState` to actions on it. */
  providerState?: unknown;
  /** The seed used, when the provider says. */
  seed?: number | null;
}

export interface RunHooks {
  /** 0–100; called as often as the provider reports. */
  onProgress(percent: number): void;
  /** Aborted when the task times out or the server shuts down. */
  signal: AbortSignal;
}

/** A refusal or failure the user may read (Chinese, like every message): no points are charged. */
export class ImageProviderError extends Error {
  constructor(
    message: string,
    /** Worth another try on another channel (a timeout, a 5xx) rather than final (a refused prompt). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface ImageProvider {
  readonly kind: ImageProviderKind;
  /** The task kinds it can run. */
  supports(kind: ImageTaskKind): boolean;
  run(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome>;
}
