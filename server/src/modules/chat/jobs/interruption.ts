import { mergeToolCalls, type Reference, type StreamChunk, type ToolCallRecord } from '@qiming/contracts';
import { CHAT_CODES } from '../../conversations/codes.js';
import { chunkBodies, type ChunkBody, type LogEntry } from './chunks.js';

/** Why an answer whose instance died ended (the recovery's and the readers' word for it). */
export const INTERRUPTED_MESSAGE = '服务中断，本次回复未完成，请重新生成，未生成成功不扣积分。';

/** The failed-answer chunk that ends the log of a job whose instance died. */
export function interruptedChunk(jobId: string, convGroupId: string): ChunkBody {
  return chunkBodies.error(CHAT_CODES.generationFailed.code, INTERRUPTED_MESSAGE, { convId: jobId, convGroupId });
}

/** What a log shows of the answer so far: its content and reasoning deltas, its references and tool calls (the latest record of each). */
export function partialAnswerOf(entries: readonly LogEntry[]): { content: string; reasoning: string; references: Reference[]; toolCalls: ToolCallRecord[] } {
  const partial = { content: '', reasoning: '', references: [] as Reference[] };
  let toolCalls: ToolCallRecord[] = [];
  for (const entry of entries) {
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(entry.frame) as StreamChunk;
    } catch {
      continue; // the malformed-chunk fault's frame
    }
    if ((chunk.type ?? 'normal') !== 'normal' || chunk.code) continue;
    const delta = chunk.choices?.[0]?.delta;
    partial.content += delta?.content ?? '';
    partial.reasoning += delta?.reasoning_content ?? '';
    partial.references.push(...(chunk.references ?? []));
    toolCalls = mergeToolCalls(toolCalls, chunk.toolCalls ?? []);
  }
  return { ...partial, toolCalls };
}
