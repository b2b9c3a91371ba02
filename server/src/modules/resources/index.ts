import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import type { SharedState } from '../../sharedState/index.js';
import type { BlobStore } from '../../storage/index.js';
import type { ServerModule } from '../module.js';
import { directoryProblems, type DirectoryFileInput } from './directoryFile.js';
import { RESOURCES_USAGE, runResourcesCommand } from './opsCommands.js';
import { ResourcesRepository } from './repository.js';
import { resourcesRoutes } from './routes.js';
import { SEED_DIRECTORY } from './seed/directory.js';
import { ResourcesService } from './service.js';

export interface ResourcesDeps {
  db: Kysely<Database>;
  sharedState: SharedState;
  blobs: BlobStore;
  userIdOf(request: FastifyRequest): Promise<string | null>;
  now: Clock;
  log: Log;
  /** The directory written at startup where its ids are missing (default: seed/directory.ts). */
  seed?: DirectoryFileInput;
}

/**
 * Writes the seed's categories and items whose ids are not in the database yet; rows that exist
 * stay as ops left them. A seed that does not pass the import checks is not written at all.
 */
export async function seedDirectory(repo: ResourcesRepository, seed: DirectoryFileInput, at: string, log: Log): Promise<void> {
  const parents = new Map((await repo.categories()).map((row) => [row.id, row.parent_id] as const));
  const { file, problems } = directoryProblems(seed, { parents });
  if (!file) {
    log.warn(`resource directory seed not applied: ${problems.slice(0, 5).join('; ')}`);
    return;
  }
  const written = await repo.apply(file, at, { onlyMissing: true });
  if (written.categories || written.items) log.info(`resource directory: ${written.categories} categories, ${written.items} items added from the seed`);
}

/** The resource directory (spec platform §2 /resourcePage, §7 resource/getAllItemsTree); `pnpm ops resources`. */
export async function createResourcesModule(deps: ResourcesDeps): Promise<ServerModule<ResourcesService>> {
  const repo = new ResourcesRepository(deps.db);
  await seedDirectory(repo, deps.seed ?? SEED_DIRECTORY, deps.now().toISOString(), deps.log);
  const service = new ResourcesService(repo, { sharedState: deps.sharedState, now: deps.now });
  return {
    service,
    routes: (app) => resourcesRoutes(app, { service, blobs: deps.blobs, userIdOf: deps.userIdOf }),
    opsCommands: { resources: { usage: RESOURCES_USAGE, run: (argv, print) => runResourcesCommand(argv, print, { repo, blobs: deps.blobs, now: deps.now }) } },
  };
}

export { ResourcesService } from './service.js';
export { ResourcesRepository } from './repository.js';
export { RESOURCES_USAGE } from './opsCommands.js';
