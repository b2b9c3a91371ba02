import type { Reference, StreamChunk } from '@qiming/contracts';

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
  /** Suggestions joined by the spec's `&&` marker. */
  followUps: (questions: string[]): ChunkBody => ({ code: 0, type: 'follow_up', choices: [{ delta: { content: questions.join('&&') } }] }),
  final: (ids: ChunkIds & { title: string; offlineDemo: boolean }): ChunkBody => ({ code: 0, type: 'normal', choices: [{ delta: { content: '' } }], ...ids }),
  error: (code: number, message: string, ids?: ChunkIds): ChunkBody => ({ code, error: message, type: 'normal', ...ids }),
};

export interface ChunkIds {
  convId: string;
  convGroupId: string;
}

export function frameOf(seq: number, body: ChunkBody): string {
  return JSON.stringify({ seq, ...body });
}

/** What the malformed-chunk fault sends: JSON cut short, so the client's parser fails (its code 700). */
export const MALFORMED_FRAME = '{"code":0,"type":"normal","choices":[{"delta":{"content":"';

/** An SSE message: the sequence number as its id (a reconnecting reader asks for what follows). */
export function sseMessage(entry: LogEntry): string {
  return `id: ${entry.seq}\ndata: ${entry.frame}\n\n`;
}

/** The end of a generation's stream (the SDK reads `event: done`). */
export const SSE_DONE = 'event: done\ndata: [DONE]\n\n';
