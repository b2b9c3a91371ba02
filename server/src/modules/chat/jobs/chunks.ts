import type { Reference, StreamChunk, ToolCallRecord } from '@qiming/contracts';
import type { Translator } from '../../../locale/index.js';

/**
 * The gateway's stream chunks (spec chat §3 "Stream chunk"), serialised once when the job writes
 * them: every reader — the first connection, a resume, another instance — sends the same bytes.
 */

/** One chunk of a generation's log: `frame` is the SSE data payload (JSON, except a malformed-chunk fault). */
export interface LogEntry {
  seq: number;
  frame: string;
}

/**
 * How the in-process log keeps a chunk: answer and reasoning deltas (nearly every chunk) as their
 * text alone, rendered to a frame when read — a frame costs several times its text, and a thousand
 * running answers keep hundreds of chunks each — everything else as its frame.
 */
export type StoredChunk = { seq: number; frame: string } | { seq: number; delta: string; reasoning: boolean };

export function storedChunkOf(seq: number, body: ChunkBody | string): StoredChunk {
  if (typeof body === 'string') return { seq, frame: body };
  const delta = body.choices?.[0]?.delta;
  const plain = body.type === 'normal' && body.code === 0 && Object.keys(body).length === 3 && delta && Object.keys(delta).length <= 2;
  if (plain && delta.reasoning_content) return { seq, delta: delta.reasoning_content, reasoning: true };
  if (plain && delta.content && !('reasoning_content' in delta)) return { seq, delta: delta.content, reasoning: false };
  return { seq, frame: frameOf(seq, body) };
}

export function entryOf(stored: StoredChunk): LogEntry {
  if ('frame' in stored) return stored;
  return { seq: stored.seq, frame: frameOf(stored.seq, stored.reasoning ? chunkBodies.reasoning(stored.delta) : chunkBodies.content(stored.delta)) };
}

export type ChunkBody = Omit<StreamChunk, 'seq'>;

export const chunkBodies = {
  ping: (waitText: string, ids?: ChunkIds): ChunkBody => ({ code: 0, type: 'ping', choices: [{ delta: { content: waitText } }], ...ids }),
  content: (text: string): ChunkBody => ({ code: 0, type: 'normal', choices: [{ delta: { content: text } }] }),
  reasoning: (text: string): ChunkBody => ({ code: 0, type: 'normal', choices: [{ delta: { content: '', reasoning_content: text } }] }),
  /** A progress line replaces what the client shows, so it ends with a newline (spec chat §4). */
  progress: (text: string): ChunkBody => ({ code: 0, type: 'normal', choices: [{ delta: { content: `${text}\n` } }] }),
  references: (references: Reference[]): ChunkBody => ({ code: 0, type: 'normal', references, choices: [{ delta: { content: '' } }] }),
  /** Tool calls that started or changed (the client merges them by id). */
  toolCalls: (records: ToolCallRecord[]): ChunkBody => ({ code: 0, type: 'normal', toolCalls: records, choices: [{ delta: { content: '' } }] }),
  /** Suggestions joined by the spec's `&&` marker. */
  followUps: (questions: string[]): ChunkBody => ({ code: 0, type: 'follow_up', choices: [{ delta: { content: questions.join('&&') } }] }),
  /** The answer is complete: saved and billed (a real channel's follow-ups may still come after it). */
  final: (ids: ChunkIds & { title: string; offlineDemo: boolean; createTime: string }): ChunkBody => ({ code: 0, type: 'normal', choices: [{ delta: { content: '' } }], ...ids, answerComplete: true }),
  error: (code: number, message: string, ids?: ChunkIds): ChunkBody => ({ code, error: message, type: 'normal', ...ids }),
};

export interface ChunkIds {
  convId: string;
  convGroupId: string;
  /** The question the answer follows (a client keys and saves its messages by it). */
  parentConvId?: string;
}

export function frameOf(seq: number, body: ChunkBody): string {
  return JSON.stringify({ seq, ...body });
}

/** What the malformed-chunk fault sends: JSON cut short, so the client's parser fails (its code 700). */
export const MALFORMED_FRAME = '{"code":0,"type":"normal","choices":[{"delta":{"content":"';

/**
 * A frame in the edition's language, on its way out (every reader of every source — the job, the
 * recovery, a refusal, another instance's log — goes through the one SSE writer): the `error` of
 * an error chunk, a ping's wait text and a progress line (`正在搜索：…`). The log itself keeps the
 * domestic text, written once. Answer deltas are never touched: only frames that can hold such a
 * text are parsed, and the domestic edition returns every frame as it is.
 */
export function localizeFrame(frame: string, translator: Translator): string {
  if (translator.edition === 'domestic') return frame;
  if (!frame.includes('"error":') && !frame.includes('"type":"ping"') && !frame.includes('正在搜索：')) return frame;
  let chunk: StreamChunk;
  try {
    chunk = JSON.parse(frame) as StreamChunk;
  } catch {
    return frame; // the malformed-chunk fault's frame
  }
  let changed = false;
  if (typeof chunk.error === 'string' && chunk.error) {
    const error = translator.text(chunk.error);
    changed ||= error !== chunk.error;
    chunk.error = error;
  }
  const delta = chunk.choices?.[0]?.delta;
  const content = delta?.content;
  if (delta && typeof content === 'string' && content && (chunk.type === 'ping' || content.endsWith('\n'))) {
    const line = content.endsWith('\n') ? content.slice(0, -1) : content;
    const shown = translator.text(line);
    if (shown !== line) {
      delta.content = content.endsWith('\n') ? `${shown}\n` : shown;
      changed = true;
    }
  }
  return changed ? JSON.stringify(chunk) : frame;
}

/** An SSE message: the sequence number as its id (a reconnecting reader asks for what follows). */
export function sseMessage(entry: LogEntry): string {
  return `id: ${entry.seq}\ndata: ${entry.frame}\n\n`;
}

/** The end of a generation's stream (the SDK reads `event: done`). */
export const SSE_DONE = 'event: done\ndata: [DONE]\n\n';
