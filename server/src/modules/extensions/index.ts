import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import type { ToolSource } from '../chat/tools/types.js';
import type { ServerModule } from '../module.js';
import { BUILTIN_SEEDS } from './builtIn/catalogue.js';
import { inProcessBuiltins } from './builtIn/inProcess.js';
import type { KnowledgeSearch } from './builtIn/knowledgeSearch.js';
import { MathRunner } from './builtIn/math/mathRunner.js';
import { seedBuiltins } from './builtIn/seed.js';
import type { BuiltinDeps } from './builtIn/server.js';
import type { Connector, Resolver } from './builtIn/web/pageFetch.js';
import { McpClientPool, POOL_TIMING, type PoolTiming } from './client/pool.js';
import { MCP_USAGE, runMcpCommand } from './opsCommands.js';
import { ExtensionsRepository } from './repository.js';
import { extensionsRoutes } from './routes.js';
import { ExtensionsService } from './service.js';
import { McpToolSource } from './toolSource.js';

export interface ExtensionsDeps {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'extensions'>;
  /** The knowledge module, for 知识库检索. */
  knowledge: KnowledgeSearch;
  /** The apiKeys module: who an outside MCP client is. */
  apiKeys: { userForApiKey(key: string): Promise<{ userId: string } | null> };
  now: () => Date;
  log: Log;
  /** Tests: shorter connect timeout and back-off. */
  timing?: Partial<PoolTiming>;
  /** Tests: 网页读取's DNS and connections. */
  web?: { resolve?: Resolver; connect?: Connector };
  /** Where secrets are read by variable name (default process.env). */
  env?: NodeJS.ProcessEnv;
}

export interface Extensions {
  service: ExtensionsService;
  /** What the chat gateway's tool loop uses (chat/tools/types.ts). */
  tools: ToolSource;
  repo: ExtensionsRepository;
}

/**
 * Extensions (MCP servers): configured by ops, listed by getMcpInfo, used by the chat gateway
 * through `tools`; the built-in ones served by the product's own MCP server, in process and at
 * /app-api/mcp. README.md beside this file.
 */
export async function createExtensionsModule(deps: ExtensionsDeps): Promise<ServerModule<Extensions>> {
  const repo = new ExtensionsRepository(deps.db);
  const timing = { ...POOL_TIMING, ...deps.timing };
  await seedBuiltins(repo, BUILTIN_SEEDS, { now: deps.now, log: deps.log });
  const math = new MathRunner();
  const builtinDeps: BuiltinDeps = { knowledge: deps.knowledge, math, web: { allowed: deps.config.extensions.outboundFetch, ...deps.web }, now: deps.now };
  const builtins = inProcessBuiltins(builtinDeps, { connectTimeoutMs: timing.connectTimeoutMs, log: deps.log });
  const pool = new McpClientPool(timing, deps.log, deps.env);
  const service = new ExtensionsService(repo);
  const tools = new McpToolSource({ repo, pool, builtins, connectTimeoutMs: timing.connectTimeoutMs, log: deps.log });
  return {
    service: { service, tools, repo },
    routes: (app) => extensionsRoutes(app, { service, builtinDeps, userForApiKey: (key) => deps.apiKeys.userForApiKey(key) }),
    opsCommands: {
      mcp: { usage: MCP_USAGE, run: (argv, print) => runMcpCommand(argv, print, { repo, builtins, connectTimeoutMs: timing.connectTimeoutMs, now: deps.now, log: deps.log, env: deps.env }) },
    },
    async close() {
      await pool.close();
      await math.close();
    },
  };
}

/** `pnpm ops mcp` has no knowledge bases: 知识库检索's tools are listed, never run there. */
export const NO_KNOWLEDGE: KnowledgeSearch = {
  usable: async () => [],
  retrieve: async () => [],
};

export { ExtensionsService } from './service.js';
export { ExtensionsRepository, type McpServerRow } from './repository.js';
export { createBuiltinMcpServer } from './builtIn/server.js';
export { BUILTIN_SEEDS, BUILTIN_NAMES } from './builtIn/catalogue.js';
export { MCP_USAGE } from './opsCommands.js';
