/**
 * What the chat gateway needs of extensions (MCP services) to run a tool loop. The extensions
 * module implements it (server/src/modules/extensions/); app.ts hands it to the chat module, so
 * the gateway knows nothing of MCP transports.
 */

/** One tool as the model sees it (OpenAI `tools[].function`, Anthropic `tools[]`). */
export interface ToolSpec {
  /** Unique among the tools of one message, `^[A-Za-z0-9_-]{1,64}$` (what both wire formats accept). */
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
  /** The extension the tool belongs to, its display name, and the tool's own name on its server. */
  mcpName: string;
  showName: string;
  tool: string;
  /** Points per call (0: free). */
  pricePerCall: number;
}

/** A tool call's outcome as it goes back to the model. A failed call is an outcome too, never a throw. */
export interface ToolOutcome {
  ok: boolean;
  /** The result's text (or the error), already cut to the size limit. */
  text: string;
}

/** An extension named in a message that cannot be used now (disabled, unknown, down). */
export interface UnavailableExtension {
  mcpName: string;
  showName: string;
  /** Why, in Chinese, for the answer's tool-call list (扩展暂时无法连接，已跳过). */
  reason: string;
}

/** What one message may call, opened once per generation. */
export interface ToolSession {
  tools: ToolSpec[];
  unavailable: UnavailableExtension[];
  /**
   * Runs one call by the model-facing name. Never throws: a timeout, a dead server, bad arguments
   * or an unknown name is `{ ok: false, text }`. Ends at once when `signal` aborts.
   */
  call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutcome>;
}

/** The caller whose tools run (the built-in 知识库检索 searches this user's bases). */
export interface ToolCaller {
  userId: string;
}

export interface ToolSource {
  /**
   * The enabled extensions among `names` with their price per call, before anything is written
   * (the points hold covers their calls). Unknown or disabled names are left out.
   */
  priced(names: readonly string[]): Promise<Array<{ mcpName: string; showName: string; pricePerCall: number }>>;
  /** Connects (pooled) and lists the tools of `names`; never throws for a server that is down (it is `unavailable`). */
  open(names: readonly string[], caller: ToolCaller, signal: AbortSignal): Promise<ToolSession>;
}
