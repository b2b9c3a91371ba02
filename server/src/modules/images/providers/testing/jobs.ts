import type { ImageJob, RunHooks } from '../provider.js';

/** A job with every field set; tests change what they look at. */
export function testJob(fields: Partial<ImageJob> = {}): ImageJob {
  return { kind: 'txt2img', model: 'flux', upstreamModel: 'flux', prompt: '海边的灯塔', negativePrompt: '', width: 1024, height: 1024, count: 1, seed: null, references: [], strength: 0.6, action: null, ...fields };
}

export function testHooks(signal: AbortSignal = new AbortController().signal): RunHooks & { progress: number[] } {
  const progress: number[] = [];
  return { progress, onProgress: (percent) => progress.push(percent), signal };
}
