import { z } from 'zod';
import { parseChannelList } from '../../../providerChannels.js';
import { VIDEO_MODEL_OPTIONS, VIDEO_MODELS } from '../models.js';
import { OfflineVideoGenerator } from './offline/offlineVideo.js';
import { OpenAiVideosProvider } from './openaiVideos.js';
import type { VideoProvider } from './provider.js';
import { TaskRelayProvider } from './taskRelay.js';
import type { HttpVideoOptions } from './upstream.js';

export * from './provider.js';

type Env = Record<string, string | undefined>;

export const VIDEO_CHANNEL_KINDS = ['openai-videos', 'task-relay'] as const;
export type VideoChannelKind = (typeof VIDEO_CHANNEL_KINDS)[number];

export interface VideoChannel {
  id: string;
  kind: VideoChannelKind;
  /** No trailing slash. */
  baseUrl: string;
  apiKeyEnv: string;
  /** Catalogue model ids (the 视频 level) this channel makes. */
  models: string[];
  upstreamModels: Record<string, string>;
}

const typed = (what: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? '必填' : `必须是${what}`) });
const text = () => z.string(typed('文字')).trim().min(1, '不能为空');

/** The call a model is submitted with decides the channel kind it needs: Sora's through OpenAI's Videos API, the rest through a task relay. */
const KIND_OF_CALL = { createSoraTask: 'openai-videos', createTask: 'task-relay' } as const;

function channelSchema(env: Env) {
  return z
    .strictObject(
      {
        id: text(),
        kind: z.enum(VIDEO_CHANNEL_KINDS, { error: `必须是 ${VIDEO_CHANNEL_KINDS.join('、')} 之一` }),
        baseUrl: text(),
        apiKeyEnv: text(),
        models: z.array(text(), typed('模型 id 的数组')).min(1, '至少要列出一个模型'),
        upstreamModels: z.record(z.string(), text(), typed('对象（目录模型 id → 上游模型名）')).optional(),
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
      if (!/^https?:\/\/[^/\s]+/i.test(channel.baseUrl) || !URL.canParse(channel.baseUrl)) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: '必须是 http:// 或 https:// 开头的地址' });
      if (!env[channel.apiKeyEnv]?.trim()) ctx.addIssue({ code: 'custom', path: ['apiKeyEnv'], message: `环境变量 ${channel.apiKeyEnv} 没有设置` });
      channel.models.forEach((model, index) => {
        const options = VIDEO_MODEL_OPTIONS[model];
        if (!options) ctx.addIssue({ code: 'custom', path: ['models', index], message: `"${model}" 不是视频模型（可用：${VIDEO_MODELS.join('、')}）` });
        else if (KIND_OF_CALL[options.api] !== channel.kind) ctx.addIssue({ code: 'custom', path: ['models', index], message: `${model} 需要 ${KIND_OF_CALL[options.api]} 通道` });
      });
      for (const key of Object.keys(channel.upstreamModels ?? {})) {
        if (!channel.models.includes(key)) ctx.addIssue({ code: 'custom', path: ['upstreamModels', key], message: '不在本通道的 models 里' });
      }
    });
}

/** Reads VIDEO_CHANNELS (a JSON array, README.md of the module). Throws one Error naming every bad field, so a broken configuration stops the server. */
export function parseVideoChannels(json: string, env: Env, source = 'VIDEO_CHANNELS'): VideoChannel[] {
  return parseChannelList(json, channelSchema(env), source, '视频');
}

export interface VideoProviderChoice {
  provider: VideoProvider;
  /** The name the provider knows the model by. */
  upstreamModel: string;
  /** The offline generator answers: the task is labelled 离线演示. */
  offline: boolean;
}

export interface VideoProviderSource {
  providerFor(model: string): VideoProviderChoice;
}

interface Log {
  warn(message: string): void;
}

/**
 * The provider of each video model: its VIDEO_CHANNELS channel, or the offline generator when it
 * has none. `channelsJson` undefined or empty: every model is made offline.
 */
export function createVideoProviders(deps: { channelsJson: string | undefined; env: Env; log?: Log; transport?: Partial<HttpVideoOptions> }): VideoProviderSource & { channels: readonly VideoChannel[] } {
  const channels = deps.channelsJson?.trim() ? parseVideoChannels(deps.channelsJson, deps.env) : [];
  const offline = new OfflineVideoGenerator();
  const byModel = new Map<string, VideoProviderChoice>();
  for (const channel of channels) {
    const options = { ...deps.transport, baseUrl: channel.baseUrl, apiKey: deps.env[channel.apiKeyEnv]!.trim() };
    const provider = channel.kind === 'openai-videos' ? new OpenAiVideosProvider(options) : new TaskRelayProvider(options);
    for (const model of channel.models) byModel.set(model, { provider, upstreamModel: channel.upstreamModels[model] ?? model, offline: false });
  }
  const withoutChannel = VIDEO_MODELS.filter((model) => !byModel.has(model));
  if (withoutChannel.length > 0) deps.log?.warn(`video models without a channel (VIDEO_CHANNELS) are made by the offline generator (离线演示): ${withoutChannel.join(', ')}`);
  return { channels, providerFor: (model) => byModel.get(model) ?? { provider: offline, upstreamModel: model, offline: true } };
}
