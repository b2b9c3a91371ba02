import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { translatorFor } from '../../locale/index.js';
import type { Log } from '../../log.js';
import type { CatalogueEntry } from '../catalogue/index.js';
import type { ContextContributor } from '../chat/context.js';
import { loadContentPolicy } from '../chat/policy/contentPolicy.js';
import type { ServerModule } from '../module.js';
import { BUILT_IN_AGENTS } from './builtIn/catalogue.js';
import { seedBuiltInAgents, type BuiltInAgentSeed } from './builtIn/seed.js';
import { agentContributor } from './contributor.js';
import { AGENTS_USAGE, checkSeed, runAgentsCommand } from './opsCommands.js';
import { AgentsRepository } from './repository.js';
import { agentsRoutes } from './routes.js';
import { AgentsService, type AgentUploads } from './service.js';

export interface AgentsDeps {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'site'> & { chat: Pick<ServerConfig['chat'], 'bannedWordsFile'> };
  /** The model catalogue: which models an agent may answer with. */
  catalogue: { find(id: string): CatalogueEntry | undefined };
  /** The uploads module: an agent's images must be the author's own uploads (or built-in icons), shown publicly. */
  uploads: AgentUploads;
  requireUser: preHandlerAsyncHookHandler;
  userIdOf(request: FastifyRequest): Promise<string | null>;
  now: Clock;
  log: Log;
  /** The built-in apps written at startup (default: builtIn/catalogue.ts). */
  seeds?: readonly BuiltInAgentSeed[];
}

export interface Agents {
  service: AgentsService;
  /** The chat gateway's contributor for agent codes. */
  contributor: ContextContributor;
}

/**
 * Agents and built-in apps (spec chat §7 "Agents"): the calls under backend-api, the built-in apps
 * seeded at startup and edited with `pnpm ops agents`, their icons, and the chat contributor.
 */
export async function createAgentsModule(deps: AgentsDeps): Promise<ServerModule<Agents>> {
  const repo = new AgentsRepository(deps.db);
  const service = new AgentsService(repo, {
    policy: loadContentPolicy(deps.config.chat.bannedWordsFile),
    findModel: (id) => deps.catalogue.find(id),
    uploads: deps.uploads,
    translator: translatorFor(deps.config.site.edition),
    now: deps.now,
  });
  const rules = service.rulesFor(null);
  const seeds = deps.seeds ?? BUILT_IN_AGENTS;
  const outcome = await seedBuiltInAgents(repo, seeds, { check: (seed) => checkSeed(seed, rules), now: deps.now, log: deps.log });
  if (outcome.inserted.length || outcome.updated.length) deps.log.info(`built-in agents: ${outcome.inserted.length} added, ${outcome.updated.length} updated from the seed`);
  return {
    service: { service, contributor: agentContributor(service) },
    routes: (app) => agentsRoutes(app, { service, requireUser: deps.requireUser, userIdOf: deps.userIdOf }),
    opsCommands: { agents: { usage: AGENTS_USAGE, run: (argv, print) => runAgentsCommand(argv, print, { repo, rules, seeds, now: deps.now }) } },
  };
}

export { AgentsService, NO_UPLOADS, type UsableAgent } from './service.js';
export { AgentsRepository } from './repository.js';
export { agentContributor, agentCodeOf } from './contributor.js';
export { seedBuiltInAgents, builtInCode, type BuiltInAgentSeed } from './builtIn/seed.js';
export { AGENT_ICONS } from './builtIn/icons.js';
export { AGENTS_USAGE } from './opsCommands.js';
