import type { ToolCallRecord } from '@qiming/sdk/contracts';

/**
 * The answer's tool calls after a chunk's `changed` ones (contracts StreamChunk.toolCalls): a known
 * id is updated in its place, a new one goes to the end. The list is new only when something changed.
 */
export function mergeToolCalls(before: readonly ToolCallRecord[], changed: readonly ToolCallRecord[]): ToolCallRecord[] {
  if (changed.length === 0) return before as ToolCallRecord[];
  const merged = [...before];
  for (const call of changed) {
    const at = merged.findIndex((known) => known.id === call.id);
    if (at >= 0) merged[at] = { ...merged[at]!, ...call };
    else merged.push(call);
  }
  return merged;
}

/** The arguments as shown: pretty-printed JSON when they parse, else the text as the model wrote it. */
export function shownArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A call's duration: one decimal under 10 s, whole seconds above; a call faster than the tenth the server measures in reads <0.1. */
export function shownSeconds(seconds: number): string {
  if (seconds < 0.1) return '<0.1';
  return seconds < 10 ? String(Math.round(seconds * 10) / 10) : String(Math.round(seconds));
}
