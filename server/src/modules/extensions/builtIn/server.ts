import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolCaller } from '../../chat/tools/types.js';
import { registerCalculatorTools, registerUnitTools } from './calculator.js';
import type { BuiltinName } from './catalogue.js';
import { registerDatetimeTools } from './datetime.js';
import { registerKnowledgeTools, type KnowledgeSearch } from './knowledgeSearch.js';
import type { MathRunner } from './math/mathRunner.js';
import { registerUrlReaderTools, type WebAccess } from './urlReader.js';

/** What the built-in tools use, shared by every server made. */
export interface BuiltinDeps {
  knowledge: KnowledgeSearch;
  math: MathRunner;
  web: WebAccess;
  now: () => Date;
}

const REGISTER: Record<BuiltinName, (server: McpServer, caller: ToolCaller, deps: BuiltinDeps) => void> = {
  datetime: (server, _caller, deps) => registerDatetimeTools(server, deps.now),
  calculator: (server, _caller, deps) => registerCalculatorTools(server, deps.math),
  'unit-converter': (server, _caller, deps) => registerUnitTools(server, deps.math),
  'knowledge-search': (server, caller, deps) => registerKnowledgeTools(server, caller.userId, deps.knowledge),
  'url-reader': (server, _caller, deps) => registerUrlReaderTools(server, deps.web),
};

/**
 * The product's own MCP server for one caller (知识库检索 searches that user's bases), with the
 * tools of `extensions` (the enabled built-ins). Cheap: made per HTTP request and per generation.
 */
export function createBuiltinMcpServer(caller: ToolCaller, deps: BuiltinDeps, extensions: readonly BuiltinName[]): McpServer {
  const server = new McpServer({ name: 'qiming-ai-builtin', version: '1.0.0' }, { instructions: '启明 AI 内置扩展：时间与日期、计算器、单位换算、知识库检索、网页读取。' });
  for (const name of extensions) REGISTER[name](server, caller, deps);
  return server;
}
