import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { aspectOf, buttonFor, type MjState, MidjourneyProxyProvider, promptsOfDescribe } from './midjourneyProxy.js';
import { ImageProviderError, type ParentTask } from './provider.js';
import { solidPng } from './testing/fakeHttp.js';
import { startFakeMidjourneyProxy, type FakeMidjourneyProxy } from './testing/fakeMidjourneyProxy.js';
import { testHooks, testJob } from './testing/jobs.js';

describe('midjourney-proxy adapter (against a fake over HTTP)', () => {
  let fake: FakeMidjourneyProxy;
  let provider: MidjourneyProxyProvider;
  const png = async () => ({ mime: 'image/png', data: await solidPng(16, 16, 10) });
  before(async () => {
    fake = await startFakeMidjourneyProxy('mj-secret');
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    provider = new MidjourneyProxyProvider({ baseUrl: fake.baseUrl, apiKey: 'mj-secret', pollMs: 5 });
  });

  it('imagine → fetch until SUCCESS → a grid, with progress; then U2 and V3 send the parent task id and the right customId', async () => {
    const hooks = testHooks();
    const grid = await provider.run(testJob({ kind: 'imagine', model: 'mj-chat', prompt: '水墨山水', negativePrompt: '文字', width: 1184, height: 888, seed: 42 }), hooks);
    const submit = fake.requests[0]!;
    assert.deepEqual([submit.method, submit.path, submit.headers['mj-api-secret']], ['POST', '/mj/submit/imagine', 'mj-secret']);
    assert.deepEqual(submit.body, { prompt: '水墨山水 --ar 4:3 --no 文字 --seed 42' });
    const state = grid.providerState as MjState;
    assert.ok(fake.requests.filter((r) => r.path === `/mj/task/${state.mjTaskId}/fetch`).length >= 5);
    assert.equal(grid.grid, true);
    assert.equal(grid.images.length, 1);
    assert.equal(grid.images[0]!.mime, 'image/png');
    assert.equal(state.buttons.length, 9);
    assert.deepEqual(hooks.progress, [1, 30, 70, 100]);

    const parent: ParentTask = { prompt: '水墨山水', negativePrompt: '', seed: 42, width: 1184, height: 888, images: grid.images, providerState: grid.providerState };
    fake.requests.length = 0;
    const upscaled = await provider.run(testJob({ kind: 'action', model: 'mj-chat', action: { name: 'U2', parent } }), testHooks());
    assert.deepEqual(fake.requests[0]?.body, { taskId: state.mjTaskId, customId: `MJ::JOB::upsample::2::hash${state.mjTaskId}` });
    assert.equal(upscaled.grid, false);
    assert.deepEqual((upscaled.providerState as MjState).buttons, []);

    fake.requests.length = 0;
    const varied = await provider.run(testJob({ kind: 'action', action: { name: 'V3', parent } }), testHooks());
    assert.equal((fake.requests[0]?.body as { customId: string }).customId, `MJ::JOB::variation::3::hash${state.mjTaskId}`);
    assert.equal(varied.grid, true);

    fake.requests.length = 0;
    await provider.run(testJob({ kind: 'action', action: { name: 'reroll', parent } }), testHooks());
    assert.match((fake.requests[0]?.body as { customId: string }).customId, /::reroll::0::/);

    const noButtons = (await provider.run(testJob({ kind: 'action', action: { name: 'U1', parent: { ...parent, providerState: upscaled.providerState } } }), testHooks()).catch((e: unknown) => e)) as ImageProviderError;
    assert.deepEqual([noButtons.message, noButtons.retryable], ['这张图片不支持该操作', false]);
  });

  it('imagine with reference images sends them as data URIs in base64Array', async () => {
    const reference = await png();
    await provider.run(testJob({ kind: 'imagine', references: [reference] }), testHooks());
    assert.deepEqual((fake.requests[0]?.body as { base64Array: string[] }).base64Array, [`data:image/png;base64,${reference.data.toString('base64')}`]);
  });

  it('blend sends base64Array and dimensions; swap face sends source and target', async () => {
    const [a, b] = [await png(), await png()];
    const blended = await provider.run(testJob({ kind: 'blend', references: [a, b], width: 768, height: 1344 }), testHooks());
    assert.deepEqual([fake.requests[0]?.path, (fake.requests[0]?.body as { dimensions: string }).dimensions], ['/mj/submit/blend', 'PORTRAIT']);
    assert.equal((fake.requests[0]?.body as { base64Array: string[] }).base64Array.length, 2);
    assert.equal(blended.grid, true);
    fake.requests.length = 0;
    const swapped = await provider.run(testJob({ kind: 'swapFace', references: [a, b] }), testHooks());
    assert.equal(fake.requests[0]?.path, '/mj/insight-face/swap');
    assert.deepEqual(Object.keys(fake.requests[0]?.body as object).sort(), ['sourceBase64', 'targetBase64']);
    assert.equal(swapped.grid, false);
  });

  it('describe returns the four prompts and no image', async () => {
    const outcome = await provider.run(testJob({ kind: 'describe', references: [await png()] }), testHooks());
    assert.equal(fake.requests[0]?.path, '/mj/submit/describe');
    assert.match(String((fake.requests[0]?.body as { base64: string }).base64), /^data:image\/png;base64,/);
    assert.deepEqual(outcome.descriptions, [
      'a red fox in a snowy forest, soft light --ar 1:1',
      'winter woodland with a fox, watercolor',
      'fox portrait, cinematic, shallow depth of field',
      'minimalist illustration of a fox in snow',
    ]);
    assert.deepEqual(outcome.images, []);
  });

  it('maps a banned prompt (code 24) to a final refusal, a full queue to retryable, a FAILURE task to retryable or final by its reason', async () => {
    const failure = async (job = testJob({ kind: 'imagine' })) => (await provider.run(job, testHooks()).catch((e: unknown) => e)) as ImageProviderError;
    let error = await failure(testJob({ kind: 'imagine', prompt: 'something forbidden' }));
    assert.deepEqual([error.message, error.retryable], ['提示词或图片未通过内容审核，请修改后再试', false]);
    fake.failNext({ status: 200, json: { code: 23, description: '队列已满，请稍后尝试', result: null } });
    error = await failure();
    assert.deepEqual([error.message, error.retryable], ['绘图服务繁忙，请稍后再试', true]);
    fake.failNextTask('Request has been canceled');
    error = await failure();
    assert.deepEqual([error.message, error.retryable], ['绘图服务未能完成这张图片，请稍后再试', true]);
    fake.failNextTask('Banned prompt detected');
    assert.equal((await failure()).retryable, false);
    const wrongSecret = new MidjourneyProxyProvider({ baseUrl: fake.baseUrl, apiKey: 'nope', pollMs: 5 });
    assert.equal(((await wrongSecret.run(testJob({ kind: 'imagine' }), testHooks()).catch((e: unknown) => e)) as ImageProviderError).retryable, true);
  });

  it('stops polling on an abort, and gives up after maxWaitMs', async () => {
    const controller = new AbortController();
    const slow = new MidjourneyProxyProvider({ baseUrl: fake.baseUrl, apiKey: 'mj-secret', pollMs: 40 });
    setTimeout(() => controller.abort(), 60);
    await assert.rejects(slow.run(testJob({ kind: 'imagine' }), testHooks(controller.signal)), { name: 'AbortError' });
    const impatient = new MidjourneyProxyProvider({ baseUrl: fake.baseUrl, apiKey: 'mj-secret', pollMs: 5, maxWaitMs: 1 });
    const error = (await impatient.run(testJob({ kind: 'imagine' }), testHooks()).catch((e: unknown) => e)) as ImageProviderError;
    assert.deepEqual([error.message, error.retryable], ['绘图服务响应超时，请稍后再试', true]);
  });

  it('helpers: --ar from the size, buttons by label or customId, describe text with 1. numbering', () => {
    assert.equal(aspectOf(1024, 1024), '1:1');
    assert.equal(aspectOf(1368, 768), '16:9');
    assert.equal(buttonFor('V2', [{ customId: 'MJ::JOB::variation::2::abc', label: '', emoji: '' }])?.customId, 'MJ::JOB::variation::2::abc');
    assert.equal(buttonFor('reroll', [{ customId: 'x', label: '', emoji: '🔄' }])?.customId, 'x');
    assert.deepEqual(promptsOfDescribe('1. one\n\n2. two\n\n3. three\n\n4. four'), ['one', 'two', 'three', 'four']);
  });
});
