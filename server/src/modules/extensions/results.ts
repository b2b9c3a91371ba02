import type { ToolOutcome } from '../chat/tools/types.js';
import { EXTENSION_MESSAGES, RESULT_MAX_CHARS } from './codes.js';

/** The parts of an MCP tool result this module reads (CallToolResult, loosely: servers vary). */
export interface ToolResultLike {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  toolResult?: unknown;
}

/** Text cut to the limit, with a note the model can read. */
export function cutText(text: string, max = RESULT_MAX_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}${EXTENSION_MESSAGES.truncated}`;
}

function partText(part: unknown): string | null {
  if (!part || typeof part !== 'object') return null;
  const p = part as { type?: unknown; text?: unknown; uri?: unknown; resource?: { text?: unknown; uri?: unknown } };
  switch (p.type) {
    case 'text':
      return typeof p.text === 'string' ? p.text : null;
    case 'image':
      return '[图片]';
    case 'audio':
      return '[音频]';
    case 'resource_link':
      return `[资源] ${String(p.uri ?? '')}`;
    case 'resource':
      return typeof p.resource?.text === 'string' ? p.resource.text : `[资源] ${String(p.resource?.uri ?? '')}`;
    default:
      return null;
  }
}

/**
 * What goes back to the model: the text parts joined (images as [图片]), the structured content as
 * JSON when there is no text; `isError` is a failed call.
 */
export function outcomeOf(result: ToolResultLike): ToolOutcome {
  const parts = Array.isArray(result.content) ? result.content : [];
  const texts = parts.map(partText).filter((text): text is string => text !== null);
  const hasText = parts.some((part) => (part as { type?: unknown })?.type === 'text');
  let text = texts.join('\n');
  if (!hasText && result.structuredContent !== undefined) text = [JSON.stringify(result.structuredContent), ...texts].join('\n');
  // Servers of the protocol's first version answer { toolResult }.
  if (!text && result.toolResult !== undefined) text = typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult);
  return { ok: result.isError !== true, text: cutText(text) };
}
