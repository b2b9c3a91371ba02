import { z } from 'zod';

/** What every media channel list has: an id and the catalogue models it serves. */
interface ChannelBase {
  id: string;
  baseUrl: string;
  models: string[];
  upstreamModels?: Record<string, string>;
}

const pathText = (path: readonly PropertyKey[]) => path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');

/**
 * Reads a media channel list (IMAGE_CHANNELS, VIDEO_CHANNELS: a JSON array) with the module's own
 * channel schema; ids are unique and a model has one channel. Throws one Error naming every bad
 * field by its path, so a broken configuration stops the server at startup. Base URLs lose their
 * trailing slashes; `upstreamModels` defaults to none.
 */
export function parseChannelList<C extends ChannelBase>(json: string, channel: z.ZodType<C>, source: string, modelKind: string): Array<C & { upstreamModels: Record<string, string> }> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error(`${source} 不是合法的 JSON：${(error as Error).message}`);
  }
  const list = z.array(channel, '必须是通道数组').superRefine((channels, ctx) => {
    const ids = new Map<string, number>();
    const models = new Map<string, number>();
    channels.forEach((item, index) => {
      const earlier = ids.get(item.id);
      if (earlier === undefined) ids.set(item.id, index);
      else ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `与第 ${earlier} 项的 id "${item.id}" 重复` });
      item.models.forEach((model, m) => {
        const owner = models.get(model);
        if (owner === undefined) models.set(model, index);
        else if (owner !== index) ctx.addIssue({ code: 'custom', path: [index, 'models', m], message: `模型 ${model} 已由第 ${owner} 项提供（每个${modelKind}模型只能有一个通道）` });
      });
    });
  });
  const parsed = list.safeParse(value);
  if (!parsed.success) {
    throw new Error(`${source} 配置有误：${parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${pathText(issue.path)}: ${issue.message}` : issue.message)).join('；')}`);
  }
  return parsed.data.map((item) => ({ ...item, baseUrl: item.baseUrl.replace(/\/+$/, ''), upstreamModels: item.upstreamModels ?? {} }));
}
