import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { RemoteStore } from './remoteStore.js';
import { PlatformRepository } from './repository.js';
import { PlatformService, type AreaDefinition } from './service.js';

const require = createRequire(import.meta.url);
const areasFile = require('@qiming/build-config/areas.json') as { areas: AreaDefinition[] };

/** The platform module wired to a database and a remote store, with every area's channel in place. */
export async function createPlatformService(db: Kysely<Database>, options: { remoteStoreDir: string; apiSiteUrl: string }): Promise<PlatformService> {
  const service = new PlatformService(new PlatformRepository(db), new RemoteStore(options.remoteStoreDir), areasFile.areas, options.apiSiteUrl);
  await service.ensureAreas();
  return service;
}

export { PlatformService, PlatformError } from './service.js';
export { platformRoutes } from './routes.js';
