import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** Outside MCP servers for the tests, on 127.0.0.1: one tool `shout` that upper-cases its text and tells which header it saw. */
function testServer(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
  server.registerTool('shout', { description: 'Upper-cases the text', inputSchema: { text: z.string() } }, async ({ text }, extra) => ({
    content: [{ type: 'text', text: `${text.toUpperCase()} via ${name}${extra.requestInfo?.headers['x-test-token'] ? ` token=${String(extra.requestInfo.headers['x-test-token'])}` : ''}` }],
  }));
  return server;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

async function listen(handler: http.RequestListener, path: string): Promise<RunningServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const readJson = async (request: http.IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
};

/** A Streamable HTTP server (stateless) at /mcp. */
export function startStreamableServer(): Promise<RunningServer> {
  return listen(async (request, response) => {
    const server = testServer('streamable');
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(request, response, request.method === 'POST' ? await readJson(request) : undefined);
  }, '/mcp');
}

/** A legacy HTTP+SSE server: GET /sse opens the stream, POST /messages?sessionId= carries the requests. */
export function startLegacySseServer(): Promise<RunningServer> {
  const sessions = new Map<string, SSEServerTransport>();
  return listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      response.on('close', () => sessions.delete(transport.sessionId));
      await testServer('sse').connect(transport);
      return;
    }
    const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (request.method === 'POST' && url.pathname === '/messages' && transport) {
      await transport.handlePostMessage(request, response, await readJson(request));
      return;
    }
    response.writeHead(404).end();
  }, '/sse');
}
