import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clipInfo } from '../mp4.js';
import type { VideoJob } from './provider.js';
import { createVideoProviders, parseVideoChannels, VideoProviderError } from './index.js';
import { OpenAiVideosProvider } from './openaiVideos.js';
import { TaskRelayProvider } from './taskRelay.js';
import { startFakeOpenAiVideos, startFakeVideoRelay, type FakeOutcome } from './testing/fakeVideoApis.js';

const KEY = 'sk-test-video-key';
const job = (fields: Partial<VideoJob> = {}): VideoJob => ({ kind: 'text2video', model: 'sora-2', upstreamModel: 'sora-2', prompt: '海边的灯塔', seconds: 8, aspect: '16:9', firstFrame: null, taskId: 't-1', ...fields });
const hooks = () => {
  const progress: number[] = [];
  const submitted: unknown[] = [];
  return { progress, submitted, signal: new AbortController().signal, onProgress: (p: number) => progress.push(p), onSubmitted: (s: unknown) => submitted.push(s) };
};

describe('OpenAI Videos API adapter (createSoraTask)', () => {
  it('submits multipart with seconds, size and the first frame, polls to completed, downloads the MP4 and its thumbnail', async () => {
    let outcome: FakeOutcome = 'ok';
    const fake = await startFakeOpenAiVideos(KEY, () => outcome);
    try {
      const provider = new OpenAiVideosProvider({ baseUrl: `${fake.baseUrl}/v1`, apiKey: KEY, pollMs: 5 });
      const h = hooks();
      const frame = { mime: 'image/png', data: Buffer.from('png-bytes') };
      const result = await provider.run(job({ kind: 'image2video', aspect: '9:16', firstFrame: frame }), h);
      assert.deepEqual(clipInfo(result.video), { mime: 'video/mp4', width: 1280, height: 720, durationMs: 8000 });
      assert.equal(result.poster?.mime, 'image/jpeg');
      assert.deepEqual([h.progress.includes(50), h.submitted], [true, [{ upstreamId: 'video_1' }]]);
      const created = fake.requests[0]!.body as Record<string, Array<string | { name: string; type: string; data: Buffer }>>;
      assert.deepEqual([created.model, created.seconds, created.size], [['sora-2'], ['8'], ['720x1280']]);
      const file = created.input_reference![0] as { name: string; type: string; data: Buffer };
      assert.deepEqual([file.type, file.data.toString()], ['image/png', 'png-bytes']);

      outcome = 'fail';
      await assert.rejects(provider.run(job(), hooks()), (error: unknown) => error instanceof VideoProviderError && error.message === '视频生成失败，积分已退回');
      outcome = 'refused';
      await assert.rejects(provider.run(job(), hooks()), (error: unknown) => error instanceof VideoProviderError && error.message === '提示词或图片未通过内容审核，积分已退回，请修改后再试');
      const wrongKey = new OpenAiVideosProvider({ baseUrl: fake.baseUrl, apiKey: 'sk-wrong', pollMs: 5 });
      await assert.rejects(wrongKey.run(job(), hooks()), (error: unknown) => error instanceof VideoProviderError && error.message === '视频服务暂时不可用，积分已退回，请稍后再试');
    } finally {
      await fake.close();
    }
  });

  it('stops at once when the task is aborted', async () => {
    const fake = await startFakeOpenAiVideos(KEY, () => 'ok');
    try {
      const provider = new OpenAiVideosProvider({ baseUrl: fake.baseUrl, apiKey: KEY, pollMs: 60_000 });
      const controller = new AbortController();
      const running = provider.run(job(), { signal: controller.signal, onProgress: () => undefined });
      setTimeout(() => controller.abort(new Error('stopped')), 50);
      await assert.rejects(running, /stopped/);
    } finally {
      await fake.close();
    }
  });
});

describe('video task relay adapter (createTask)', () => {
  it('posts JSON with the first frame as a data URI, polls (progress "30%"), downloads the url and the cover without the key', async () => {
    let outcome: FakeOutcome = 'ok';
    const fake = await startFakeVideoRelay(KEY, () => outcome);
    try {
      const provider = new TaskRelayProvider({ baseUrl: fake.baseUrl, apiKey: KEY, pollMs: 5 });
      const h = hooks();
      const result = await provider.run(job({ model: 'luma-vip-video', upstreamModel: 'luma', seconds: 5, aspect: '1:1', kind: 'image2video', firstFrame: { mime: 'image/jpeg', data: Buffer.from([1, 2, 3]) } }), h);
      assert.deepEqual(clipInfo(result.video), { mime: 'video/mp4', width: 960, height: 960, durationMs: 5000 });
      assert.equal(result.poster?.mime, 'image/jpeg');
      assert.ok(h.progress.includes(30));
      const body = fake.requests[0]!.body as Record<string, unknown>;
      assert.deepEqual([body.model, body.duration, body.width, body.height, body.image], ['luma', 5, 960, 960, 'data:image/jpeg;base64,AQID']);
      const download = fake.requests.find((request) => request.path.endsWith('.mp4'))!;
      assert.equal(download.headers.authorization, undefined);

      outcome = 'fail';
      await assert.rejects(provider.run(job(), hooks()), (error: unknown) => error instanceof VideoProviderError && error.message === '提示词或图片未通过内容审核，积分已退回，请修改后再试');
    } finally {
      await fake.close();
    }
  });

  it('says the service cannot be reached when nothing listens', async () => {
    const provider = new TaskRelayProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, pollMs: 5 });
    await assert.rejects(provider.run(job(), hooks()), (error: unknown) => error instanceof VideoProviderError && error.message === '无法连接视频服务，积分已退回，请稍后再试');
  });
});

describe('VIDEO_CHANNELS', () => {
  const env = { VIDEO_KEY: KEY };
  it('reads channels, maps models to them, and leaves the rest to the offline generator', () => {
    const providers = createVideoProviders({
      channelsJson: JSON.stringify([
        { id: 'openai', kind: 'openai-videos', baseUrl: 'https://api.openai.com/v1/', apiKeyEnv: 'VIDEO_KEY', models: ['sora-2'] },
        { id: 'relay', kind: 'task-relay', baseUrl: 'https://relay.example', apiKeyEnv: 'VIDEO_KEY', models: ['veo3-pro'], upstreamModels: { 'veo3-pro': 'veo3' } },
      ]),
      env,
    });
    assert.equal(providers.channels[0]!.baseUrl, 'https://api.openai.com/v1');
    assert.deepEqual([providers.providerFor('sora-2').provider.kind, providers.providerFor('sora-2').offline], ['openai-videos', false]);
    assert.deepEqual([providers.providerFor('veo3-pro').provider.kind, providers.providerFor('veo3-pro').upstreamModel], ['task-relay', 'veo3']);
    assert.deepEqual([providers.providerFor('luma-vip-video').provider.kind, providers.providerFor('luma-vip-video').offline], ['offline', true]);
  });

  it('refuses a broken configuration in Chinese, naming each field', () => {
    assert.throws(() => parseVideoChannels('[', env), /VIDEO_CHANNELS 不是合法的 JSON/);
    assert.throws(() => parseVideoChannels(JSON.stringify([{ id: 'a', kind: 'openai-videos', baseUrl: 'ftp://x', apiKeyEnv: 'MISSING', models: ['luma-vip-video', 'gpt-4o'] }]), env), (error: Error) =>
      ['baseUrl: 必须是 http:// 或 https:// 开头的地址', 'apiKeyEnv: 环境变量 MISSING 没有设置', 'models[0]: luma-vip-video 需要 task-relay 通道', 'models[1]: "gpt-4o" 不是视频模型'].every((part) => error.message.includes(part)),
    );
    assert.throws(() => parseVideoChannels(JSON.stringify([{ id: 'a', kind: 'task-relay', baseUrl: 'https://x', apiKey: 'sk-1', apiKeyEnv: 'VIDEO_KEY', models: ['veo3-pro'] }]), env), /密钥不能写在配置里/);
  });
});
