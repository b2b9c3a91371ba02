import { z } from 'zod';
import { AnthropicAdapter } from './anthropic.js';
import { OpenAiCompatibleAdapter } from './openaiCompatible.js';
import type { SseTransportOptions } from './sseRequest.js';
import type { ChannelConfig, ChannelKind, UpstreamAdapter } from './types.js';

type Env = Record<string, string | undefined>;

const KINDS = ['openai-compatible', 'anthropic', 'offline'] as const satisfies readonly ChannelKind[];

/** "必填" for a missing field, "必须是…" for a wrong type. */
const typed = (what: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? '必填' : `必须是${what}`) });

function channelSchema(env: Env) {
  return z
    .strictObject(
      {
        id: z.string(typed('文字')).trim().min(1, '不能为空'),
        kind: z.enum(KINDS, { error: `必须是 ${KINDS.join('、')} 之一` }),
        models: z.array(z.string(typed('文字')).trim().min(1, '不能为空'), typed('模型 id 的数组')).min(1, '至少要列出一个模型（"*" 表示全部模型）'),
        baseUrl: z.string(typed('文字')).trim().optional(),
        apiKeyEnv: z.string(typed('文字')).trim().optional(),
        upstreamModels: z.record(z.string(), z.string(typed('文字')).trim().min(1, '不能为空'), typed('对象（目录模型 id → 上游模型名）')).optional(),
        priority: z.number(typed('数字')).int('必须是整数').default(0),
        weight: z.number(typed('数字')).positive('必须大于 0').default(1),
        maxTokensField: z.enum(['max_tokens', 'max_completion_tokens'], { error: '必须是 max_tokens 或 max_completion_tokens' }).optional(),
      },
      {
        error: (issue) => {
          if (issue.code !== 'unrecognized_keys') return '必须是对象';
          if (issue.keys.includes('apiKey')) return '密钥不能写在配置里，请用 apiKeyEnv 给出保存密钥的环境变量名';
          return `未知的字段：${issue.keys.join('、')}`;
        },
      },
    )
    .superRefine((channel, ctx) => {
      if (channel.kind === 'offline') return;
      if (!channel.baseUrl) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: '真实通道必须填写 baseUrl' });
      else if (!/^https?:\/\/[^/\s]+/i.test(channel.baseUrl) || !URL.canParse(channel.baseUrl)) {
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: '必须是 http:// 或 https:// 开头的地址' });
      }
      if (!channel.apiKeyEnv) ctx.addIssue({ code: 'custom', path: ['apiKeyEnv'], message: '真实通道必须填写保存密钥的环境变量名' });
      else if (!env[channel.apiKeyEnv]?.trim()) ctx.addIssue({ code: 'custom', path: ['apiKeyEnv'], message: `环境变量 ${channel.apiKeyEnv} 没有设置` });
    });
}

function channelsSchema(env: Env) {
  return z.array(channelSchema(env), '必须是通道数组').superRefine((channels, ctx) => {
    const firstIndex = new Map<string, number>();
    channels.forEach((channel, index) => {
      const earlier = firstIndex.get(channel.id);
      if (earlier === undefined) firstIndex.set(channel.id, index);
      else ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `与第 ${earlier} 项的 id "${channel.id}" 重复` });
    });
  });
}

/** `[1].models[0]`: where in the list the bad value sits. */
function pathText(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
}

/**
 * Reads the channel list (a JSON array; see README.md next to this file). Throws one Error naming
 * every bad field by its path, so a broken configuration stops the server at startup.
 */
export function parseChannels(json: string, env: Env, source = 'CHAT_CHANNELS'): ChannelConfig[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error(`${source} 不是合法的 JSON：${(error as Error).message}`);
  }
  const parsed = channelsSchema(env).safeParse(value);
  if (!parsed.success) {
    throw new Error(`${source} 配置有误：${parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${pathText(issue.path)}: ${issue.message}` : issue.message)).join('；')}`);
  }
  return parsed.data.map((channel) => ({
    id: channel.id,
    kind: channel.kind,
    models: channel.models,
    priority: channel.priority,
    weight: channel.weight,
    ...(channel.kind === 'offline' ? {} : { baseUrl: channel.baseUrl!.replace(/\/+$/, ''), apiKeyEnv: channel.apiKeyEnv! }),
    ...(channel.upstreamModels ? { upstreamModels: channel.upstreamModels } : {}),
    ...(channel.maxTokensField ? { maxTokensField: channel.maxTokensField } : {}),
  }));
}

/** The adapter of a real channel, its key read from the environment variable the channel names. */
export function adapterFor(channel: ChannelConfig, env: Env, transport: SseTransportOptions = {}): UpstreamAdapter {
  const apiKey = channel.apiKeyEnv ? env[channel.apiKeyEnv]?.trim() : undefined;
  if (channel.kind === 'offline') throw new Error(`channel ${channel.id} is offline: the router answers it with its offline adapter`);
  if (!channel.baseUrl || !apiKey) throw new Error(`channel ${channel.id} has no baseUrl or no key in ${channel.apiKeyEnv ?? '(apiKeyEnv unset)'}`);
  const options = { ...transport, baseUrl: channel.baseUrl, apiKey };
  return channel.kind === 'anthropic' ? new AnthropicAdapter(options) : new OpenAiCompatibleAdapter({ ...options, maxTokensField: channel.maxTokensField });
}
