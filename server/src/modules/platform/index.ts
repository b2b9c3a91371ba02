import { AREAS } from '@qiming/contracts/federation';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import type { SharedState } from '../../sharedState/index.js';
import type { ServerModule } from '../module.js';
import { GuardEvents } from './guardEvents.js';
import { GuardEventsRepository } from './guardEventsRepository.js';
import { guardsCommand, remotesCommand } from './opsCommands.js';
import { RemoteStore } from './remoteStore.js';
import { PlatformRepository } from './repository.js';
import { platformRoutes } from './routes.js';
import { PlatformService } from './service.js';

/** The platform module wired to a database and a remote store, with every area's channel in place. */
export async function createPlatformService(db: Kysely<Database>, options: Pick<ServerConfig, 'remoteStoreDir' | 'apiSiteUrl' | 'site'>): Promise<PlatformService> {
  const service = new PlatformService(new PlatformRepository(db), new RemoteStore(options.remoteStoreDir), AREAS, options.apiSiteUrl, options.site);
  await service.ensureAreas();
  return service;
}

/** The guard events store, rate-limited per IP through the shared state. */
export function createGuardEvents(db: Kysely<Database>, sharedState: SharedState, log: Log): GuardEvents {
  return new GuardEvents(new GuardEventsRepository(db), sharedState, log);
}

export interface PlatformDeps {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'remoteStoreDir' | 'apiSiteUrl' | 'site' | 'opsToken' | 'contact' | 'downloads'>;
  sharedState: SharedState;
  /** The signed-in user's id (the auth module's guard; never throws): the cohort then follows the user. */
  userIdOf?: (request: FastifyRequest) => Promise<string | null>;
  log: Log;
}

/**
 * The remote registry (areas, releases, canaries), the site's contact and download links and the
 * guard events: platform/* routes, `pnpm ops remotes` and `pnpm ops guards`.
 */
export async function createPlatformModule({ db, config, sharedState, userIdOf, log }: PlatformDeps): Promise<ServerModule<PlatformService>> {
  const service = await createPlatformService(db, config);
  const guardEvents = createGuardEvents(db, sharedState, log);
  return {
    service,
    routes: (app) => platformRoutes(app, { service, guardEvents, opsToken: config.opsToken, userIdOf, contact: config.contact, downloads: config.downloads }),
    opsCommands: { remotes: remotesCommand(service), guards: guardsCommand(new GuardEventsRepository(db)) },
  };
}

export { PlatformService, PlatformError } from './service.js';
export type { GuardEvents } from './guardEvents.js';
export { GuardEventsRepository, type GuardEventRow } from './guardEventsRepository.js';
export { REMOTES_USAGE, GUARDS_USAGE } from './opsCommands.js';
