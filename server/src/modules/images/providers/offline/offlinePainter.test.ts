import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { ImageProviderError, type ImageJob, type InputImage, type ParentTask, type ProviderOutcome, type RunHooks } from '../provider.js';
import { OfflinePainter, type OfflineState } from './offlinePainter.js';
import { paintPng } from './render.js';

const painter = new OfflinePainter();
const SIDE = 256;

function job(fields: Partial<ImageJob>): ImageJob {
  return { kind: 'txt2img', model: 'stable-diffusion', upstreamModel: 'stable-diffusion', prompt: '海边的日落', negativePrompt: '', width: SIDE, height: SIDE, count: 1, seed: 7, references: [], strength: 0.6, action: null, ...fields };
}

function hooks(signal = new AbortController().signal): RunHooks & { progress: number[] } {
  const progress: number[] = [];
  return { progress, onProgress: (percent) => progress.push(percent), signal };
}

async function solid(r: number, g: number, b: number, width = SIDE, height = SIDE): Promise<InputImage> {
  return { mime: 'image/png', data: await sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer() };
}

async function stats(image: InputImage) {
  const meta = await sharp(image.data).metadata();
  const { channels } = await sharp(image.data).stats();
  return { format: meta.format, width: meta.width, height: meta.height, mean: channels.slice(0, 3).map((c) => c.mean) as [number, number, number] };
}

const brightness = (mean: [number, number, number]) => (mean[0] + mean[1] + mean[2]) / 3;
const same = (a: ProviderOutcome, b: ProviderOutcome) => a.images.every((image, i) => image.data.equals(b.images[i]!.data));

async function failure(promise: Promise<unknown>): Promise<ImageProviderError> {
  const error = await promise.then(() => assert.fail('expected a failure'), (e: unknown) => e);
  assert.ok(error instanceof ImageProviderError, String(error));
  return error;
}

describe('offline painter', () => {
  it('paints a PNG of the asked size, the same bytes for the same prompt and seed, other bytes for another seed or prompt', async () => {
    const first = await painter.run(job({}), hooks());
    const again = await painter.run(job({}), hooks());
    const otherSeed = await painter.run(job({ seed: 8 }), hooks());
    const otherPrompt = await painter.run(job({ prompt: '森林里的小猫' }), hooks());
    assert.deepEqual((await stats(first.images[0]!)).format, 'png');
    assert.equal((await stats(first.images[0]!)).width, SIDE);
    assert.ok(same(first, again));
    assert.ok(!same(first, otherSeed));
    assert.ok(!same(first, otherPrompt));
    assert.equal(first.seed, 7);
    assert.deepEqual(first.providerState, { painter: 'offline', pictures: [{ seed: 7, variant: 0 }] });
  });

  it('reads the words: a night is dark, snow is light, cyberpunk is purple; an unknown prompt still paints its own shapes', async () => {
    const night = await stats((await painter.run(job({ prompt: '夜晚的城市，星空' }), hooks())).images[0]!);
    const snow = await stats((await painter.run(job({ prompt: 'snowy mountains in winter' }), hooks())).images[0]!);
    const neon = await stats((await painter.run(job({ prompt: '赛博朋克风格的街道' }), hooks())).images[0]!);
    assert.ok(brightness(night.mean) < 70, `night ${night.mean}`);
    assert.ok(brightness(snow.mean) > 150, `snow ${snow.mean}`);
    assert.ok(neon.mean[0] > neon.mean[1] && neon.mean[2] > neon.mean[1], `neon ${neon.mean}`);
    const a = await painter.run(job({ prompt: 'quantum love letter' }), hooks());
    const b = await painter.run(job({ prompt: 'a recipe for tomato soup' }), hooks());
    assert.ok(!same(a, b));
  });

  it('gives a seed when none is asked, and paints 1–4 images for txt2img by count', async () => {
    const outcome = await painter.run(job({ seed: null, count: 3 }), hooks());
    assert.equal(typeof outcome.seed, 'number');
    assert.equal(outcome.images.length, 3);
    assert.deepEqual((outcome.providerState as OfflineState).pictures.map((p) => p.seed), [0, 1, 2].map((i) => outcome.seed! + i));
  });

  it('imagine: four separate pictures from seeds seed…seed+3 (not a grid), progress rising to 100', async () => {
    const h = hooks();
    const outcome = await painter.run(job({ kind: 'imagine', count: 1, seed: 100 }), h);
    assert.equal(outcome.grid, false);
    assert.equal(outcome.images.length, 4);
    assert.equal(new Set(outcome.images.map((image) => image.data.toString('base64'))).size, 4);
    assert.deepEqual((outcome.providerState as OfflineState).pictures, [100, 101, 102, 103].map((seed) => ({ seed, variant: 0 })));
    assert.deepEqual(h.progress, [1, 25, 50, 75, 100]);
  });

  describe('actions on an imagine', () => {
    let parent: ParentTask;
    const action = (name: NonNullable<ImageJob['action']>['name'], seed: number | null = null) => job({ kind: 'action', seed, action: { name, parent } });

    it('U2 draws the second picture again at twice the size; V3 keeps its seed with new details; reroll moves on four seeds', async () => {
      const grid = await painter.run(job({ kind: 'imagine', seed: 40 }), hooks());
      parent = { prompt: '海边的日落', negativePrompt: '', seed: 40, width: SIDE, height: SIDE, images: grid.images, providerState: grid.providerState };

      const upscaled = await painter.run(action('U2'), hooks());
      assert.equal(upscaled.images.length, 1);
      assert.equal((await stats(upscaled.images[0]!)).width, SIDE * 2);
      assert.ok(upscaled.images[0]!.data.equals(await paintPng({ prompt: '海边的日落', seed: 41, variant: 0, width: SIDE * 2, height: SIDE * 2 })));

      const varied = await painter.run(action('V3'), hooks());
      assert.equal(varied.images.length, 4);
      assert.deepEqual((varied.providerState as OfflineState).pictures, [1, 2, 3, 4].map((variant) => ({ seed: 42, variant })));
      assert.ok(varied.images.every((image) => !image.data.equals(grid.images[2]!.data)));

      const rerolled = await painter.run(action('reroll'), hooks());
      assert.deepEqual((rerolled.providerState as OfflineState).pictures.map((p) => p.seed), [44, 45, 46, 47]);
      assert.equal((await painter.run(action('reroll', 900), hooks())).seed, 900);
    });

    it('upscales an image it did not paint (no painter state) by enlarging it', async () => {
      const red = await solid(200, 30, 30, 100, 80);
      const outcome = await painter.run(job({ kind: 'action', action: { name: 'U1', parent: { ...parent, width: 100, height: 80, images: [red], providerState: null } } }), hooks());
      const result = await stats(outcome.images[0]!);
      assert.deepEqual([result.width, result.height], [200, 160]);
      assert.ok(Math.abs(result.mean[0] - 200) < 3);
    });
  });

  it('img2img keeps the reference visible, more so at a low strength', async () => {
    const grey = await solid(128, 128, 128);
    const plain = await stats((await painter.run(job({ prompt: '赛博朋克' }), hooks())).images[0]!);
    const low = await stats((await painter.run(job({ kind: 'img2img', prompt: '赛博朋克', references: [grey], strength: 0.1 }), hooks())).images[0]!);
    const high = await stats((await painter.run(job({ kind: 'img2img', prompt: '赛博朋克', references: [grey], strength: 1 }), hooks())).images[0]!);
    const distance = (m: number[]) => Math.hypot(...m.map((v) => v - 128));
    assert.ok(distance(low.mean) < distance(high.mean), `${low.mean} vs ${high.mean}`);
    assert.ok(distance(high.mean) > 5, 'the prompt shows at full strength');
    assert.notDeepEqual(high.mean, plain.mean);
    await failure(painter.run(job({ kind: 'img2img', references: [] }), hooks()));
  });

  it('blend mixes the references four ways', async () => {
    const outcome = await painter.run(job({ kind: 'blend', references: [await solid(255, 0, 0), await solid(0, 0, 255)], width: 128, height: 96 }), hooks());
    assert.equal(outcome.images.length, 4);
    const first = await sharp(outcome.images[0]!.data).raw().toBuffer();
    const left = [first[0], first[2]];
    const right = [first[(128 - 1) * 3], first[(128 - 1) * 3 + 2]];
    assert.ok(left[0]! > left[1]! && right[1]! > right[0]!, 'red on the left, blue on the right');
    assert.equal((await failure(painter.run(job({ kind: 'blend', references: [await solid(1, 2, 3)] }), hooks()))).retryable, false);
  });

  it('describe gives four Chinese prompts from the colours and the light', async () => {
    const dark = await painter.run(job({ kind: 'describe', references: [await solid(10, 10, 40)] }), hooks());
    assert.equal(dark.descriptions?.length, 4);
    assert.deepEqual(dark.images, []);
    assert.match(dark.descriptions![0]!, /幽暗/);
    const red = await painter.run(job({ kind: 'describe', references: [await solid(220, 30, 30)] }), hooks());
    assert.match(red.descriptions!.join(''), /红色/);
    const sky = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#2a6' } })
      .composite([{ input: await sharp({ create: { width: 90, height: 30, channels: 3, background: '#9cf' } }).png().toBuffer(), top: 0, left: 0 }])
      .png()
      .toBuffer();
    const landscape = await painter.run(job({ kind: 'describe', references: [{ mime: 'image/png', data: sky }] }), hooks());
    assert.match(landscape.descriptions!.join(''), /横幅构图/);
    assert.match(landscape.descriptions!.join(''), /上方明亮/);
  });

  it('swapFace lays the source into the centre of the target, the edges untouched', async () => {
    const outcome = await painter.run(job({ kind: 'swapFace', references: [await solid(250, 250, 0, 80, 80), await solid(0, 0, 200, 300, 200)] }), hooks());
    const { data, info } = await sharp(outcome.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [300, 200]);
    const at = (x: number, y: number) => [...data.subarray((y * 300 + x) * info.channels, (y * 300 + x) * info.channels + 3)];
    assert.deepEqual(at(150, 100), [250, 250, 0]);
    assert.deepEqual(at(5, 5), [0, 0, 200]);
  });

  it('refuses an unreadable reference with a Chinese message, not a crash', async () => {
    const error = await failure(painter.run(job({ kind: 'describe', references: [{ mime: 'image/png', data: Buffer.from('not a picture') }] }), hooks()));
    assert.equal(error.message, '参考图片无法读取，请换一张图片再试');
  });

  it('stops at an abort: before it starts, and between the pictures of an imagine', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(painter.run(job({}), hooks(controller.signal)), { name: 'AbortError' });
    const midway = new AbortController();
    const h = hooks(midway.signal);
    const onProgress = h.onProgress;
    h.onProgress = (percent) => {
      onProgress(percent);
      if (percent === 50) midway.abort();
    };
    await assert.rejects(painter.run(job({ kind: 'imagine' }), h), { name: 'AbortError' });
    assert.deepEqual(h.progress, [1, 25, 50]);
  });
});
