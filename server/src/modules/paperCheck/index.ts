import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { translatorFor } from '../../locale/index.js';
import type { Log } from '../../log.js';
import type { CatalogueEntry } from '../catalogue/index.js';
import type { ChannelRouter } from '../chat/upstream/channelRouter.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import { ModelPaperJudge, type PaperJudge } from './llmJudge.js';
import { PaperCheckRepository } from './repository.js';
import { paperCheckRoutes } from './routes.js';
import { PaperCheckService } from './service.js';
import { PaperCheckWorker } from './worker.js';

/** How often running checks beat, and recovery looks for abandoned ones. */
export const HEARTBEAT_MS = 10_000;
/** A running check silent this long is on a dead instance. */
export const DEAD_AFTER_MS = 60_000;
const POLL_MS = 2_000;
const MAX_QUEUE_MS = 30 * 60_000;

export interface PaperCheckDeps {
  db: Db['db'];
  config: Pick<ServerConfig, 'site' | 'paperCheck'> & { chat: Pick<ServerConfig['chat'], 'instanceId'>; points: Pick<ServerConfig['points'], 'holdMinutes'> };
  points: PointsService;
  catalogue: { find(id: string): CatalogueEntry | undefined };
  /** The chat's channels: a real one serving PAPER_CHECK_MODEL judges 新版检测; none, the statistical estimate. */
  router: Pick<ChannelRouter, 'open' | 'hasRealChannel'>;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
  log: Log;
}

export interface PaperChecks {
  service: PaperCheckService;
  worker: PaperCheckWorker;
  repo: PaperCheckRepository;
}

/** Paper AIGC check (contracts/src/paperCheck.ts): uploaded papers, durable checks, reports. */
export async function createPaperCheckModule(deps: PaperCheckDeps): Promise<ServerModule<PaperChecks>> {
  const { config, log } = deps;
  const model = config.paperCheck.model;
  const judge = new ModelPaperJudge(deps.router, model);
  const judgeAvailable = () => deps.router.hasRealChannel(model);
  const repo = new PaperCheckRepository(deps.db);
  const timeoutMs = config.paperCheck.taskTimeoutSeconds * 1000;
  const worker = new PaperCheckWorker({
    repo,
    judgeFor: (detector): PaperJudge | null => (detector === 'v2' && judgeAvailable() ? judge : null),
    points: deps.points,
    paceMs: config.paperCheck.offlinePaceMs,
    instanceId: config.chat.instanceId,
    concurrency: config.paperCheck.workers,
    timeoutMs,
    heartbeatMs: HEARTBEAT_MS,
    deadAfterMs: DEAD_AFTER_MS,
    queueTimeoutMs: Math.max(60_000, Math.min(MAX_QUEUE_MS, config.points.holdMinutes * 60_000 - timeoutMs - 2 * DEAD_AFTER_MS)),
    pollMs: POLL_MS,
    now: deps.now,
    log,
  });
  const service = new PaperCheckService({
    repo,
    points: deps.points,
    catalogue: deps.catalogue,
    judgeAvailable,
    judgeModel: model,
    translator: translatorFor(config.site.edition),
    now: deps.now,
    wake: () => worker.wake(),
    log,
  });
  await worker.start();
  return {
    service: { service, worker, repo },
    routes: (app) => paperCheckRoutes(app, { service, requireUser: deps.requireUser }),
    close: () => worker.close(),
  };
}

export { PaperCheckService, holdIdOf } from './service.js';
export { PaperCheckWorker } from './worker.js';
export { PaperCheckRepository } from './repository.js';
