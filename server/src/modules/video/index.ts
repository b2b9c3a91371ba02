import type { preHandlerAsyncHookHandler } from 'fastify';
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
import { VideoFiles } from './files.js';
import type { VideoProviderSource } from './providers/index.js';
import { VideoRepository } from './repository.js';
import { videoRoutes } from './routes.js';
import { VideoService, type FirstFrames, type VideoServiceDeps } from './service.js';
import { VideoLinks } from './urls.js';
import { VideoWorker } from './worker.js';

/** How often running tasks beat, and recovery looks for abandoned ones. */
export const HEARTBEAT_MS = 10_000;
/** A running task silent this long is on a dead instance. */
export const DEAD_AFTER_MS = 60_000;
/** Tasks accepted by other instances are found within this. */
const POLL_MS = 2_000;
/** A task waits in the queue at most this long (and always less than its points hold lives). */
const MAX_QUEUE_MS = 30 * 60_000;

export interface VideoDeps {
  db: Db['db'];
  dialect: Db['dialect'];
  config: Pick<ServerConfig, 'dataDir' | 'redisUrl' | 'site' | 'video'> & { chat: Pick<ServerConfig['chat'], 'bannedWordsFile' | 'instanceId'>; points: Pick<ServerConfig['points'], 'holdMinutes'> };
  points: PointsService;
  catalogue: VideoServiceDeps['catalogue'];
  /** Which provider makes each model (a VIDEO_CHANNELS channel, else the offline generator). */
  providers: VideoProviderSource;
  /** The uploaded first frames (the drawing area's reference images). */
  firstFrames: FirstFrames;
  /** Where clips and posters are kept (shared by every instance). */
  blobStore: BlobStore;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
  log: Log;
}

export interface Video {
  service: VideoService;
  worker: VideoWorker;
  repo: VideoRepository;
  links: VideoLinks;
}

/**
 * AI video (contracts/src/video.ts): durable tasks run by the task runner on every instance, points
 * held on submit and settled or refunded, owner-signed links with byte ranges for the clips.
 */
export async function createVideoModule(deps: VideoDeps): Promise<ServerModule<Video>> {
  const { config, log } = deps;
  if (!config.video.urlSecret && config.redisUrl) {
    log.warn('VIDEO_URL_SECRET is not set: this instance signs video links with its own generated key (DATA_DIR/secrets.json); instances behind one site need the same VIDEO_URL_SECRET');
  }
  const links = new VideoLinks(config.video.urlSecret ?? persistentSecret(config.dataDir, 'videoUrlSecret'), deps.now);
  const repo = new VideoRepository(deps.db, deps.dialect);
  const timeoutMs = config.video.taskTimeoutSeconds * 1000;
  const worker = new VideoWorker({
    repo,
    store: deps.blobStore,
    providers: deps.providers,
    firstFrames: deps.firstFrames,
    points: deps.points,
    instanceId: config.chat.instanceId,
    concurrency: config.video.workers,
    timeoutMs,
    heartbeatMs: HEARTBEAT_MS,
    deadAfterMs: DEAD_AFTER_MS,
    queueTimeoutMs: Math.max(60_000, Math.min(MAX_QUEUE_MS, config.points.holdMinutes * 60_000 - timeoutMs - 2 * DEAD_AFTER_MS)),
    pollMs: POLL_MS,
    now: deps.now,
    log,
  });
  const service = new VideoService({
    repo,
    points: deps.points,
    catalogue: deps.catalogue,
    providers: deps.providers,
    policy: loadContentPolicy(config.chat.bannedWordsFile),
    firstFrames: deps.firstFrames,
    store: deps.blobStore,
    links,
    translator: translatorFor(config.site.edition),
    now: deps.now,
    wake: () => worker.wake(),
    log,
  });
  const files = new VideoFiles(repo, deps.blobStore, links);
  await worker.start();
  return {
    service: { service, worker, repo, links },
    routes: (app) => videoRoutes(app, { service, files, requireUser: deps.requireUser }),
    close: () => worker.close(),
  };
}

export { VideoService, holdIdOf, type FirstFrames } from './service.js';
export { VideoWorker } from './worker.js';
export { VideoRepository } from './repository.js';
export { VideoLinks, VIDEO_PATH } from './urls.js';
