import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Log } from '../../log.js';
import type { ToolCaller, ToolOutcome, ToolSession, ToolSource, ToolSpec, UnavailableExtension } from '../chat/tools/types.js';
import { beforeDeadline, describe, type McpConnection } from './client/connection.js';
import { endpointOf } from './client/endpoint.js';
import type { McpClientPool } from './client/pool.js';
import { EXTENSION_MESSAGES } from './codes.js';
import type { ExtensionsRepository, McpServerRow } from './repository.js';
import { outcomeOf } from './results.js';
import { modelToolName } from './toolNames.js';

/** Opens the built-in extensions for a caller, in this process (builtIn/inProcess.ts). */
export interface BuiltinConnector {
  connect(mcpName: string, caller: ToolCaller): Promise<McpConnection>;
}

export interface ToolSourceOptions {
  repo: ExtensionsRepository;
  pool: McpClientPool;
  builtins: BuiltinConnector;
  /** `open` never waits longer than this for all the servers together. */
  connectTimeoutMs: number;
  log: Log;
}

interface OpenedTool {
  spec: ToolSpec;
  row: McpServerRow;
  connection: McpConnection;
}

/**
 * The chat gateway's view of extensions (chat/tools/types.ts): the rows read from the database on
 * each message (so every instance sees an ops change at once), the outside servers through the
 * pool, the built-ins in process.
 */
export class McpToolSource implements ToolSource {
  constructor(private readonly options: ToolSourceOptions) {}

  async priced(names: readonly string[]): Promise<Array<{ mcpName: string; showName: string; pricePerCall: number }>> {
    const rows = (await this.options.repo.byNames(names)).filter((row) => row.enabled === 1);
    return order(rows, names).map((row) => ({ mcpName: row.mcp_name, showName: row.show_name, pricePerCall: row.price_per_call }));
  }

  async open(names: readonly string[], caller: ToolCaller, signal: AbortSignal): Promise<ToolSession> {
    const unique = [...new Set(names)];
    const rows = new Map((await this.options.repo.byNames(unique)).map((row) => [row.mcp_name, row]));
    const unavailable: UnavailableExtension[] = [];
    const usable: McpServerRow[] = [];
    for (const name of unique) {
      const row = rows.get(name);
      if (row?.enabled === 1) usable.push(row);
      else unavailable.push({ mcpName: name, showName: row?.show_name ?? name, reason: EXTENSION_MESSAGES.notFound });
    }

    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.options.connectTimeoutMs)]);
    const connected = await Promise.all(
      usable.map(async (row) => {
        try {
          const work = row.transport === 'builtin' ? this.options.builtins.connect(row.mcp_name, caller) : this.options.pool.acquire(endpointOf(row));
          return { row, connection: await beforeDeadline(work, deadline, () => new Error('connect deadline')) };
        } catch (error) {
          this.options.log.info(`extension ${row.mcp_name} skipped: ${describe(error)}`);
          unavailable.push({ mcpName: row.mcp_name, showName: row.show_name, reason: EXTENSION_MESSAGES.down });
          return null;
        }
      }),
    );

    const tools = new Map<string, OpenedTool>();
    for (const opened of connected) {
      if (!opened) continue;
      for (const tool of opened.connection.tools) {
        const name = modelToolName(opened.row.mcp_name, tool.name, new Set(tools.keys()));
        const spec: ToolSpec = {
          name,
          description: tool.description ?? tool.title ?? tool.name,
          inputSchema: modelSchema(tool.inputSchema),
          mcpName: opened.row.mcp_name,
          showName: opened.row.show_name,
          tool: tool.name,
          pricePerCall: opened.row.price_per_call,
        };
        tools.set(name, { spec, row: opened.row, connection: opened.connection });
      }
    }
    return {
      tools: [...tools.values()].map((tool) => tool.spec),
      unavailable: order(unavailable, unique, (u) => u.mcpName),
      call: (name, args, callSignal) => this.call(tools.get(name), name, args, callSignal),
    };
  }

  private async call(opened: OpenedTool | undefined, name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutcome> {
    if (!opened) return { ok: false, text: EXTENSION_MESSAGES.unknownTool(name) };
    if (signal.aborted) return { ok: false, text: EXTENSION_MESSAGES.cancelled };
    const { row, connection, spec } = opened;
    if (connection.closed) return { ok: false, text: EXTENSION_MESSAGES.disconnected };
    const timeoutMs = Math.max(1, Math.round(row.timeout_seconds * 1000));
    const timeout = AbortSignal.timeout(timeoutMs);
    const ends = AbortSignal.any([signal, timeout]);
    try {
      // The SDK ends the request on the signal too; the outer bound holds even if a transport does not.
      const result = await beforeDeadline(connection.callTool(spec.tool, args, { signal: ends, timeoutMs }), ends, () => new McpError(ErrorCode.RequestTimeout, 'deadline'));
      return outcomeOf(result);
    } catch (error) {
      if (signal.aborted) return { ok: false, text: EXTENSION_MESSAGES.cancelled };
      if (timeout.aborted || (error instanceof McpError && error.code === ErrorCode.RequestTimeout)) {
        return { ok: false, text: EXTENSION_MESSAGES.timedOut(row.timeout_seconds) };
      }
      // An error the server answered (bad arguments, unknown tool…) leaves the connection as it is.
      if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) return { ok: false, text: EXTENSION_MESSAGES.failed(error.message.replace(/^MCP error -?\d+: /, '')) };
      this.options.log.warn(`extension ${row.mcp_name}: connection lost during ${spec.tool}: ${describe(error)}`);
      if (row.transport !== 'builtin') this.options.pool.drop(row.mcp_name, connection);
      return { ok: false, text: EXTENSION_MESSAGES.disconnected };
    }
  }
}

/** The tool's JSON Schema as the model APIs take it: an object schema, without `$schema` (some providers refuse the key). */
function modelSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return { ...rest, type: 'object' };
}

/** Items in the order their names were asked for. */
function order<T>(items: readonly T[], names: readonly string[], nameOf: (item: T) => string = (item) => (item as McpServerRow).mcp_name): T[] {
  const position = new Map(names.map((name, index) => [name, index]));
  return [...items].sort((a, b) => (position.get(nameOf(a)) ?? 0) - (position.get(nameOf(b)) ?? 0));
}
