// A small MCP server over stdio for the extensions tests: `node stdioServer.mjs`.
// Tools: echo (answers its text and the GREETING variable), slow (never answers), crash (the
// process exits mid-call), grow (registers one more tool: the client hears tools/list_changed).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'test-stdio', version: '1.0.0' });
server.registerTool('echo', { description: 'Echoes the text back', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text: `${text}${process.env.GREETING ? ` (${process.env.GREETING})` : ''}` }],
}));
server.registerTool('slow', { description: 'Never answers' }, () => new Promise(() => {}));
server.registerTool('crash', { description: 'Exits mid-call' }, async () => {
  setTimeout(() => process.exit(3), 20);
  return new Promise(() => {});
});
let grown = 0;
server.registerTool('grow', { description: 'Adds a tool' }, async () => {
  grown += 1;
  server.registerTool(`grown_${grown}`, { description: `Grown tool ${grown}` }, async () => ({ content: [{ type: 'text', text: `grown ${grown}` }] }));
  return { content: [{ type: 'text', text: `now ${grown} grown` }] };
});
await server.connect(new StdioServerTransport());
