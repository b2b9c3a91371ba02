import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Log } from '../../../log.js';
import type { ToolCaller } from '../../chat/tools/types.js';
import { McpConnection } from '../client/connection.js';
import type { BuiltinConnector } from '../toolSource.js';
import { isBuiltinName } from './catalogue.js';
import { createBuiltinMcpServer, type BuiltinDeps } from './server.js';

/**
 * The built-ins for the chat gateway: an SDK client linked to a fresh built-in server for the
 * caller by an in-memory pair — the same protocol as the HTTP endpoint, no network hop. Nothing to
 * pool: a pair is a few objects, dropped with the generation.
 */
export function inProcessBuiltins(deps: BuiltinDeps, options: { connectTimeoutMs: number; log: Log }): BuiltinConnector {
  return {
    async connect(mcpName: string, caller: ToolCaller): Promise<McpConnection> {
      if (!isBuiltinName(mcpName)) throw new Error(`${mcpName} is not a built-in extension of this version`);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createBuiltinMcpServer(caller, deps, [mcpName]).connect(serverSide);
      return McpConnection.open(mcpName, clientSide, { timeoutMs: options.connectTimeoutMs, log: options.log });
    },
  };
}
