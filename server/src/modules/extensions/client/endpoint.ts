import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { EXTENSION_MESSAGES } from '../codes.js';
import type { McpServerRow } from '../repository.js';

/** How an outside MCP server is reached, as a row describes it (variable names, not secrets). */
export interface RemoteEndpoint {
  mcpName: string;
  transport: 'http' | 'sse' | 'stdio';
  url: string | null;
  command: string | null;
  args: string[];
  /** Header name → the server's environment variable holding its value. */
  headers: Record<string, string>;
  /** Process variable → the server's environment variable holding its value. */
  env: Record<string, string>;
}

/** A failure to reach a server, with a message an operator can act on. */
export class ConnectError extends Error {}

export function endpointOf(row: McpServerRow): RemoteEndpoint {
  if (row.transport === 'builtin') throw new Error(`${row.mcp_name} is built in`);
  return {
    mcpName: row.mcp_name,
    transport: row.transport,
    url: row.url,
    command: row.command,
    args: JSON.parse(row.args) as string[],
    headers: JSON.parse(row.headers) as Record<string, string>,
    env: JSON.parse(row.env) as Record<string, string>,
  };
}

/** The pool's key: a row whose connection settings change gets a new connection. */
export function endpointKey(endpoint: RemoteEndpoint): string {
  return JSON.stringify([endpoint.transport, endpoint.url, endpoint.command, endpoint.args, endpoint.headers, endpoint.env]);
}

/** Variable names → their values in this server's environment; a missing one fails the connection. */
function valuesOf(names: Record<string, string>, env: NodeJS.ProcessEnv): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, variable] of Object.entries(names)) {
    const value = env[variable];
    if (value === undefined || value === '') throw new ConnectError(EXTENSION_MESSAGES.missingVariable(variable));
    values[key] = value;
  }
  return values;
}

/** The SDK transport of an endpoint; secrets read from the environment now. */
export function transportOf(endpoint: RemoteEndpoint, env: NodeJS.ProcessEnv = process.env): Transport {
  switch (endpoint.transport) {
    case 'http':
    case 'sse': {
      const headers = valuesOf(endpoint.headers, env);
      const url = new URL(endpoint.url ?? '');
      return endpoint.transport === 'http'
        ? new StreamableHTTPClientTransport(url, { requestInit: { headers } })
        : new SSEClientTransport(url, { requestInit: { headers } });
    }
    case 'stdio':
      // The SDK adds a minimal environment (PATH, HOME…) to these; nothing else of the server's leaks to the process.
      return new StdioClientTransport({ command: endpoint.command ?? '', args: endpoint.args, env: valuesOf(endpoint.env, env), stderr: 'pipe' });
  }
}
