import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createImageProviders, IMAGE_MODELS, parseImageChannels } from './index.js';
import { MidjourneyProxyProvider } from './midjourneyProxy.js';
import { OfflinePainter } from './offline/offlinePainter.js';
import { OpenAiImagesProvider } from './openaiImages.js';
import { SdWebuiProvider } from './sdWebui.js';

const env = { OPENAI_KEY: 'sk-1', SD_KEY: 'u:p', MJ_KEY: 'mj', BLANK: ' ' };
const openai = { id: 'openai', kind: 'openai-images', baseUrl: 'https://api.openai.com/v1/', apiKeyEnv: 'OPENAI_KEY', models: ['gpt-4o-image', 'dall-e-3'], upstreamModels: { 'gpt-4o-image': 'gpt-image-1' } };
const sd = { id: 'sd', kind: 'sd-webui', baseUrl: 'http://10.0.0.5:7860', apiKeyEnv: 'SD_KEY', models: ['stable-diffusion'] };
const mj = { id: 'mj', kind: 'midjourney-proxy', baseUrl: 'https://mj.example.com', apiKeyEnv: 'MJ_KEY', models: ['mj-chat'] };

const parseError = (value: unknown) => {
  try {
    parseImageChannels(typeof value === 'string' ? value : JSON.stringify(value), env);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('expected the configuration to be refused');
};

describe('parseImageChannels', () => {
  it('reads a valid list (base URL without a trailing slash, upstreamModels default {})', () => {
    const channels = parseImageChannels(JSON.stringify([openai, sd, mj]), env);
    assert.deepEqual(channels[0], { ...openai, baseUrl: 'https://api.openai.com/v1' });
    assert.deepEqual(channels[1], { ...sd, upstreamModels: {} });
    assert.deepEqual(parseImageChannels('[]', env), []);
  });

  it('refuses text that is not JSON and JSON that is not a list', () => {
    assert.match(parseError('[{'), /^IMAGE_CHANNELS 不是合法的 JSON/);
    assert.equal(parseError({}), 'IMAGE_CHANNELS 配置有误：必须是通道数组');
  });

  it('names every bad field by its path, in Chinese', () => {
    const message = parseError([
      openai,
      { id: 'x', kind: 'comfyui', baseUrl: 'ftp://x', apiKeyEnv: 'NOT_SET', models: [] },
      { ...sd, id: 'sd2', models: ['gpt-4o', 'mj-chat'], apiKeyEnv: 'BLANK' },
      { ...mj, models: ['flux'], apiKey: 'sk-live' },
    ]);
    for (const expected of [
      '[1].kind: 必须是 openai-images、sd-webui、midjourney-proxy 之一',
      '[1].models: 至少要列出一个模型',
      '[2].models[0]: "gpt-4o" 不是绘画模型',
      '[2].models[1]: sd-webui 通道不能提供 mj-chat 的功能',
      '[2].apiKeyEnv: 环境变量 BLANK 没有设置',
      '[3]: 密钥不能写在配置里，请用 apiKeyEnv',
    ]) {
      assert.ok(message.includes(expected), `${expected} in ${message}`);
    }
    assert.match(parseError([{ ...sd, baseUrl: 'ftp://x' }]), /\[0\]\.baseUrl: 必须是 http:\/\/ 或 https:\/\/ 开头的地址/);
    assert.match(parseError([{ ...sd, apiKeyEnv: 'NOT_SET' }]), /\[0\]\.apiKeyEnv: 环境变量 NOT_SET 没有设置/);
    assert.ok(!/[：；]\[0\]/.test(message), 'the valid channel is not mentioned');
  });

  it('refuses duplicate ids, a model on two channels, an upstream name for a model not listed, unknown fields', () => {
    assert.match(parseError([sd, { ...sd, models: ['flux'] }]), /\[1\]\.id: 与第 0 项的 id "sd" 重复/);
    assert.match(parseError([sd, { ...sd, id: 'sd2' }]), /\[1\]\.models\[0\]: 模型 stable-diffusion 已由第 0 项提供/);
    assert.match(parseError([{ ...sd, upstreamModels: { flux: 'flux-dev' } }]), /\[0\]\.upstreamModels\.flux: 不在本通道的 models 里/);
    assert.match(parseError([{ ...sd, priority: 1 }]), /\[0\]: 未知的字段：priority/);
  });
});

describe('createImageProviders', () => {
  it('routes each model to its channel, and every other image model to the offline painter', () => {
    const warnings: string[] = [];
    const providers = createImageProviders({ channelsJson: JSON.stringify([openai, sd, mj]), env, log: { info() {}, warn: (m) => warnings.push(m) } });
    const gpt = providers.providerFor('gpt-4o-image');
    assert.ok(gpt.provider instanceof OpenAiImagesProvider);
    assert.deepEqual([gpt.upstreamModel, gpt.offline], ['gpt-image-1', false]);
    assert.equal(providers.providerFor('dall-e-3').upstreamModel, 'dall-e-3');
    assert.ok(providers.providerFor('stable-diffusion').provider instanceof SdWebuiProvider);
    assert.ok(providers.providerFor('mj-chat').provider instanceof MidjourneyProxyProvider);
    const flux = providers.providerFor('flux');
    assert.ok(flux.provider instanceof OfflinePainter);
    assert.deepEqual([flux.upstreamModel, flux.offline], ['flux', true]);
    assert.match(warnings.join(), /offline painter.*kontext-pro, flux/);
  });

  it('offers each model its kinds: Midjourney-style for mj-chat, txt2img only for dall-e-3, the same offline', () => {
    for (const channelsJson of [undefined, JSON.stringify([openai, mj])]) {
      const providers = createImageProviders({ channelsJson, env });
      assert.deepEqual(providers.kindsFor('mj-chat'), ['imagine', 'action', 'blend', 'describe', 'swapFace']);
      assert.deepEqual(providers.kindsFor('dall-e-3'), ['txt2img']);
      assert.deepEqual(providers.kindsFor('gpt-4o-image'), ['txt2img', 'img2img']);
    }
    const offline = createImageProviders({ channelsJson: '  ', env });
    assert.ok(IMAGE_MODELS.every((model) => offline.providerFor(model).offline));
    assert.throws(() => createImageProviders({ channelsJson: '[1]', env }), /IMAGE_CHANNELS 配置有误：\[0\]: 必须是对象/);
  });
});
