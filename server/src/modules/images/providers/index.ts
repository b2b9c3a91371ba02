import type { ImageTaskKind } from '@qiming/contracts';
import { z } from 'zod';
import { parseChannelList } from '../../../providerChannels.js';
import { MidjourneyProxyProvider } from './midjourneyProxy.js';
import { OfflinePainter } from './offline/offlinePainter.js';
import { OpenAiImagesProvider } from './openaiImages.js';
import type { ImageProvider } from './provider.js';
import { SdWebuiProvider } from './sdWebui.js';
import type { HttpProviderOptions } from './upstream.js';

export * from './provider.js';
export { OfflinePainter } from './offline/offlinePainter.js';

type Env = Record<string, string | undefined>;

export const IMAGE_CHANNEL_KINDS = ['openai-images', 'sd-webui', 'midjourney-proxy'] as const;
export type ImageChannelKind = (typeof IMAGE_CHANNEL_KINDS)[number];

export interface ImageChannel {
  id: string;
  kind: ImageChannelKind;
  /** No trailing slash. */
  baseUrl: string;
  apiKeyEnv: string;
  /** Catalogue model ids (the 绘画 level) this channel draws. */
  models: string[];
  upstreamModels: Record<string, string>;
}

const MJ_KINDS: ImageTaskKind[] = ['imagine', 'action', 'blend', 'describe', 'swapFace'];
const SD_KINDS: ImageTaskKind[] = ['txt2img', 'img2img'];

/** What each image model of the catalogue offers on the page (the offline painter can do them all). */
export const MODEL_KINDS: Readonly<Record<string, readonly ImageTaskKind[]>> = {
  'gpt-4o-image': SD_KINDS,
  'dall-e-3': ['txt2img'],
  'kontext-pro': SD_KINDS,
  'mj-chat': MJ_KINDS,
  flux: SD_KINDS,
  'stable-diffusion': SD_KINDS,
};
export const IMAGE_MODELS = Object.keys(MODEL_KINDS);

const typed = (what: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? '必填' : `必须是${what}`) });
const text = () => z.string(typed('文字')).trim().min(1, '不能为空');

function channelSchema(env: Env) {
  return z
    .strictObject(
      {
        id: text(),
        kind: z.enum(IMAGE_CHANNEL_KINDS, { error: `必须是 ${IMAGE_CHANNEL_KINDS.join('、')} 之一` }),
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
        const kinds = MODEL_KINDS[model];
        if (!kinds) ctx.addIssue({ code: 'custom', path: ['models', index], message: `"${model}" 不是绘画模型（可用：${IMAGE_MODELS.join('、')}）` });
        else if (!kinds.some((kind) => providerSupports(channel.kind, kind))) ctx.addIssue({ code: 'custom', path: ['models', index], message: `${channel.kind} 通道不能提供 ${model} 的功能` });
      });
      for (const key of Object.keys(channel.upstreamModels ?? {})) {
        if (!channel.models.includes(key)) ctx.addIssue({ code: 'custom', path: ['upstreamModels', key], message: '不在本通道的 models 里' });
      }
    });
}

function providerSupports(kind: ImageChannelKind, task: ImageTaskKind): boolean {
  return kind === 'midjourney-proxy' ? MJ_KINDS.includes(task) : SD_KINDS.includes(task);
}

/**
 * Reads IMAGE_CHANNELS (a JSON array, README.md next to this file). Throws one Error naming every
 * bad field by its path, so a broken configuration stops the server at startup.
 */
export function parseImageChannels(json: string, env: Env, source = 'IMAGE_CHANNELS'): ImageChannel[] {
  return parseChannelList(json, channelSchema(env), source, '绘画');
}

export interface ProviderChoice {
  provider: ImageProvider;
  /** The name the provider knows the model by (ImageJob.upstreamModel). */
  upstreamModel: string;
  /** The offline painter answers: the task is labelled 离线演示. */
  offline: boolean;
}

export interface ImageProviders {
  providerFor(model: string): ProviderChoice;
  /** The task kinds the model offers: its catalogue kinds that its provider runs. */
  kindsFor(model: string): ImageTaskKind[];
  channels: readonly ImageChannel[];
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

function providerOf(channel: ImageChannel, env: Env, transport: Partial<HttpProviderOptions>): ImageProvider {
  const options = { ...transport, baseUrl: channel.baseUrl, apiKey: env[channel.apiKeyEnv]!.trim() };
  switch (channel.kind) {
    case 'openai-images':
      return new OpenAiImagesProvider(options);
    case 'sd-webui':
      return new SdWebuiProvider(options);
    case 'midjourney-proxy':
      return new MidjourneyProxyProvider(options);
  }
}

/**
 * The provider of each image model: its IMAGE_CHANNELS channel, or the offline painter when it has
 * none. `channelsJson` undefined or empty: every model is drawn offline.
 */
export function createImageProviders(deps: { channelsJson: string | undefined; env: Env; log?: Log; source?: string; transport?: Partial<HttpProviderOptions> }): ImageProviders {
  const channels = deps.channelsJson?.trim() ? parseImageChannels(deps.channelsJson, deps.env, deps.source) : [];
  const painter = new OfflinePainter();
  const byModel = new Map<string, ProviderChoice>();
  for (const channel of channels) {
    const provider = providerOf(channel, deps.env, deps.transport ?? {});
    for (const model of channel.models) byModel.set(model, { provider, upstreamModel: channel.upstreamModels[model] ?? model, offline: false });
  }
  const offline = IMAGE_MODELS.filter((model) => !byModel.has(model));
  if (offline.length > 0) deps.log?.warn(`image models without a channel (IMAGE_CHANNELS) are drawn by the offline painter (离线演示): ${offline.join(', ')}`);

  const providerFor = (model: string): ProviderChoice => byModel.get(model) ?? { provider: painter, upstreamModel: model, offline: true };
  return {
    channels,
    providerFor,
    kindsFor: (model) => {
      const { provider } = providerFor(model);
      return (MODEL_KINDS[model] ?? SD_KINDS).filter((kind) => provider.supports(kind));
    },
  };
}
