import type { VideoAspect, VideoCall, VideoKind } from '@qiming/contracts';

/** What one video model allows: the page shows only these choices and the submit checks them. */
export interface VideoModelOptions {
  api: VideoCall;
  kinds: readonly VideoKind[];
  /** Seconds, ascending; the first is the page's default. */
  durations: readonly number[];
  aspects: readonly VideoAspect[];
}

const BOTH: readonly VideoKind[] = ['text2video', 'image2video'];

/**
 * The video models of the catalogue (level 视频) and their choices, as their vendors offer them:
 * Sora 2 through OpenAI's Videos API (4 / 8 / 12 s, landscape or portrait), Veo 3 (8 s), Luma Dream
 * Machine (5 / 9 s), Domo (5 / 10 s), the last three through an async task relay.
 */
export const VIDEO_MODEL_OPTIONS: Readonly<Record<string, VideoModelOptions>> = {
  'sora-2': { api: 'createSoraTask', kinds: BOTH, durations: [4, 8, 12], aspects: ['16:9', '9:16'] },
  'veo3-pro': { api: 'createTask', kinds: BOTH, durations: [8], aspects: ['16:9', '9:16'] },
  'luma-vip-video': { api: 'createTask', kinds: BOTH, durations: [5, 9], aspects: ['16:9', '9:16', '1:1'] },
  'domo-video': { api: 'createTask', kinds: BOTH, durations: [5, 10], aspects: ['16:9', '9:16', '1:1'] },
};
export const VIDEO_MODELS = Object.keys(VIDEO_MODEL_OPTIONS);

/** Pixel size a provider is asked for (Sora's `size`, the relay's width / height). */
export const PROVIDER_SIZES: Readonly<Record<VideoAspect, { width: number; height: number }>> = {
  '16:9': { width: 1280, height: 720 },
  '9:16': { width: 720, height: 1280 },
  '1:1': { width: 960, height: 960 },
};

/** What the offline generator makes: small, so a demo clip takes a second or two on two cores. */
export const OFFLINE_SIZES: Readonly<Record<VideoAspect, { width: number; height: number }>> = {
  '16:9': { width: 640, height: 360 },
  '9:16': { width: 360, height: 640 },
  '1:1': { width: 480, height: 480 },
};
