/**
 * Extensions (MCP services) and the tool calls an answer makes with them (spec chat §3 "MCP
 * service", §7 getMcpInfo and `mcps` in getStream). Paths under /app-api.
 */

/** spec chat §3 "MCP service": one extension the dialog lists. */
export interface McpInfo {
  /** Display name (计算器). */
  showName: string;
  /** One-line description. */
  showDesc: string;
  /** The name sent in getStream's `mcps`. */
  mcpName: string;
  /** Category (the dialog's chips). */
  kind: string;
  /** Icon URL (may be a data: URL). */
  imgUrl: string;
}

// GET backend-api/getMcpInfo → McpInfo[]: the enabled extensions, in the order ops gave them (no login needed).

export const EXTENSION_LIMITS = {
  /** Extensions one message may use (an agent's own count too). */
  selectedMax: 10,
};

/**
 * One tool call an answer made: streamed while it runs (StreamChunk.toolCalls, the changed
 * records, merged by `id`) and stored on the answer (ChatContentItem.toolCalls), so history shows
 * what was called.
 */
export interface ToolCallRecord {
  /** Unique within the answer. */
  id: string;
  /** The extension (McpInfo.mcpName) and its display name. */
  mcpName: string;
  showName: string;
  /** The tool's name on its server; '' for a `skipped` extension. */
  tool: string;
  /** The arguments as the model wrote them (JSON text, cut to a few kB). */
  arguments: string;
  /**
   * running → done | failed. `skipped`: the extension could not be reached and the answer went on
   * without it (`result` says why).
   */
  status: 'running' | 'done' | 'failed' | 'skipped';
  /** What went back to the model (cut to a few kB), or why the call failed. */
  result?: string;
  /** How long the call took (done / failed). */
  seconds?: number;
  /** 1 for the model's first round of calls, 2 for the next… */
  round: number;
}

/**
 * The answer's tool calls after a chunk's `changed` ones (StreamChunk.toolCalls): a known id is
 * updated in its place, a new one goes to the end. The list is new only when something changed.
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
