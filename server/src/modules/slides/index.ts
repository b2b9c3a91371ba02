import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { translatorFor } from '../../locale/index.js';
import type { Log } from '../../log.js';
import type { CatalogueEntry } from '../catalogue/index.js';
import { loadContentPolicy } from '../chat/policy/contentPolicy.js';
import type { ChannelRouter } from '../chat/upstream/channelRouter.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import type { UploadRow } from '../uploads/repository.js';
import { OfflineSlideWriter } from './offlineWriter.js';
import { SlidesRepository } from './repository.js';
import { slidesRoutes } from './routes.js';
import { SlidesService } from './service.js';
import { SlideWorker } from './worker.js';
import { ModelSlideWriter, type SlideWriter } from './writer.js';

/** How often running generations beat, and recovery looks for abandoned ones. */
export const HEARTBEAT_MS = 10_000;
/** A running generation silent this long is on a dead instance. */
export const DEAD_AFTER_MS = 60_000;
const POLL_MS = 2_000;
const MAX_QUEUE_MS = 30 * 60_000;
/** The most a model may write for an outline or a slide. */
const MAX_OUTPUT_TOKENS = 2_000;

export interface SlidesDeps {
  db: Db['db'];
  config: Pick<ServerConfig, 'site' | 'slides'> & { chat: Pick<ServerConfig['chat'], 'bannedWordsFile' | 'instanceId'>; points: Pick<ServerConfig['points'], 'holdMinutes'> };
  points: PointsService;
  catalogue: { find(id: string): CatalogueEntry | undefined };
  uploads: { ownedUploads(userId: string, ids: readonly string[]): Promise<UploadRow[]> };
  /** The chat's channels: a real one serving SLIDES_MODEL writes; none, the offline writer. */
  router: Pick<ChannelRouter, 'open' | 'hasRealChannel'>;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
  log: Log;
}

export interface Slides {
  service: SlidesService;
  worker: SlideWorker;
  repo: SlidesRepository;
}

/** AI slides (contracts/src/slides.ts): decks, outlines written as the page watches, durable generations. */
export async function createSlidesModule(deps: SlidesDeps): Promise<ServerModule<Slides>> {
  const { config, log } = deps;
  const model = config.slides.model;
  const offline = new OfflineSlideWriter({ paceMs: config.slides.offlinePaceMs });
  const online = new ModelSlideWriter(deps.router, model, MAX_OUTPUT_TOKENS);
  const writer = (): SlideWriter => (deps.router.hasRealChannel(model) ? online : offline);
  const repo = new SlidesRepository(deps.db);
  const timeoutMs = config.slides.taskTimeoutSeconds * 1000;
  const worker = new SlideWorker({
    repo,
    writer,
    points: deps.points,
    instanceId: config.chat.instanceId,
    concurrency: config.slides.workers,
    timeoutMs,
    heartbeatMs: HEARTBEAT_MS,
    deadAfterMs: DEAD_AFTER_MS,
    queueTimeoutMs: Math.max(60_000, Math.min(MAX_QUEUE_MS, config.points.holdMinutes * 60_000 - timeoutMs - 2 * DEAD_AFTER_MS)),
    pollMs: POLL_MS,
    now: deps.now,
    log,
  });
  const service = new SlidesService({
    repo,
    points: deps.points,
    catalogue: deps.catalogue,
    uploads: deps.uploads,
    policy: loadContentPolicy(config.chat.bannedWordsFile),
    writer,
    writerModel: model,
    translator: translatorFor(config.site.edition),
    now: deps.now,
    wake: () => worker.wake(),
    log,
  });
  await worker.start();
  return {
    service: { service, worker, repo },
    routes: (app) => slidesRoutes(app, { service, requireUser: deps.requireUser }),
    async close() {
      await service.close();
      await worker.close();
    },
  };
}

export { SlidesService, PRICE_MODEL, holdIdOf } from './service.js';
export { SlideWorker } from './worker.js';
export { SlidesRepository } from './repository.js';
