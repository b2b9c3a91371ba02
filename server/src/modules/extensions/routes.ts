import { ok } from '../../http/envelope.js';
import type { ModuleApp } from '../module.js';
import { mcpEndpoint, type McpEndpointOptions } from './mcpEndpoint.js';

/** getMcpInfo (spec chat §7, no login) and the built-in MCP server's endpoint. */
export async function extensionsRoutes(app: ModuleApp, options: McpEndpointOptions): Promise<void> {
  app.get('/backend-api/getMcpInfo', async () => ok(await options.service.mcpInfo()));
  await mcpEndpoint(app, options);
}
