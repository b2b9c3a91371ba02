import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleApp } from '../module.js';
import { createBuiltinMcpServer, type BuiltinDeps } from './builtIn/server.js';
import type { ExtensionsService } from './service.js';

export interface McpEndpointOptions {
  service: ExtensionsService;
  builtinDeps: BuiltinDeps;
  /** The apiKeys module: the user of a personal API key. */
  userForApiKey(key: string): Promise<{ userId: string } | null>;
}

const jsonRpcError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.status(status).header('content-type', 'application/json').send({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * `/app-api/mcp`: the built-in extensions for outside MCP clients (Streamable HTTP, stateless: no
 * session, so any instance behind a load balancer answers any request), signed in with a personal
 * API key as `Authorization: Bearer sk-qm-…`.
 */
export async function mcpEndpoint(app: ModuleApp, options: McpEndpointOptions): Promise<void> {
  const authorised = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    const header = request.headers.authorization ?? '';
    const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const owner = key ? await options.userForApiKey(key) : null;
    if (owner) return owner.userId;
    void jsonRpcError(reply.header('www-authenticate', 'Bearer'), 401, -32001, '需要有效的 API 密钥：请在请求头中携带 Authorization: Bearer sk-qm-…（在“API 密钥”页面创建）');
    return null;
  };

  app.post('/mcp', async (request, reply) => {
    const userId = await authorised(request, reply);
    if (!userId) return reply;
    const server = createBuiltinMcpServer({ userId }, options.builtinDeps, await options.service.enabledBuiltins());
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'the MCP endpoint failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: '服务器内部错误' }, id: null }));
      }
    }
    return reply;
  });

  // Stateless: there is no session to stream to or to end.
  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await authorised(request, reply))) return reply;
    return jsonRpcError(reply.header('allow', 'POST'), 405, -32000, '此端点为无状态模式，只接受 POST 请求');
  };
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
}
