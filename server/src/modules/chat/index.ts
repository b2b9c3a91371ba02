import type { preHandlerHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { WebSearch } from '../webSearch/index.js';
import type { ToolSource } from './tools/types.js';
import type { Log } from '../../log.js';
import type { Catalogue } from '../catalogue/index.js';
import type { ConversationsService } from '../conversations/index.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import type { ContextContributor, UploadedImageSource } from './context.js';
import { JobManager } from './jobs/jobManager.js';
import type { JobStore } from './jobs/jobStore.js';
import { InstanceLiveness } from './jobs/liveness.js';
import { MemoryJobStore } from './jobs/memoryJobStore.js';
import { RedisJobStore } from './jobs/redisJobStore.js';
import { ChatJobsRepository } from './jobs/repository.js';
import { loadContentPolicy } from './policy/contentPolicy.js';
import { JobRecovery } from './recovery.js';
import { chatRoutes } from './routes.js';
import { ChatService } from './service.js';
import { ChannelRouter } from './upstream/channelRouter.js';
import { adapterFor, parseChannels } from './upstream/channelsConfig.js';
import { OfflineModel } from './upstream/offline/index.js';
import { translatorFor } from '../../locale/index.js';

/** Job logs: about 20 minutes after the start, 5 after the end (spec chat §7 hot streams). */
const RETAIN_AFTER_START_MS = 20 * 60_000;
const RETAIN_AFTER_FINISH_MS = 5 * 60_000;
const HEARTBEAT_MS = 10_000;
/** An instance silent this long is dead: its jobs are recovered and nobody waits for them. */
const DEAD_AFTER_MS = 60_000;
/** Readers ask whether a job's instance lives about twice a second; the database answers once per this. */
const LIVENESS_CACHE_MS = 2_000;

export interface ChatDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  points: PointsService;
  conversations: ConversationsService;
  catalogue: Catalogue;
  log: Log;
  now: () => Date;
  /** Agents, knowledge bases and extensions add theirs (see context.ts). */
  contributors?: ContextContributor[];
  /** The uploads module: images of a message go as images to models that see them. */
  uploadedImages?: UploadedImageSource;
  /** The extensions (MCP) module's tools; without it `mcps` is ignored. */
  tools?: ToolSource;
  /** The web search provider (联网搜索); without one configured only the offline model imitates a search. */
  webSearch?: WebSearch;
  requireUser: preHandlerHookHandler;
}

export interface ChatGateway {
  router: ChannelRouter;
  jobs: JobManager;
  service: ChatService;
  recovery: JobRecovery;
  /** Generations running on this instance now (for /health). */
  runningJobs(): number;
}

/**
 * The chat gateway: channels (configured upstreams, else the offline model), generation jobs
 * (a job store in this process, or also in Redis Streams when REDIS_URL is set), crash recovery
 * and routes.
 */
export async function createChatModule({ config, db, points, conversations, catalogue, log, now, contributors = [], uploadedImages, tools, webSearch, requireUser }: ChatDeps): Promise<ServerModule<ChatGateway>> {
  const chat = config.chat;
  const channels = chat.channelsJson ? parseChannels(chat.channelsJson, process.env, chat.channelsSource) : [];
  const offline = new OfflineModel({ tokensPerSecond: chat.offline.tokensPerSecond, firstTokenDelayMs: chat.offline.firstTokenMs, fault: chat.offline.fault });
  const router = new ChannelRouter({
    channels,
    adapterFor: (channel) => adapterFor(channel, process.env),
    offline,
    webSearchConfigured: webSearch?.configured() ?? false,
    cooldownMs: chat.channelCooldownSeconds * 1000,
    onAttemptFailed: (channel, error) => log.warn({ channel: channel.id, err: error }, 'upstream attempt failed'),
  });
  if (channels.length === 0) log.warn('no chat channels configured (CHAT_CHANNELS): every model answers with the offline model (离线演示)');

  const repo = new ChatJobsRepository(db);
  const liveness = new InstanceLiveness({ repo, instanceId: chat.instanceId, deadAfterMs: DEAD_AFTER_MS, cacheMs: LIVENESS_CACHE_MS, now });
  const retention = { retainAfterFinishMs: RETAIN_AFTER_FINISH_MS, retainAfterStartMs: RETAIN_AFTER_START_MS, now };
  const store: JobStore = config.redisUrl
    ? await RedisJobStore.connect({
        ...retention,
        url: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        runningTtlSeconds: RETAIN_AFTER_START_MS / 1000,
        finishedTtlSeconds: RETAIN_AFTER_FINISH_MS / 1000,
        refreshMs: HEARTBEAT_MS,
        liveness,
        onError: (error) => log.warn(`[redis chat log] ${error.message}`),
      })
    : new MemoryJobStore(retention);
  const jobs = new JobManager({ instanceId: chat.instanceId, store, liveness, maxRunning: chat.maxRunningJobs, now, log });
  const recovery = new JobRecovery({
    repo,
    liveness,
    store,
    heartbeatMs: HEARTBEAT_MS,
    now,
    refund: (id) => points.refund(id),
    finishAnswer: (id, answer) => conversations.finishAnswer(id, answer),
    failGenerating: (ids, error) => conversations.failGenerating(ids, error),
    log,
  });
  await recovery.start();

  const service = new ChatService({
    jobs,
    source: router,
    points,
    conversations,
    prices: catalogue,
    modelFacts: (id) => {
      const entry = catalogue.find(id);
      // The catalogue's image models (accepting uploads, not text only); the offline model sees no images.
      const searchAvailable = router.webSearchAvailable(id);
      if (entry) return { think: entry.think, web: entry.web, icon: entry.icon ?? null, vision: entry.canUpload && !entry.textOnly && router.hasRealChannel(id), searchAvailable };
      // An agent code is taken over by the agents contributor (its model's facts, its name and icon);
      // without that contributor such a code is only priced by prefix.
      return catalogue.priced(id) ? { think: false, web: false, icon: null, vision: false, searchAvailable } : undefined;
    },
    uploadedImages,
    tools,
    webSearch: webSearch?.configured() ? webSearch : undefined,
    policy: loadContentPolicy(chat.bannedWordsFile),
    contributors,
    recovery,
    maxOutputTokens: config.points.holdMaxOutputTokens,
    pingAfterMs: chat.pingSeconds * 1000,
    followUpTimeoutMs: chat.followUpSeconds * 1000,
    log,
  });

  return {
    service: { router, jobs, service, recovery, runningJobs: () => jobs.runningCount },
    routes: (app) => chatRoutes(app, { service, jobs, requireUser, translator: translatorFor(config.site.edition) }),
    async close() {
      // Running jobs end first (each refunds or settles and saves its answer), then nothing beats for this instance.
      await jobs.close();
      await recovery.stop();
      await store.close();
    },
  };
}

export { ChatService } from './service.js';
export { JobManager } from './jobs/jobManager.js';
export { DEFAULT_SYSTEM_PROMPT, type ContextContributor } from './context.js';
