import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { translatorFor } from '../../locale/index.js';
import type { Log } from '../../log.js';
import { persistentSecret } from '../../secrets.js';
import type { BlobStore } from '../../storage/blobStore.js';
import { loadContentPolicy } from '../chat/policy/contentPolicy.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import type { ImagesServiceDeps, ProviderSource } from './service.js';
import { ImagesRepository } from './repository.js';
import { imagesRoutes } from './routes.js';
import { ImageFiles, ImagesService } from './service.js';
import { ImageLinks } from './urls.js';
import { ImageWorker } from './worker.js';

/** How often running tasks beat, and recovery looks for abandoned ones. */
export const HEARTBEAT_MS = 10_000;
/** A running task silent this long is on a dead instance. */
export const DEAD_AFTER_MS = 60_000;
/** Tasks accepted by other instances are found within this. */
const POLL_MS = 2_000;
/** A task waits in the queue at most this long (and always less than its points hold lives). */
const MAX_QUEUE_MS = 30 * 60_000;

export interface ImagesDeps {
  db: Db['db'];
  dialect: Db['dialect'];
  config: Pick<ServerConfig, 'dataDir' | 'redisUrl' | 'site' | 'images'> & { chat: Pick<ServerConfig['chat'], 'bannedWordsFile' | 'instanceId'>; points: Pick<ServerConfig['points'], 'holdMinutes'> };
  points: PointsService;
  catalogue: ImagesServiceDeps['catalogue'];
  /** Which provider draws each model (the providers module). */
  providers: ProviderSource;
  /** Where pictures, thumbnails and reference images are kept (shared by every instance). */
  blobStore: BlobStore;
  requireUser: preHandlerAsyncHookHandler;
  userIdOf(request: FastifyRequest): Promise<string | null>;
  now: Clock;
  log: Log;
}

export interface Images {
  service: ImagesService;
  worker: ImageWorker;
  repo: ImagesRepository;
  links: ImageLinks;
}

/**
 * AI drawing (contracts/src/images.ts): durable tasks run by a worker on every instance, points
 * held on submit and settled or refunded, owner-signed and public image links, reference uploads,
 * the gallery and likes.
 */
export async function createImagesModule(deps: ImagesDeps): Promise<ServerModule<Images>> {
  const { config, log } = deps;
  if (!config.images.urlSecret && config.redisUrl) {
    log.warn('IMAGE_URL_SECRET is not set: this instance signs image links with its own generated key (DATA_DIR/secrets.json); instances behind one site need the same IMAGE_URL_SECRET, or a link made by one is refused by another');
  }
  const links = new ImageLinks(config.images.urlSecret ?? persistentSecret(config.dataDir, 'imageUrlSecret'), deps.now);
  const repo = new ImagesRepository(deps.db, deps.dialect);
  const timeoutMs = config.images.taskTimeoutSeconds * 1000;
  const worker = new ImageWorker({
    repo,
    store: deps.blobStore,
    providers: deps.providers,
    points: deps.points,
    instanceId: config.chat.instanceId,
    concurrency: config.images.workers,
    timeoutMs,
    heartbeatMs: HEARTBEAT_MS,
    deadAfterMs: DEAD_AFTER_MS,
    queueTimeoutMs: Math.max(60_000, Math.min(MAX_QUEUE_MS, config.points.holdMinutes * 60_000 - timeoutMs - 2 * DEAD_AFTER_MS)),
    pollMs: POLL_MS,
    now: deps.now,
    log,
  });
  const service = new ImagesService({
    repo,
    points: deps.points,
    catalogue: deps.catalogue,
    providers: deps.providers,
    policy: loadContentPolicy(config.chat.bannedWordsFile),
    store: deps.blobStore,
    links,
    translator: translatorFor(config.site.edition),
    now: deps.now,
    wake: () => worker.wake(),
    log,
  });
  const files = new ImageFiles(repo, deps.blobStore, links);
  await worker.start();
  return {
    service: { service, worker, repo, links },
    routes: (app) => imagesRoutes(app, { service, files, requireUser: deps.requireUser, userIdOf: deps.userIdOf }),
    close: () => worker.close(),
  };
}

export { ImagesService, ImageFiles, holdIdOf, type ProviderChoice, type ProviderSource, type TaskDraft } from './service.js';
export { ImageWorker, type ImageWorkerOptions } from './worker.js';
export { ImagesRepository } from './repository.js';
export { ImageLinks, IMAGE_PATH, REFERENCE_PATH } from './urls.js';
export { IMAGE_STYLES } from './styles.js';
