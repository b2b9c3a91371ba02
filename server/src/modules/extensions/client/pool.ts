import type { Log } from '../../../log.js';
import { McpConnection, describe } from './connection.js';
import { endpointKey, transportOf, type RemoteEndpoint } from './endpoint.js';

export interface PoolTiming {
  /** Connecting and listing the tools of one server. */
  connectTimeoutMs: number;
  /** The first back-off after a failed connection; doubled after each further failure… */
  backoffBaseMs: number;
  /** …up to this. */
  backoffMaxMs: number;
  /** A tool list older than this is listed again (in the background; list_changed refreshes it at once). */
  toolsRefreshMs: number;
}

export const POOL_TIMING: PoolTiming = { connectTimeoutMs: 5000, backoffBaseMs: 1000, backoffMaxMs: 60_000, toolsRefreshMs: 5 * 60_000 };

/** A server in back-off: `open` skips it at once. */
export class ServerDownError extends Error {
  constructor(
    readonly mcpName: string,
    readonly reason: string,
    readonly retryAt: number,
  ) {
    super(`${mcpName} is down until ${new Date(retryAt).toISOString()}: ${reason}`);
  }
}

interface PoolEntry {
  key: string;
  connection?: McpConnection;
  connecting?: Promise<McpConnection>;
  failures: number;
  downUntil: number;
  lastError: string;
}

/**
 * One connection per outside MCP server in this instance, keyed by the row's connection settings
 * (a changed row closes the old connection and makes a new one). A failed connection puts the
 * server in back-off (1 s, 2 s, 4 s … 60 s), during which `acquire` refuses at once; a connection
 * that closes (a crashed process, a server gone) is dropped and made again on the next use.
 */
export class McpClientPool {
  private readonly entries = new Map<string, PoolEntry>();
  private closed = false;

  constructor(
    private readonly timing: PoolTiming,
    private readonly log: Log,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(endpoint: RemoteEndpoint): Promise<McpConnection> {
    if (this.closed) throw new Error('the extensions pool is closed');
    const key = endpointKey(endpoint);
    let entry = this.entries.get(endpoint.mcpName);
    if (entry && entry.key !== key) {
      this.log.info(`extension ${endpoint.mcpName}: settings changed, reconnecting`);
      void entry.connection?.close();
      entry = undefined;
    }
    if (!entry) {
      entry = { key, failures: 0, downUntil: 0, lastError: '' };
      this.entries.set(endpoint.mcpName, entry);
    }
    const live = entry.connection;
    if (live && !live.closed) {
      if (this.now() - live.toolsFetchedAt > this.timing.toolsRefreshMs) live.refreshInBackground(this.timing.connectTimeoutMs);
      return live;
    }
    entry.connection = undefined;
    if (entry.connecting) return entry.connecting;
    if (this.now() < entry.downUntil) throw new ServerDownError(endpoint.mcpName, entry.lastError, entry.downUntil);
    entry.connecting = this.connect(endpoint, entry).finally(() => {
      entry.connecting = undefined;
    });
    return entry.connecting;
  }

  private async connect(endpoint: RemoteEndpoint, entry: PoolEntry): Promise<McpConnection> {
    try {
      const connection = await McpConnection.open(endpoint.mcpName, transportOf(endpoint, this.env), {
        timeoutMs: this.timing.connectTimeoutMs,
        log: this.log,
        onClosed: () => {
          if (entry.connection === connection) entry.connection = undefined;
        },
      });
      if (this.closed || this.entries.get(endpoint.mcpName) !== entry) {
        await connection.close();
        throw new Error('the extensions pool changed while connecting');
      }
      entry.connection = connection;
      entry.failures = 0;
      entry.downUntil = 0;
      return connection;
    } catch (error) {
      entry.failures += 1;
      const backoff = Math.min(this.timing.backoffBaseMs * 2 ** (entry.failures - 1), this.timing.backoffMaxMs);
      entry.downUntil = this.now() + backoff;
      entry.lastError = describe(error);
      this.log.warn(`extension ${endpoint.mcpName}: cannot connect (${entry.lastError}); retrying after ${backoff} ms`);
      throw error;
    }
  }

  /** Drops a connection that failed under a call (an HTTP server gone): the next use connects again. */
  drop(mcpName: string, connection: McpConnection): void {
    const entry = this.entries.get(mcpName);
    if (entry?.connection === connection) entry.connection = undefined;
    void connection.close();
  }

  /** Closes every connection (stdio processes end). */
  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map(async (entry) => {
      await entry.connection?.close();
      await entry.connecting?.then((connection) => connection.close(), () => undefined);
    }));
  }
}
