import { AREAS } from '@qiming/contracts/federation';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import type { SharedState } from '../../sharedState/index.js';
import { GuardEvents } from './guardEvents.js';
import { GuardEventsRepository } from './guardEventsRepository.js';
import { RemoteStore } from './remoteStore.js';
import { PlatformRepository } from './repository.js';
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

export { PlatformService, PlatformError } from './service.js';
export type { GuardEvents } from './guardEvents.js';
export { GuardEventsRepository, type GuardEventRow } from './guardEventsRepository.js';
export { platformRoutes } from './routes.js';
