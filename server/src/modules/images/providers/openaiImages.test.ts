import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { OpenAiImagesProvider, openAiSize } from './openaiImages.js';
import { ImageProviderError } from './provider.js';
import { startFakeOpenAiImages, type FakeOpenAiImages } from './testing/fakeOpenAiImages.js';
import type { FakeFile } from './testing/fakeHttp.js';
import { testHooks, testJob } from './testing/jobs.js';
import { sniffImageMime } from './upstream.js';

describe('OpenAI-compatible Images API adapter (against a fake over HTTP)', () => {
  let fake: FakeOpenAiImages;
  let provider: OpenAiImagesProvider;
  before(async () => {
    fake = await startFakeOpenAiImages('sk-images');
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.format = 'b64_json';
    fake.delayMs = 0;
    provider = new OpenAiImagesProvider({ baseUrl: `${fake.baseUrl}/`, apiKey: 'sk-images' });
  });

  it('posts the documented generation request and decodes b64_json images', async () => {
    const hooks = testHooks();
    const outcome = await provider.run(testJob({ upstreamModel: 'gpt-image-1', count: 2, width: 1184, height: 888 }), hooks);
    const [request] = fake.requests;
    assert.equal(request?.path, '/v1/images/generations');
    assert.equal(request?.headers.authorization, 'Bearer sk-images');
    assert.deepEqual(request?.body, { model: 'gpt-image-1', prompt: '海边的灯塔', n: 2, size: '1536x1024', response_format: 'b64_json' });
    assert.equal(outcome.images.length, 2);
    assert.ok(outcome.images.every((image) => image.mime === 'image/png' && sniffImageMime(image.data) === 'image/png'));
    assert.deepEqual(hooks.progress, [5, 95, 100]);
  });

  it('accepts a base URL ending in /v1, asks dall-e-3 one image at a time, and downloads url answers', async () => {
    fake.format = 'url';
    const outcome = await new OpenAiImagesProvider({ baseUrl: `${fake.baseUrl}/v1`, apiKey: 'sk-images' }).run(testJob({ upstreamModel: 'dall-e-3', count: 3 }), testHooks());
    const posts = fake.requests.filter((r) => r.method === 'POST');
    assert.equal(posts.length, 3);
    assert.ok(posts.every((r) => r.path === '/v1/images/generations' && (r.body as { n: number }).n === 1));
    assert.equal(fake.requests.filter((r) => r.path.startsWith('/files/')).length, 3);
    assert.equal(outcome.images.length, 3);
  });

  it('sends img2img as a multipart edit with image[] files', async () => {
    const png = (await provider.run(testJob(), testHooks())).images[0]!;
    fake.requests.length = 0;
    await provider.run(testJob({ kind: 'img2img', upstreamModel: 'gpt-image-1', references: [png, png], prompt: '改成水彩' }), testHooks());
    const [request] = fake.requests;
    assert.equal(request?.path, '/v1/images/edits');
    assert.match(String(request?.headers['content-type']), /^multipart\/form-data; boundary=/);
    const fields = request?.body as Record<string, unknown[]>;
    assert.deepEqual([fields.model, fields.prompt, fields.n, fields.size], [['gpt-image-1'], ['改成水彩'], ['1'], ['1024x1024']]);
    const files = fields['image[]'] as FakeFile[];
    assert.equal(files.length, 2);
    assert.deepEqual([files[0]!.name, files[0]!.type], ['image-1.png', 'image/png']);
    assert.ok(files[0]!.data.equals(png.data));
  });

  it('maps a content refusal to a final Chinese error, 5xx and 429 to retryable ones, a bad key to retryable', async () => {
    const failure = async () => (await provider.run(testJob(), testHooks()).then(() => assert.fail('expected failure'), (e: unknown) => e)) as ImageProviderError;
    fake.failNext({ status: 400, json: { error: { message: 'Your request was rejected as a result of our safety system.', type: 'image_generation_user_error', code: 'content_policy_violation' } } });
    let error = await failure();
    assert.ok(error instanceof ImageProviderError);
    assert.deepEqual([error.message, error.retryable], ['提示词或图片未通过内容审核，请修改后再试', false]);
    fake.failNext({ status: 400, json: { error: { message: "Invalid value for 'size'", type: 'invalid_request_error' } } });
    error = await failure();
    assert.deepEqual([error.message, error.retryable], ['绘图服务拒绝了这个请求，请调整提示词或图片后再试', false]);
    fake.failNext({ status: 503, json: { error: { message: 'overloaded' } } });
    assert.equal((await failure()).retryable, true);
    fake.failNext({ status: 429, json: { error: { message: 'rate limited' } } });
    error = await failure();
    assert.deepEqual([error.message, error.retryable], ['绘图服务繁忙，请稍后再试', true]);
    const wrongKey = new OpenAiImagesProvider({ baseUrl: fake.baseUrl, apiKey: 'sk-wrong' });
    const keyError = (await wrongKey.run(testJob(), testHooks()).catch((e: unknown) => e)) as ImageProviderError;
    assert.deepEqual([keyError.message, keyError.retryable], ['绘图服务暂时不可用，请稍后再试', true]);
    fake.failNext({ status: 200, json: { data: [{ b64_json: Buffer.from('not an image').toString('base64') }] } });
    error = await failure();
    assert.deepEqual([error.message, error.retryable], ['绘图服务返回了无法识别的结果，请稍后再试', true]);
  });

  it('times out as retryable, and an abort rejects with the signal reason', async () => {
    fake.delayMs = 400;
    const slow = new OpenAiImagesProvider({ baseUrl: fake.baseUrl, apiKey: 'sk-images', generateTimeoutMs: 50 });
    const timeout = (await slow.run(testJob(), testHooks()).catch((e: unknown) => e)) as ImageProviderError;
    assert.deepEqual([timeout.message, timeout.retryable], ['绘图服务响应超时，请稍后再试', true]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(provider.run(testJob(), testHooks(controller.signal)), { name: 'AbortError' });
  });

  it('picks the sizes OpenAI models accept, and passes others through', () => {
    assert.equal(openAiSize('dall-e-3', 888, 1184), '1024x1792');
    assert.equal(openAiSize('gpt-image-1', 1024, 1024), '1024x1024');
    assert.equal(openAiSize('flux-pro', 1184, 888), '1184x888');
  });
});
