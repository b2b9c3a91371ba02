import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnthropicAdapter } from './anthropic.js';
import { adapterFor, parseChannels } from './channelsConfig.js';
import { OpenAiCompatibleAdapter } from './openaiCompatible.js';

const env = { OPENAI_KEY: 'sk-openai', ANTHROPIC_KEY: 'sk-ant', EMPTY_KEY: '  ' };
const parseError = (value: unknown, source?: string) => {
  try {
    parseChannels(typeof value === 'string' ? value : JSON.stringify(value), env, source);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('expected the configuration to be refused');
};
const openai = { id: 'openai', kind: 'openai-compatible', models: ['gpt-4o'], baseUrl: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_KEY' };

describe('parseChannels', () => {
  it('reads a valid list, with defaults for priority and weight and the base URL without a trailing slash', () => {
    const channels = parseChannels(
      JSON.stringify([
        { ...openai, baseUrl: 'https://api.openai.com/v1/' },
        { id: 'claude', kind: 'anthropic', models: ['claude-3-7-sonnet', 'claude-opus-4'], baseUrl: 'https://api.anthropic.com/v1', apiKeyEnv: 'ANTHROPIC_KEY', upstreamModels: { 'claude-opus-4': 'claude-opus-4-20250514' }, priority: 1, weight: 2.5 },
        { id: 'demo', kind: 'offline', models: ['*'], priority: 9 },
      ]),
      env,
    );
    assert.deepEqual(channels, [
      { id: 'openai', kind: 'openai-compatible', models: ['gpt-4o'], priority: 0, weight: 1, baseUrl: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_KEY' },
      { id: 'claude', kind: 'anthropic', models: ['claude-3-7-sonnet', 'claude-opus-4'], priority: 1, weight: 2.5, baseUrl: 'https://api.anthropic.com/v1', apiKeyEnv: 'ANTHROPIC_KEY', upstreamModels: { 'claude-opus-4': 'claude-opus-4-20250514' } },
      { id: 'demo', kind: 'offline', models: ['*'], priority: 9, weight: 1 },
    ]);
    assert.deepEqual(parseChannels('[]', env), []);
  });

  it('refuses text that is not JSON, and JSON that is not a list', () => {
    assert.match(parseError('[{'), /^CHAT_CHANNELS 不是合法的 JSON/);
    assert.equal(parseError({ channels: [] }), 'CHAT_CHANNELS 配置有误：必须是通道数组');
    assert.match(parseError('[1]', 'CHAT_CHANNELS_FILE'), /^CHAT_CHANNELS_FILE 配置有误：\[0\]: 必须是对象$/);
  });

  it('names every bad field by its path, in Chinese', () => {
    const message = parseError([openai, { id: 'x', kind: 'azure', models: [], priority: 1.5, weight: 0 }, { kind: 'openai-compatible', models: ['a', ''], baseUrl: 'https://x', apiKeyEnv: 'OPENAI_KEY' }]);
    for (const expected of [
      '[1].kind: 必须是 openai-compatible、anthropic、offline 之一',
      '[1].models: 至少要列出一个模型',
      '[1].priority: 必须是整数',
      '[1].weight: 必须大于 0',
      '[2].id: 必填',
      '[2].models[1]: 不能为空',
    ]) {
      assert.ok(message.includes(expected), `${expected} in ${message}`);
    }
    assert.ok(!message.includes('[0]'), 'the valid channel is not mentioned');
  });

  it('requires an http(s) baseUrl and a set key variable for real channels, not for offline ones', () => {
    assert.match(parseError([{ ...openai, baseUrl: undefined }]), /\[0\]\.baseUrl: 真实通道必须填写 baseUrl/);
    assert.match(parseError([{ ...openai, baseUrl: 'ftp://files.example.com' }]), /\[0\]\.baseUrl: 必须是 http:\/\/ 或 https:\/\/ 开头的地址/);
    assert.match(parseError([{ ...openai, baseUrl: 'api.openai.com/v1' }]), /\[0\]\.baseUrl/);
    assert.match(parseError([{ ...openai, apiKeyEnv: undefined }]), /\[0\]\.apiKeyEnv: 真实通道必须填写保存密钥的环境变量名/);
    assert.match(parseError([{ ...openai, apiKeyEnv: 'NOT_SET_ANYWHERE' }]), /\[0\]\.apiKeyEnv: 环境变量 NOT_SET_ANYWHERE 没有设置/);
    assert.match(parseError([{ ...openai, apiKeyEnv: 'EMPTY_KEY' }]), /环境变量 EMPTY_KEY 没有设置/);
    assert.equal(parseChannels(JSON.stringify([{ id: 'demo', kind: 'offline', models: ['gpt-4o'] }]), {}).length, 1);
  });

  it('refuses duplicate ids, unknown fields, and a key written into the file', () => {
    assert.match(parseError([openai, { ...openai, priority: 1 }]), /\[1\]\.id: 与第 0 项的 id "openai" 重复/);
    assert.match(parseError([{ ...openai, apikeyenv: 'x' }]), /\[0\]: 未知的字段：apikeyenv/);
    assert.match(parseError([{ ...openai, apiKey: 'sk-live' }]), /密钥不能写在配置里，请用 apiKeyEnv/);
    assert.match(parseError([{ ...openai, upstreamModels: { 'gpt-4o': '' } }]), /\[0\]\.upstreamModels\.gpt-4o: 不能为空/);
  });
});

describe('adapterFor', () => {
  const [openaiChannel, claudeChannel] = parseChannels(
    JSON.stringify([openai, { id: 'claude', kind: 'anthropic', models: ['*'], baseUrl: 'https://api.anthropic.com/v1', apiKeyEnv: 'ANTHROPIC_KEY' }]),
    env,
  ) as [ReturnType<typeof parseChannels>[number], ReturnType<typeof parseChannels>[number]];

  it('builds the adapter of the channel kind', () => {
    assert.ok(adapterFor(openaiChannel, env) instanceof OpenAiCompatibleAdapter);
    assert.ok(adapterFor(claudeChannel, env) instanceof AnthropicAdapter);
  });

  it('refuses an offline channel (the router answers those) and a key that vanished from the environment', () => {
    assert.throws(() => adapterFor({ id: 'demo', kind: 'offline', models: ['*'], priority: 0, weight: 1 }, env), /offline/);
    assert.throws(() => adapterFor(openaiChannel, {}), /OPENAI_KEY/);
  });
});
