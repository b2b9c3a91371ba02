import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Log } from '../../log.js';
import type { BlobStore } from '../../storage/blobStore.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import type { TunedSpeaker } from './providers/offline.js';
import { providersOf } from './providers/index.js';
import { VoicesRepository } from './repository.js';
import { voicesRoutes } from './routes.js';
import { VoicesService, type VoicesServiceDeps } from './service.js';
import { CloneWorker } from './worker.js';

/** How often running clones beat, and recovery looks for abandoned ones. */
export const HEARTBEAT_MS = 10_000;
/** A running clone silent this long is on a dead instance. */
export const DEAD_AFTER_MS = 60_000;
const POLL_MS = 2_000;
/** A clone waits in the queue at most this long (and always less than its points hold lives). */
const MAX_QUEUE_MS = 30 * 60_000;

export interface VoicesDeps {
  db: Db['db'];
  dialect: Db['dialect'];
  config: Pick<ServerConfig, 'voices'> & { chat: Pick<ServerConfig['chat'], 'instanceId'>; points: Pick<ServerConfig['points'], 'holdMinutes'> };
  points: PointsService;
  catalogue: VoicesServiceDeps['catalogue'];
  /** The speech module's eSpeak NG voice at a tuning (the offline demo). */
  speech: TunedSpeaker;
  settings: VoicesServiceDeps['settings'];
  blobStore: BlobStore;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
  log: Log;
}

export interface Voices {
  service: VoicesService;
  worker: CloneWorker;
  repo: VoicesRepository;
}

/**
 * Voice cloning (contracts/src/voices.ts): checked samples in the blob store, clones as durable tasks
 * run by a worker on every instance (points held and settled or refunded), speaking with a voice
 * through its provider (ElevenLabs-style, CosyVoice-style or the offline eSpeak NG demo).
 */
export async function createVoicesModule(deps: VoicesDeps): Promise<ServerModule<Voices>> {
  const { config, log } = deps;
  const providers = providersOf(config.voices.provider, deps.speech, log);
  const repo = new VoicesRepository(deps.db, deps.dialect);
  const timeoutMs = config.voices.taskTimeoutSeconds * 1000;
  const worker = new CloneWorker({
    repo,
    store: deps.blobStore,
    providers,
    points: deps.points,
    instanceId: config.chat.instanceId,
    concurrency: config.voices.workers,
    timeoutMs,
    heartbeatMs: HEARTBEAT_MS,
    deadAfterMs: DEAD_AFTER_MS,
    queueTimeoutMs: Math.max(60_000, Math.min(MAX_QUEUE_MS, config.points.holdMinutes * 60_000 - timeoutMs - 2 * DEAD_AFTER_MS)),
    pollMs: POLL_MS,
    now: deps.now,
    log,
  });
  const service = new VoicesService({
    repo,
    providers,
    points: deps.points,
    catalogue: deps.catalogue,
    store: deps.blobStore,
    settings: deps.settings,
    now: deps.now,
    wake: () => worker.wake(),
    log,
  });
  await worker.start();
  return {
    service: { service, worker, repo },
    routes: (app) => voicesRoutes(app, { service, requireUser: deps.requireUser }),
    close: () => worker.close(),
  };
}

export { VoicesService, holdIdOf } from './service.js';
export { CloneWorker } from './worker.js';
export { VoicesRepository } from './repository.js';
