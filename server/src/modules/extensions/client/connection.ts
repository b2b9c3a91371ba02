import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../../../log.js';
import type { ToolResultLike } from '../results.js';
import { ConnectError } from './endpoint.js';

const CLIENT_INFO = { name: 'qiming-ai', version: '1.0.0' };
/** A server listing more pages of tools than this is cut there. */
const MAX_TOOL_PAGES = 10;
const STDERR_TAIL = 2000;

export interface ConnectOptions {
  /** The whole handshake and first tool list must fit in this. */
  timeoutMs: number;
  log: Log;
  /** Called once when the connection ends (closed by the server, a crashed process, or close()). */
  onClosed?(): void;
}

/** A live MCP client with its tool list. */
export class McpConnection {
  tools: Tool[] = [];
  toolsFetchedAt = 0;
  closed = false;
  private refreshing: Promise<void> | null = null;

  private constructor(
    readonly name: string,
    private readonly client: Client,
    private readonly log: Log,
  ) {}

  /** Connects and lists the tools within `timeoutMs`; on any failure the transport (a stdio process) is closed. */
  static async open(name: string, transport: Transport, options: ConnectOptions): Promise<McpConnection> {
    let opened = false;
    const client = new Client(CLIENT_INFO, {
      capabilities: {},
      listChanged: {
        tools: {
          autoRefresh: true,
          debounceMs: 50,
          onChanged: (error, tools) => {
            if (error || !tools) connection.toolsFetchedAt = 0;
            else connection.setTools(tools);
          },
        },
      },
    });
    const connection = new McpConnection(name, client, options.log);
    const stderr = stderrTail(transport);
    client.onclose = () => {
      connection.closed = true;
      if (opened) options.onClosed?.();
    };
    const deadline = AbortSignal.timeout(options.timeoutMs);
    try {
      await beforeDeadline(
        (async () => {
          await client.connect(transport, { signal: deadline, timeout: options.timeoutMs });
          await connection.fetchTools(options.timeoutMs, deadline);
        })(),
        deadline,
        () => new ConnectError(`连接超时（${options.timeoutMs / 1000} 秒）`),
      );
    } catch (error) {
      await client.close().catch(() => undefined);
      const tail = stderr().trim();
      throw new ConnectError(`${describe(error)}${tail ? `；进程输出：${tail.split('\n').slice(-3).join(' / ')}` : ''}`);
    }
    opened = true;
    // One that closed before this line (a process exiting at once) comes back marked closed; the pool's next use replaces it.
    return connection;
  }

  private setTools(tools: Tool[]): void {
    this.tools = tools;
    this.toolsFetchedAt = Date.now();
  }

  private async fetchTools(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const listed = await this.client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs, signal });
      tools.push(...listed.tools);
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    this.setTools(tools);
  }

  /** Lists the tools again in the background (at most one refresh at a time); a failure keeps the old list. */
  refreshInBackground(timeoutMs: number): void {
    if (this.refreshing || this.closed) return;
    this.refreshing = this.fetchTools(timeoutMs)
      .catch((error: unknown) => this.log.warn(`extension ${this.name}: refreshing the tool list failed: ${describe(error)}`))
      .finally(() => (this.refreshing = null));
  }

  callTool(tool: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<ToolResultLike> {
    return this.client.callTool({ name: tool, arguments: args }, undefined, { signal: options.signal, timeout: options.timeoutMs });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.close().catch(() => undefined);
  }
}

/** The promise, or `timedOut()` once the signal aborts (a transport that ignores the signal cannot hold the caller). */
export function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal, timedOut: () => Error): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(timedOut());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The end of a stdio process's stderr, for the reason a connection failed. */
function stderrTail(transport: Transport): () => string {
  const stream = (transport as { stderr?: NodeJS.ReadableStream | null }).stderr;
  if (!stream) return () => '';
  let tail = '';
  stream.on('data', (chunk: Buffer | string) => {
    tail = (tail + chunk.toString()).slice(-STDERR_TAIL);
  });
  return () => tail;
}

export function describe(error: unknown): string {
  if (error instanceof ConnectError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  // fetch's "fetch failed" says why only in its cause (ECONNREFUSED, ENOTFOUND, bad port…).
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const detail = cause?.code ?? (error as { code?: unknown })?.code ?? cause?.message;
  return typeof detail === 'string' && detail && !message.includes(detail) ? `${message}（${detail}）` : message;
}
