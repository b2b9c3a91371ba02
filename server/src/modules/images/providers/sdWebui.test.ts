import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ImageProviderError } from './provider.js';
import { SdWebuiProvider, sdAuthorization } from './sdWebui.js';
import { startFakeSdWebui, type FakeSdWebui } from './testing/fakeSdWebui.js';
import { testHooks, testJob } from './testing/jobs.js';

describe('Stable Diffusion WebUI adapter (against a fake over HTTP)', () => {
  let fake: FakeSdWebui;
  let provider: SdWebuiProvider;
  before(async () => {
    fake = await startFakeSdWebui('webui:secret');
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.durationMs = 0;
    provider = new SdWebuiProvider({ baseUrl: fake.baseUrl, apiKey: 'webui:secret', pollMs: 20 });
  });

  it('posts txt2img with the documented fields and returns the images and the seed from info', async () => {
    const outcome = await provider.run(testJob({ model: 'stable-diffusion', upstreamModel: 'sd_xl_base_1.0', prompt: '像素风格的小镇', negativePrompt: 'blurry', width: 832, height: 1216, count: 2, seed: null }), testHooks());
    const post = fake.requests.find((r) => r.method === 'POST');
    assert.equal(post?.path, '/sdapi/v1/txt2img');
    assert.equal(post?.headers.authorization, `Basic ${Buffer.from('webui:secret').toString('base64')}`);
    assert.deepEqual(post?.body, {
      prompt: '像素风格的小镇', negative_prompt: 'blurry', width: 832, height: 1216, batch_size: 2, n_iter: 1, seed: -1, steps: 28, cfg_scale: 7,
      override_settings: { sd_model_checkpoint: 'sd_xl_base_1.0' },
    });
    assert.equal(outcome.images.length, 2);
    assert.equal(outcome.seed, 1234567);
  });

  it('sends img2img with init_images and denoising_strength, and reports /progress while it draws', async () => {
    fake.durationMs = 250;
    const reference = (await provider.run(testJob({ seed: 5 }), testHooks())).images[0]!;
    fake.requests.length = 0;
    const hooks = testHooks();
    const outcome = await provider.run(testJob({ kind: 'img2img', references: [reference], strength: 0.35, seed: 9 }), hooks);
    const post = fake.requests.find((r) => r.method === 'POST');
    const body = post?.body as Record<string, unknown>;
    assert.equal(post?.path, '/sdapi/v1/img2img');
    assert.deepEqual(body.init_images, [reference.data.toString('base64')]);
    assert.equal(body.denoising_strength, 0.35);
    assert.equal(body.seed, 9);
    assert.equal(outcome.seed, 9);
    assert.ok(fake.requests.some((r) => r.path === '/sdapi/v1/progress' && r.query.get('skip_current_image') === 'true'));
    const middle = hooks.progress.slice(1, -1);
    assert.ok(middle.length >= 2 && middle.every((p, i) => p > 1 && p < 100 && (i === 0 || p > middle[i - 1]!)), `progress ${hooks.progress}`);
    assert.equal(hooks.progress.at(-1), 100);
  });

  it('maps errors: 422 final, 500 retryable; refuses a bad answer', async () => {
    fake.failNext({ status: 422, json: { detail: [{ loc: ['body', 'width'], msg: 'value is not a valid integer' }] } });
    const invalid = (await provider.run(testJob(), testHooks()).catch((e: unknown) => e)) as ImageProviderError;
    assert.deepEqual([invalid instanceof ImageProviderError, invalid.retryable], [true, false]);
    fake.failNext({ status: 500, json: { error: 'OutOfMemoryError', detail: 'CUDA out of memory' } });
    assert.equal(((await provider.run(testJob(), testHooks()).catch((e: unknown) => e)) as ImageProviderError).retryable, true);
    fake.failNext({ status: 200, json: { images: [] } });
    assert.equal(((await provider.run(testJob(), testHooks()).catch((e: unknown) => e)) as ImageProviderError).message, '绘图服务没有返回图片，请稍后再试');
  });

  it('stops on an abort, polling included', async () => {
    fake.durationMs = 500;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 80);
    await assert.rejects(provider.run(testJob(), testHooks(controller.signal)), { name: 'AbortError' });
    // A poll sent just before the abort may still be recorded by the fake.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const polls = fake.requests.filter((r) => r.path === '/sdapi/v1/progress').length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(fake.requests.filter((r) => r.path === '/sdapi/v1/progress').length, polls);
  });

  it('uses Basic for user:password keys and Bearer otherwise', () => {
    assert.equal(sdAuthorization('token-abc'), 'Bearer token-abc');
    assert.match(sdAuthorization('a:b'), /^Basic /);
  });
});
