import { AREAS } from '@qiming/contracts/federation';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { PageContentOf } from '../../http/hostPage.js';
import type { Log } from '../../log.js';
import type { SharedState } from '../../sharedState/index.js';
import { closeBlobStore, createBlobStore, LocalBlobStore, remoteBlobStore, type BlobStore } from '../../storage/index.js';
import type { ServerModule } from '../module.js';
import { GuardEvents } from './guardEvents.js';
import { GuardEventsRepository } from './guardEventsRepository.js';
import { hostPageContent } from './hostPageContent.js';
import { DeployTokens } from './deployTokens.js';
import { DeployTokensRepository } from './deployTokensRepository.js';
import { guardsCommand, remotesCommand, tokensCommand } from './opsCommands.js';
import { PagePreloads } from './pagePreloads.js';
import { PreviewLinks } from './previewLinks.js';
import { persistentSecret } from '../../secrets.js';
import { RemoteStore } from './remoteStore.js';
import { PlatformRepository } from './repository.js';
import { platformRoutes } from './routes.js';
import { PlatformService } from './service.js';

/**
 * The platform module wired to a database and a remote store, with every area's channel in place.
 * `remotes`: the remote store's blob store (storage/index.ts `remoteBlobStore`); without it the
 * folder remoteStoreDir.
 */
export async function createPlatformService(
  db: Kysely<Database>,
  options: Pick<ServerConfig, 'remoteStoreDir' | 'apiSiteUrl' | 'site'> & { remotes?: BlobStore },
): Promise<PlatformService> {
  const remotes = options.remotes ?? new LocalBlobStore(options.remoteStoreDir);
  const service = new PlatformService(new PlatformRepository(db), new RemoteStore(remotes), AREAS, options.apiSiteUrl, options.site);
  await service.ensureAreas();
  return service;
}

/** The guard events store, rate-limited per IP through the shared state. */
export function createGuardEvents(db: Kysely<Database>, sharedState: SharedState, log: Log): GuardEvents {
  return new GuardEvents(new GuardEventsRepository(db), sharedState, log);
}

export interface PlatformDeps {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'remoteStoreDir' | 'storage' | 'apiSiteUrl' | 'site' | 'opsToken' | 'contact' | 'downloads' | 'hostShellDir' | 'dataDir' | 'previewLinkSecret'>;
  /** The server's blob store; without it (pnpm ops) the module opens the configured one and closes it. */
  blobs?: BlobStore;
  sharedState: SharedState;
  /** The signed-in user's id (the auth module's guard; never throws): the cohort then follows the user. */
  userIdOf?: (request: FastifyRequest) => Promise<string | null>;
  log: Log;
}

/**
 * The remote registry (areas, releases, canaries), the site's contact and download links and the
 * guard events: platform/* routes, `pnpm ops remotes` and `pnpm ops guards`; and what the host page
 * carries for each visitor (`pageContent`, served by http/frontend.ts).
 */
export async function createPlatformModule({
  db,
  config,
  sharedState,
  userIdOf,
  log,
  blobs,
}: PlatformDeps): Promise<ServerModule<PlatformService> & { pageContent: PageContentOf }> {
  const ownBlobs = blobs ? null : createBlobStore(config.storage);
  const remotes = remoteBlobStore(blobs ?? ownBlobs!, config.remoteStoreDir);
  const service = await createPlatformService(db, { ...config, remotes });
  const guardEvents = createGuardEvents(db, sharedState, log);
  const deployTokens = new DeployTokens(new DeployTokensRepository(db), AREAS.map((a) => a.area));
  const previewLinks = new PreviewLinks(config.previewLinkSecret ?? persistentSecret(config.dataDir, 'previewLinkSecret'));
  return {
    service,
    pageContent: hostPageContent(service, new PagePreloads(new RemoteStore(remotes), config.hostShellDir), previewLinks, userIdOf),
    ...(ownBlobs ? { close: async () => closeBlobStore(ownBlobs) } : {}),
    routes: (app) =>
      platformRoutes(app, { service, guardEvents, deployTokens, previewLinks, opsToken: config.opsToken, userIdOf, contact: config.contact, downloads: config.downloads }),
    opsCommands: { remotes: remotesCommand(service, previewLinks), guards: guardsCommand(new GuardEventsRepository(db)), tokens: tokensCommand(deployTokens) },
  };
}

export { PlatformService, PlatformError } from './service.js';
export type { GuardEvents } from './guardEvents.js';
export { GuardEventsRepository, type GuardEventRow } from './guardEventsRepository.js';
export { REMOTES_USAGE, GUARDS_USAGE, TOKENS_USAGE } from './opsCommands.js';
export { isRemotesOverHttp, runRemotesOverHttp } from './remotesOverHttp.js';
