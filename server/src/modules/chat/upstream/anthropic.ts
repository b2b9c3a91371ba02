import { streamSse, type SseTransportOptions } from './sseRequest.js';
import { UpstreamError, type UpstreamAdapter, type UpstreamEvent, type UpstreamMessage, type UpstreamRequest } from './types.js';
import { INPUT_REJECTED_MESSAGE, inStreamError, parseChunk } from './upstreamErrors.js';
import { withUsage } from './usage.js';

export interface AnthropicOptions extends SseTransportOptions {
  /** e.g. https://api.anthropic.com/v1 */
  baseUrl: string;
  apiKey: string;
  anthropicVersion?: string;
  /**
   * Thinking budget of think models (default: half of the output limit, so the answer keeps the
   * other half). Capped below the output limit; thinking stays off when less than Anthropic's
   * minimum of 1024 tokens remains.
   */
  thinkingBudgetTokens?: number;
}

export const MIN_THINKING_BUDGET = 1024;

type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}

/** The arguments' JSON text as a tool_use block's `input` object ({} when the model wrote no valid object). */
function toolInput(json: string): unknown {
  try {
    const value: unknown = JSON.parse(json || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * A message as content blocks: the images first (Anthropic's advice), then the text; an assistant
 * turn of the tool loop ends with its tool_use blocks, a tool result is a tool_result block (of a user turn).
 */
function blocksOf(message: UpstreamMessage): AnthropicBlock[] {
  if (message.role === 'tool') {
    return [{ type: 'tool_result', tool_use_id: message.toolCallId ?? '', content: message.content, ...(message.toolError ? { is_error: true } : {}) }];
  }
  const images = (message.images ?? []).map((image): AnthropicBlock => ({ type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } }));
  const toolUses = (message.toolCalls ?? []).map((call): AnthropicBlock => ({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call.arguments) }));
  return [...images, ...(message.content.trim() === '' ? [] : [{ type: 'text' as const, text: message.content }]), ...toolUses];
}

const asBlocks = (content: AnthropicMessage['content']): AnthropicBlock[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : content);

/**
 * Anthropic's shape of a conversation: system text at the top level, and strictly alternating
 * turns (consecutive messages of one role are joined). Empty messages (an answer stopped before
 * its first word) are dropped: the API refuses empty content. A message with images or tool
 * blocks becomes content blocks (tool results are a user turn); text-only turns stay plain strings.
 */
export function toAnthropicConversation(messages: readonly UpstreamMessage[]): { system?: string; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const turns: AnthropicMessage[] = [];
  for (const message of messages) {
    const needsBlocks = (message.images?.length ?? 0) > 0 || (message.toolCalls?.length ?? 0) > 0 || message.role === 'tool';
    if (message.content.trim() === '' && !needsBlocks) continue;
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    const role = message.role === 'tool' ? 'user' : message.role;
    const last = turns.at(-1);
    if (last?.role !== role) turns.push({ role, content: needsBlocks ? blocksOf(message) : message.content });
    else if (typeof last.content === 'string' && !needsBlocks) last.content += `\n\n${message.content}`;
    else last.content = [...asBlocks(last.content), ...blocksOf(message)];
  }
  return system.length > 0 ? { system: system.join('\n\n'), messages: turns } : { messages: turns };
}

/** Overloaded or broken upstream: another channel may answer. Input, key or model problems: no. */
const FAILOVER_ERROR_TYPES = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'timeout_error']);
const INPUT_ERROR_TYPES = new Set(['invalid_request_error', 'request_too_large']);

function streamErrorOf(error: unknown): UpstreamError {
  const type = error && typeof error === 'object' ? (error as { type?: unknown }).type : undefined;
  const failover = typeof type !== 'string' || FAILOVER_ERROR_TYPES.has(type);
  return inStreamError(error, typeof type === 'string' && INPUT_ERROR_TYPES.has(type) ? { failover, userMessage: INPUT_REJECTED_MESSAGE } : { failover });
}

/** Input tokens of an Anthropic usage object: uncached, written to and read from the prompt cache alike. */
function inputTokensOf(usage: Record<string, unknown>): number | undefined {
  const fields = ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'].map((name) => usage[name]).filter((v): v is number => typeof v === 'number');
  return fields.length > 0 ? fields.reduce((a, b) => a + b, 0) : undefined;
}

const reportsUsage = (usage: Record<string, unknown>) => inputTokensOf(usage) !== undefined || typeof usage.output_tokens === 'number';

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * Thinking stays on for a think model, except in a round that carries tool results: Anthropic then
 * wants the earlier round's signed thinking blocks sent back, which the gateway does not keep.
 */
const thinks = (request: UpstreamRequest) => request.think && !request.messages.some((message) => message.role === 'tool');

/** Streams the Messages API (`POST {baseUrl}/messages`, `stream: true`). */
export class AnthropicAdapter implements UpstreamAdapter {
  readonly kind = 'anthropic' as const;

  constructor(private readonly options: AnthropicOptions) {}

  stream(request: UpstreamRequest): AsyncIterable<UpstreamEvent> {
    return withUsage(this.events(request), request);
  }

  private thinkingBudget(maxTokens: number): number {
    return Math.min(this.options.thinkingBudgetTokens ?? Math.floor(maxTokens / 2), maxTokens - 1);
  }

  private async *events(request: UpstreamRequest): AsyncGenerator<UpstreamEvent> {
    const budget = this.thinkingBudget(request.maxOutputTokens);
    const sse = streamSse(
      {
        url: `${this.options.baseUrl.replace(/\/+$/, '')}/messages`,
        headers: { 'x-api-key': this.options.apiKey, 'anthropic-version': this.options.anthropicVersion ?? '2023-06-01' },
        body: {
          model: request.model,
          max_tokens: request.maxOutputTokens,
          ...toAnthropicConversation(request.messages),
          stream: true,
          ...(thinks(request) && budget >= MIN_THINKING_BUDGET ? { thinking: { type: 'enabled', budget_tokens: budget } } : {}),
          ...(request.tools?.length
            ? {
                tools: request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
                ...(request.toolChoice === 'none' ? { tool_choice: { type: 'none' } } : {}),
              }
            : {}),
        },
        signal: request.signal,
      },
      this.options,
    );
    /** Tool-use blocks by content block index; `index` numbers the tool calls 0, 1, … */
    const toolBlocks = new Map<number, { index: number; id: string; name: string; arguments: string }>();
    let inputTokens = 0;
    let outputTokens = 0;

    for await (const message of sse) {
      const event = parseChunk(message.data);
      switch (event.type) {
        case 'message_start': {
          const usage = asRecord(asRecord(event.message).usage);
          if (reportsUsage(usage)) {
            inputTokens = inputTokensOf(usage) ?? inputTokens;
            if (typeof usage.output_tokens === 'number') outputTokens = usage.output_tokens;
            yield { type: 'usage', inputTokens, outputTokens };
          }
          break;
        }
        case 'content_block_start': {
          const block = asRecord(event.content_block);
          if (block.type === 'tool_use' && typeof event.index === 'number') {
            const call = { index: toolBlocks.size, id: String(block.id ?? ''), name: String(block.name ?? ''), arguments: '' };
            toolBlocks.set(event.index, call);
            yield { type: 'toolCall', ...call };
          }
          break;
        }
        case 'content_block_delta': {
          const delta = asRecord(event.delta);
          if (delta.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== '') yield { type: 'content', text: delta.text };
          else if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string' && delta.thinking !== '') yield { type: 'reasoning', text: delta.thinking };
          else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
            const call = typeof event.index === 'number' ? toolBlocks.get(event.index) : undefined;
            if (call && delta.partial_json !== '') {
              call.arguments += delta.partial_json;
              yield { type: 'toolCall', ...call };
            }
          }
          // signature_delta (thinking integrity) and citations_delta carry nothing the gateway shows.
          break;
        }
        case 'message_delta': {
          const usage = asRecord(event.usage);
          if (reportsUsage(usage)) {
            // output_tokens is cumulative; newer API versions repeat the input counts here.
            inputTokens = Math.max(inputTokens, inputTokensOf(usage) ?? 0);
            if (typeof usage.output_tokens === 'number') outputTokens = usage.output_tokens;
            yield { type: 'usage', inputTokens, outputTokens };
          }
          break;
        }
        case 'message_stop':
          return;
        case 'error':
          throw streamErrorOf(event.error);
        default:
          // ping, content_block_stop and event types added after this was written
          break;
      }
    }

    if (!request.signal.aborted) throw new UpstreamError('upstream stream ended before message_stop', { failover: true });
  }
}
