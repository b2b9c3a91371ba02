import type { Reference } from '@qiming/contracts';

/**
 * The contract between the chat gateway and whatever produces an answer: an OpenAI-compatible or
 * Anthropic upstream, or the embedded offline model. An adapter turns one request into a stream
 * of events; the channel router picks the adapter (and fails over before the first event).
 */

/** An image the user uploaded, sent with a user message to a model that sees images. */
export interface UpstreamImage {
  /** image/png, image/jpeg, image/webp or image/gif: what both upstream kinds accept. */
  mediaType: string;
  /** The bytes, base64. */
  data: string;
}

export interface UpstreamMessage {
  /** `tool`: the result of one tool call the previous assistant message made (`toolCallId`). */
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** Images that go with the text (a user message to a model that sees images); absent otherwise. */
  images?: UpstreamImage[];
  /** The tool calls an assistant message made (a round of the tool loop). */
  toolCalls?: UpstreamToolCall[];
  /** Which call a `tool` message answers. */
  toolCallId?: string;
  /** A `tool` message whose call failed (Anthropic marks the result `is_error`). */
  toolError?: boolean;
}

/** A tool call as the model made it: its id, the tool's name and the arguments' JSON text. */
export interface UpstreamToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A tool the model may call (chat/tools/types.ts ToolSpec, as the wire formats need it). */
export interface UpstreamTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

export interface UpstreamRequest {
  /** The model name the upstream knows (the channel's `upstreamModel`, else the catalogue id). */
  model: string;
  /** The catalogue id the user chose (the offline model adapts its answer to it). */
  catalogueModel: string;
  /** System first (at most one), then alternating history, the new user message last. */
  messages: UpstreamMessage[];
  /** The model shows its reasoning (catalogue `think`). */
  think: boolean;
  /** The model searches the web (catalogue `web`, or the request's search switch). */
  webSearch: boolean;
  /** Upper bound on output tokens (what the points hold covers). */
  maxOutputTokens: number;
  /** Aborted when the user stops or the job is torn down: the adapter stops reading at once. */
  signal: AbortSignal;
  /** An agent answers: the offline model speaks as it (its system prompt already goes upstream in `messages`). */
  persona?: { name: string; starterQuestions: readonly string[] };
  /** A knowledge base was asked: the offline model answers by quoting these passages; a real upstream reads them in the system message. */
  knowledge?: KnowledgeSources;
  /** Tools the model may call this round (the selected extensions'); absent or empty: none. */
  tools?: UpstreamTool[];
  /** `none`: the tools are described (earlier rounds used them) but the model must answer now. */
  toolChoice?: 'auto' | 'none';
}

/** A knowledge base's passages for one question, numbered from 1 in order (as the answer's references are). */
export interface KnowledgeSources {
  /** The base's title; for web results (`kind: 'web'`) the query. */
  title: string;
  /** `web`: the passages are web search results (the offline model says so), not a knowledge base's; `document`: one document of a document chat (/pdfChatPage), `title` its name. */
  kind?: 'knowledge' | 'web' | 'document';
  /** `page` / `pageEnd`: where a PDF's passage is (1-based). */
  passages: ReadonlyArray<{ documentName: string; text: string; page?: number | null; pageEnd?: number | null }>;
}

export type UpstreamEvent =
  /** Thinking text of a reasoning model (delta). */
  | { type: 'reasoning'; text: string }
  /** Answer text (delta). */
  | { type: 'content'; text: string }
  /** A progress line such as "正在搜索：…" (replaces, never appends; see PROGRESS_PREFIXES). */
  | { type: 'progress'; text: string }
  /** Web sources (web models); may come more than once, later lists add to earlier ones. */
  | { type: 'references'; references: Reference[] }
  /** Suggested next questions (usually three), sent once near the end. */
  | { type: 'followUps'; questions: string[] }
  /** A tool call the model wants (OpenAI tool_calls, Anthropic tool_use), accumulated: the full arguments so far. */
  | { type: 'toolCall'; index: number; id: string; name: string; arguments: string }
  /** Token usage so far, as totals: the last usage event of a stream is the final one. */
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  /**
   * The offline model's malformed-chunk fault: the gateway sends one frame the client cannot parse
   * (the client's 700 "data parse error" path). Real adapters never emit it.
   */
  | { type: 'malformedChunk' };

/** Why an upstream call failed; `failover` says whether another channel may be tried. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly options: {
      /** HTTP status from the upstream, if any. */
      status?: number;
      /** 429, 5xx, network errors, timeouts: another channel may answer. 4xx caused by the input: no. */
      failover: boolean;
      /** Text for the user (Chinese) when it should differ from the generic failure message. */
      userMessage?: string;
    },
  ) {
    super(message);
    this.name = 'UpstreamError';
  }

  get failover(): boolean {
    return this.options.failover;
  }

  get status(): number | undefined {
    return this.options.status;
  }
}

export interface UpstreamAdapter {
  readonly kind: ChannelKind;
  /**
   * Streams one answer. Throws (or the iterator throws) UpstreamError for upstream failures; stops
   * without error when `request.signal` aborts. When the upstream reports no usage the adapter
   * counts tokens itself (countTokens) and still emits a final usage event.
   */
  stream(request: UpstreamRequest): AsyncIterable<UpstreamEvent>;
}

export type ChannelKind = 'openai-compatible' | 'anthropic' | 'offline';

/** One configured way to reach models (CHAT_CHANNELS). */
export interface ChannelConfig {
  /** Unique name, used in logs and cool-down bookkeeping. */
  id: string;
  kind: ChannelKind;
  /** Catalogue model ids this channel serves; '*' serves every model. */
  models: string[];
  /** e.g. https://api.openai.com/v1 (the adapter appends /chat/completions or /messages). */
  baseUrl?: string;
  /** Name of the environment variable that holds the API key (keys never live in config files). */
  apiKeyEnv?: string;
  /** Upstream model name per catalogue id; missing ids are sent as they are. */
  upstreamModels?: Record<string, string>;
  /** Lower is tried first. Default 0. */
  priority: number;
  /** Share of traffic among channels of equal priority. Default 1. */
  weight: number;
  /**
   * The output limit's field name (openai-compatible only): `max_tokens` (default, what most
   * compatible services read) or `max_completion_tokens` (OpenAI itself; its o-series refuses max_tokens).
   */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
}
