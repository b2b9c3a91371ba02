import { randomInt } from 'node:crypto';
import type { ImageTaskKind } from '@qiming/contracts';
import { ImageProviderError, type ImageJob, type ImageProvider, type InputImage, type ParentTask, type ProviderOutcome, type RunHooks } from '../provider.js';
import { blendImages, enlarge, pasteCentre, repaint } from './composite.js';
import { describeLook, lookAt } from './describe.js';
import { paintPng } from './render.js';

/** Every picture the painter made is a seed and a variant (0 for the seed's own picture): enough to draw it again larger. */
export interface PaintedPicture {
  seed: number;
  variant: number;
}

/** The painter's providerState: what an action on the task needs. */
export interface OfflineState {
  painter: 'offline';
  pictures: PaintedPicture[];
}

const MIN_SIDE = 64;
const MAX_SIDE = 2048;
const PNG = 'image/png';
const GRID = 4;

const newSeed = () => randomInt(0, 2 ** 31);
const clampSide = (side: number) => Math.max(MIN_SIDE, Math.min(MAX_SIDE, Math.round(side)));

/** Twice the size, kept within MAX_SIDE on the longer side (the aspect ratio stays). */
export function upscaledSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(2, MAX_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function offlineStateOf(parent: ParentTask): OfflineState | null {
  const state = parent.providerState as Partial<OfflineState> | null | undefined;
  return state && state.painter === 'offline' && Array.isArray(state.pictures) ? (state as OfflineState) : null;
}

const usesImages = (job: ImageJob) => job.references.length > 0 || (job.action?.parent.images.length ?? 0) > 0;

const refused = (message: string) => new ImageProviderError(message, false);

/**
 * The embedded default (离线演示): draws a picture from the prompt's words on this machine in
 * well under two seconds, the same picture for the same prompt and seed. See README.md.
 */
export class OfflinePainter implements ImageProvider {
  readonly kind = 'offline' as const;

  supports(_kind: ImageTaskKind): boolean {
    return true;
  }

  async run(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    hooks.signal.throwIfAborted();
    hooks.onProgress(1);
    try {
      return await this.runKind(job, hooks);
    } catch (error) {
      if (error instanceof ImageProviderError || hooks.signal.aborted || !usesImages(job)) throw error;
      // sharp could not decode a reference (the upload checks the type; the bytes may still be damaged).
      throw new ImageProviderError('参考图片无法读取，请换一张图片再试', false);
    }
  }

  private runKind(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    switch (job.kind) {
      case 'txt2img':
      case 'img2img':
      case 'imagine':
        return this.paint(job, hooks);
      case 'action':
        return this.act(job, hooks);
      case 'blend':
        return this.blend(job, hooks);
      case 'describe':
        return this.describe(job, hooks);
      case 'swapFace':
        return this.swapFace(job, hooks);
    }
  }

  /** Draws each picture in turn, reporting progress and stopping at an abort between pictures. */
  private async drawAll(pictures: PaintedPicture[], draw: (picture: PaintedPicture, index: number) => Promise<Buffer>, hooks: RunHooks): Promise<InputImage[]> {
    const images: InputImage[] = [];
    for (const [index, picture] of pictures.entries()) {
      hooks.signal.throwIfAborted();
      images.push({ mime: PNG, data: await draw(picture, index) });
      hooks.onProgress(Math.round(((index + 1) / pictures.length) * 100));
    }
    return images;
  }

  private async paint(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    if (job.kind === 'img2img' && job.references.length === 0) throw refused('图生图需要至少一张参考图片');
    const seed = job.seed ?? newSeed();
    const count = job.kind === 'imagine' ? GRID : Math.max(1, Math.min(GRID, job.count));
    const pictures = Array.from({ length: count }, (_, i) => ({ seed: seed + i, variant: 0 }));
    const width = clampSide(job.width);
    const height = clampSide(job.height);
    // imagine's reference images are image prompts: each picture leans on them, less than img2img does.
    const strength = job.kind === 'img2img' ? job.strength : 0.5;
    const images = await this.drawAll(
      pictures,
      async (picture, index) => {
        const painted = await paintPng({ prompt: job.prompt, ...picture, width, height });
        const reference = job.references[index % Math.max(1, job.references.length)];
        return reference ? repaint(reference, painted, width, height, strength) : painted;
      },
      hooks,
    );
    return { images, grid: false, seed, providerState: { painter: 'offline', pictures } satisfies OfflineState };
  }

  private async act(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    if (!job.action) throw refused('缺少要执行的操作');
    const { name, parent } = job.action;
    const state = offlineStateOf(parent);
    const width = clampSide(parent.width);
    const height = clampSide(parent.height);
    if (name === 'reroll') {
      const seed = job.seed ?? (parent.seed ?? state?.pictures[0]?.seed ?? newSeed()) + GRID;
      return this.paint({ ...job, kind: 'imagine', prompt: parent.prompt, seed, width, height, references: [] }, hooks);
    }
    const index = Number(name.slice(1)) - 1;
    const chosen = state?.pictures[index];
    if (name.startsWith('U')) {
      const size = upscaledSize(width, height);
      if (chosen) {
        const images = await this.drawAll([chosen], (picture) => paintPng({ prompt: parent.prompt, ...picture, ...size }), hooks);
        return { images, seed: chosen.seed, providerState: { painter: 'offline', pictures: [chosen] } satisfies OfflineState };
      }
      const image = parent.images[index];
      if (!image) throw refused('找不到要放大的图片');
      return { images: await this.drawAll([{ seed: 0, variant: 0 }], () => enlarge(image, size.width, size.height), hooks), seed: parent.seed };
    }
    // V1–V4: the chosen picture's composition with new details (see SceneRequest.variant).
    const base = chosen ?? { seed: parent.seed ?? newSeed(), variant: 0 };
    const pictures = Array.from({ length: GRID }, (_, i) => ({ seed: base.seed, variant: base.variant * GRID + i + 1 }));
    const images = await this.drawAll(pictures, (picture) => paintPng({ prompt: parent.prompt, ...picture, width, height }), hooks);
    return { images, grid: false, seed: base.seed, providerState: { painter: 'offline', pictures } satisfies OfflineState };
  }

  private async blend(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    if (job.references.length < 2) throw refused('混图需要至少两张图片');
    const width = clampSide(job.width);
    const height = clampSide(job.height);
    const layouts = Array.from({ length: GRID }, (_, i) => ({ seed: i, variant: 0 }));
    const images = await this.drawAll(layouts, (layout) => blendImages(job.references, width, height, layout.seed), hooks);
    return { images, grid: false, seed: null };
  }

  private async describe(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    const [image] = job.references;
    if (!image) throw refused('请先上传要描述的图片');
    const descriptions = describeLook(await lookAt(image));
    hooks.onProgress(100);
    return { images: [], descriptions, seed: null };
  }

  private async swapFace(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    const [source, target] = job.references;
    if (!source || !target) throw refused('换脸需要一张人脸图片和一张目标图片');
    const images = await this.drawAll([{ seed: 0, variant: 0 }], async () => (await pasteCentre(source, target, MAX_SIDE)).png, hooks);
    return { images, seed: null };
  }
}
