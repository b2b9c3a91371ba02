import { parseFollowUps } from './followUps';
import type { ToolCallRecord } from '@qiming/contracts';
import { STREAM_CODES, type CompletedAnswer, type ConversationIds, type StreamChunk, type StreamHandlers } from './types';

/** How a message ended the stream, if it did. */
export type ChunkEnd = { status: 'done' } | Cancelled;
type Cancelled = { status: 'cancelled'; code: number; message: string };

export const PARSE_ERROR = { status: 'cancelled', code: STREAM_CODES.parseError, message: 'data parse error' } as const;

const CHUNK_TYPES: readonly unknown[] = ['ping', 'follow_up', 'normal'];
const TOOL_CALL_STATUSES: readonly unknown[] = ['running', 'done', 'failed', 'skipped'];

/** The chunk in an SSE data payload, or null when it is not JSON of the chunk's shape. */
export function parseChunk(data: string): StreamChunk | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return isChunk(value) ? value : null;
}

function isChunk(value: unknown): value is StreamChunk {
  if (!isRecord(value)) return false;
  const { seq, code, error, title, type, choices, convId, convGroupId, parentConvId, references, answerComplete, createTime, toolCalls } = value;
  return (
    isAbsentOr(seq, 'number') &&
    isAbsentOr(code, 'number') &&
    isAbsentOr(error, 'string') &&
    isAbsentOr(title, 'string') &&
    (type == null || CHUNK_TYPES.includes(type)) &&
    (choices == null || (Array.isArray(choices) && choices.every(isChoice))) &&
    [convId, convGroupId, parentConvId].every((id) => isAbsentOr(id, 'string') || isAbsentOr(id, 'number')) &&
    (references == null || (Array.isArray(references) && references.every(isReference))) &&
    isAbsentOr(answerComplete, 'boolean') &&
    isAbsentOr(createTime, 'string') &&
    (toolCalls == null || Array.isArray(toolCalls))
  );
}

/** A tool call record the page can show; others in the list are skipped rather than failing the whole answer. */
function isToolCall(call: unknown): call is ToolCallRecord {
  if (!isRecord(call)) return false;
  const { id, mcpName, showName, tool, arguments: args, status, result, seconds } = call;
  return (
    [id, mcpName, showName, tool, args].every((field) => typeof field === 'string') &&
    TOOL_CALL_STATUSES.includes(status) &&
    isAbsentOr(result, 'string') &&
    isAbsentOr(seconds, 'number')
  );
}

function isReference(reference: unknown): boolean {
  return isRecord(reference) && typeof reference.url === 'string' && isAbsentOr(reference.title, 'string');
}

function isChoice(choice: unknown): boolean {
  if (!isRecord(choice)) return false;
  const { delta } = choice;
  return delta == null || (isRecord(delta) && isAbsentOr(delta.content, 'string') && isAbsentOr(delta.reasoning_content, 'string'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsentOr(value: unknown, type: 'string' | 'number' | 'boolean'): boolean {
  return value == null || typeof value === type;
}

/** Turns the chunks of one generation into handler calls; its state outlives reconnect attempts. */
export class ChunkReader {
  readonly ids: ConversationIds = {};
  title?: string;
  /** A chunk arrived, so the server has started the generation. */
  started = false;
  /** Content reached onDelta. */
  hasContent = false;
  /** The sequence number of the last chunk read (the gateway numbers them): where a resume starts. */
  lastSeq = 0;
  /** The chunk completing the answer arrived: later chunks can only add to it (follow-ups). */
  answerComplete = false;

  constructor(private readonly handlers: StreamHandlers) {}

  /** One SSE message (event name and data). */
  readMessage(event: string, data: string): ChunkEnd | undefined {
    if (event === 'done' || data.trim() === '[DONE]') return { status: 'done' };
    // Comment-only frames (keep-alives) arrive as empty messages; unknown event names are not chunks.
    if ((event !== '' && event !== 'message') || data === '') return undefined;
    const chunk = parseChunk(data);
    if (!chunk) return PARSE_ERROR;
    return this.read(chunk);
  }

  read(chunk: StreamChunk): ChunkEnd | undefined {
    this.started = true;
    if (typeof chunk.seq === 'number' && chunk.seq > this.lastSeq) this.lastSeq = chunk.seq;
    this.adoptIds(chunk);
    // After a complete answer an error only ends the stream (an instance that died while asking for follow-ups).
    if (chunk.code) return this.answerComplete ? { status: 'done' } : { status: 'cancelled', code: chunk.code, message: chunk.error ?? '' };
    const { title } = chunk;
    if (title && title !== this.title) {
      this.title = title;
      this.call(() => this.handlers.onTitle?.(title));
    }
    const delta = chunk.choices?.[0]?.delta;
    const content = delta?.content ?? '';
    const reasoning = delta?.reasoning_content ?? '';
    if (reasoning !== '') {
      this.hasContent = true;
      this.call(() => this.handlers.onReasoning?.(reasoning));
    }
    const references = chunk.references;
    if (references && references.length > 0) this.call(() => this.handlers.onReferences?.(references));
    const toolCalls = chunk.toolCalls?.filter(isToolCall) ?? [];
    if (toolCalls.length > 0) this.call(() => this.handlers.onToolCalls?.(toolCalls));
    if (chunk.offlineDemo) this.call(() => this.handlers.onOfflineDemo?.());
    if (chunk.type === 'ping') {
      this.call(() => this.handlers.onPing?.(content));
    } else if (chunk.type === 'follow_up') {
      const list = parseFollowUps(content);
      if (list.length > 0) this.call(() => this.handlers.onFollowUps?.(list));
    } else if (content !== '') {
      this.hasContent = true;
      this.call(() => this.handlers.onDelta?.(content, chunk));
    }
    if (chunk.answerComplete && !this.answerComplete) this.complete(chunk);
    return undefined;
  }

  private complete(chunk: StreamChunk): void {
    this.answerComplete = true;
    const answer: CompletedAnswer = { ...this.ids, offlineDemo: chunk.offlineDemo === true };
    if (this.title !== undefined) answer.title = this.title;
    if (typeof chunk.createTime === 'string') answer.createTime = chunk.createTime;
    this.call(() => this.handlers.onAnswerComplete?.(answer));
  }

  private adoptIds(chunk: StreamChunk): void {
    let changed = false;
    for (const key of ['convId', 'convGroupId', 'parentConvId'] as const) {
      const value = chunk[key];
      if (value == null || value === '' || String(value) === this.ids[key]) continue;
      this.ids[key] = String(value);
      changed = true;
    }
    if (changed) this.call(() => this.handlers.onIds?.({ ...this.ids }));
  }

  private call(handler: () => void): void {
    try {
      handler();
    } catch (error) {
      console.error('[stream] handler failed', error);
    }
  }
}
