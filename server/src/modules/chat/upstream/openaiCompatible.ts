import type { Reference } from '@qiming/contracts';
import { streamSse, type SseTransportOptions } from './sseRequest.js';
import { UpstreamError, type UpstreamAdapter, type UpstreamEvent, type UpstreamMessage, type UpstreamRequest } from './types.js';
import { inStreamError, parseChunk } from './upstreamErrors.js';
import { withUsage } from './usage.js';

export interface OpenAiCompatibleOptions extends SseTransportOptions {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey: string;
  /** See ChannelConfig.maxTokensField. */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
}

interface ChunkDelta {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
  tool_calls?: unknown;
}

interface ToolCallDelta {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

type OpenAiContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

type OpenAiMessage =
  | { role: UpstreamMessage['role']; content: string | OpenAiContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> }
  | { role: 'tool'; tool_call_id: string; content: string };

/**
 * A message as Chat Completions takes it: plain text, or text and images as content parts (data
 * URLs); an assistant turn of the tool loop with its `tool_calls`, a tool result as a `tool` message.
 */
export function toOpenAiMessage(message: UpstreamMessage): OpenAiMessage {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content };
  if (message.role === 'assistant' && message.toolCalls?.length) {
    return {
      role: 'assistant',
      content: message.content || null,
      tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments || '{}' } })),
    };
  }
  if (!message.images?.length) return { role: message.role, content: message.content };
  return {
    role: message.role,
    content: [
      { type: 'text', text: message.content },
      ...message.images.map((image): OpenAiContentPart => ({ type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${image.data}` } })),
    ],
  };
}

function hostName(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/**
 * Streams Chat Completions (`POST {baseUrl}/chat/completions`, `stream: true`) from OpenAI or any
 * service that speaks its wire format: DeepSeek (`reasoning_content`), OpenRouter (`reasoning`),
 * Perplexity (`citations`), and the many gateways in between.
 */
export class OpenAiCompatibleAdapter implements UpstreamAdapter {
  readonly kind = 'openai-compatible' as const;

  constructor(private readonly options: OpenAiCompatibleOptions) {}

  stream(request: UpstreamRequest): AsyncIterable<UpstreamEvent> {
    return withUsage(this.events(request), request);
  }

  private async *events(request: UpstreamRequest): AsyncGenerator<UpstreamEvent> {
    const sse = streamSse(
      {
        url: `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        body: {
          model: request.model,
          messages: request.messages.map(toOpenAiMessage),
          stream: true,
          stream_options: { include_usage: true },
          [this.options.maxTokensField ?? 'max_tokens']: request.maxOutputTokens,
          ...(request.tools?.length
            ? {
                tools: request.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })),
                ...(request.toolChoice === 'none' ? { tool_choice: 'none' } : {}),
              }
            : {}),
        },
        signal: request.signal,
      },
      this.options,
    );
    const toolCalls = new Map<number, { id: string; name: string; arguments: string }>();
    const citations: string[] = [];
    let finished = false;

    for await (const message of sse) {
      const data = message.data.trim();
      if (data === '[DONE]') return;
      if (data === '') continue;
      const chunk = parseChunk(data);
      if (chunk.error !== undefined && chunk.error !== null) throw inStreamError(chunk.error);

      // Perplexity repeats the whole list on every chunk; the [n] markers in the text are 1-based positions in it.
      if (Array.isArray(chunk.citations)) {
        const added: Reference[] = [];
        for (const url of chunk.citations) {
          if (typeof url !== 'string' || citations.includes(url)) continue;
          citations.push(url);
          added.push({ id: String(citations.length), title: hostName(url), url });
        }
        if (added.length > 0) yield { type: 'references', references: added };
      }

      const choice = Array.isArray(chunk.choices) ? (chunk.choices[0] as { delta?: ChunkDelta; finish_reason?: unknown } | undefined) : undefined;
      const delta = choice?.delta ?? {};
      const reasoning = nonEmptyString(delta.reasoning_content) ? delta.reasoning_content : delta.reasoning;
      if (nonEmptyString(reasoning)) yield { type: 'reasoning', text: reasoning };
      if (nonEmptyString(delta.content)) yield { type: 'content', text: delta.content };
      if (Array.isArray(delta.tool_calls)) {
        for (const part of delta.tool_calls as ToolCallDelta[]) {
          const index = typeof part.index === 'number' ? part.index : 0;
          const call = toolCalls.get(index) ?? { id: '', name: '', arguments: '' };
          if (nonEmptyString(part.id)) call.id = part.id;
          if (nonEmptyString(part.function?.name)) call.name = part.function.name;
          if (nonEmptyString(part.function?.arguments)) call.arguments += part.function.arguments;
          toolCalls.set(index, call);
          yield { type: 'toolCall', index, ...call };
        }
      }
      if (nonEmptyString(choice?.finish_reason)) finished = true;

      const usage = chunk.usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | null | undefined;
      if (usage && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number') {
        yield { type: 'usage', inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens };
      }
    }

    // A body that ended without [DONE] is complete only if the model said why it stopped.
    if (!finished && !request.signal.aborted) throw new UpstreamError('upstream stream ended before [DONE]', { failover: true });
  }
}
