import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { systemClock, type Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import { standInWarnings } from './devStandIns.js';
import { openDatabase, type Db } from './db/database.js';
import { installCompression } from './http/compression.js';
import { installErrorHandling } from './http/envelope.js';
import { installLocalizedMessages } from './http/localizedMessages.js';
import { translatorFor } from './locale/index.js';
import { installHealth } from './http/health.js';
import { serveFrontend } from './http/frontend.js';
import { installPreviewFrame } from './http/previewFrame.js';
import { installSecurityHeaders } from './http/securityHeaders.js';
import { decorateRequestUser } from './http/requestUser.js';
import { installRequestSignature, signatureWarnings } from './http/requestSignature.js';
import { createAgentsModule, type Agents } from './modules/agents/index.js';
import { createImagesModule, type Images, type ProviderSource } from './modules/images/index.js';
import { createImageProviders } from './modules/images/providers/index.js';
import { createVideoModule, type Video } from './modules/video/index.js';
import { createVideoProviders, type VideoProviderSource } from './modules/video/providers/index.js';
import { createAnnouncementsModule, type Announcements } from './modules/announcements/index.js';
import { createApiKeysModule, type ApiKeysService } from './modules/apiKeys/index.js';
import { createAuthModule, type Auth } from './modules/auth/index.js';
import { createCaptchaModule } from './modules/captcha/index.js';
import { createCatalogueModule, type Catalogue } from './modules/catalogue/index.js';
import { createCdkeysModule, type CdkeysService } from './modules/cdkeys/index.js';
import { createChatModule, type ChatGateway } from './modules/chat/index.js';
import { createConversationsModule, type ConversationsService } from './modules/conversations/index.js';
import { createDevOutboxModule } from './modules/devOutbox/index.js';
import { createInvitesModule, type InvitesService } from './modules/invites/index.js';
import { API_PREFIX, type ServerModule } from './modules/module.js';
import { createPayModule, type Pay } from './modules/pay/index.js';
import { createPlatformModule, type PlatformService } from './modules/platform/index.js';
import { createPointsModule, type PointsService } from './modules/points/index.js';
import { createKnowledgeModule, type Knowledge } from './modules/knowledge/index.js';
import { createExtensionsModule, type Extensions } from './modules/extensions/index.js';
import { createPromptsModule } from './modules/prompts/index.js';
import { createResourcesModule } from './modules/resources/index.js';
import { createRoleplayModule } from './modules/roleplay/index.js';
import { createShareModule } from './modules/share/index.js';
import { createFeaturedModule, type FeaturedService } from './modules/featured/index.js';
import { createUsageModule, type UsageService } from './modules/usage/index.js';
import { createSigninModule, type SigninService } from './modules/signin/index.js';
import { createSlidesModule, type Slides } from './modules/slides/index.js';
import { createPaperCheckModule, type PaperChecks } from './modules/paperCheck/index.js';
import { createSpeechModule } from './modules/speech/index.js';
import { createVoicesModule, type Voices } from './modules/voices/index.js';
import type { TextRecognizer } from './modules/uploads/extract/index.js';
import { createUploadsModule } from './modules/uploads/index.js';
import { createDocChatModule, type DocChatService } from './modules/docChat/index.js';
import { createUsersModule, type UsersService } from './modules/users/index.js';
import { createVerificationModule } from './modules/verification/index.js';
import { createWebSearchModule, type WebSearch } from './modules/webSearch/index.js';
import { createMirrorModule, type MirrorService } from './modules/mirror/index.js';
import { createWhiteboardsModule, type WhiteboardsService } from './modules/whiteboards/index.js';
import { createSharedState, type SharedState } from './sharedState/index.js';
import { closeBlobStore, createBlobStore, remoteBlobStore, type BlobStore } from './storage/index.js';

export interface App {
  server: FastifyInstance;
  db: Db;
  sharedState: SharedState;
  /** Images and other shared files: DATA_DIR/blobs or the S3 bucket (server/src/storage/README.md). */
  blobs: BlobStore;
  platform: PlatformService;
  users: UsersService;
  auth: Auth;
  apiKeys: ApiKeysService;
  /** The ledger and the hold / settle / refund API of the chat gateway and media tasks (server/src/modules/points/README.md). */
  points: PointsService;
  signin: SigninService;
  invites: InvitesService;
  cdkeys: CdkeysService;
  catalogue: Catalogue;
  conversations: ConversationsService;
  chat: ChatGateway;
  /** Agents and built-in apps (server/src/modules/agents/README.md). */
  agents: Agents;
  announcements: Announcements;
  /** Plans, orders, providers and their notifications (server/src/modules/pay/README.md). */
  pay: Pay;
  /** AI drawing: tasks, worker, gallery (server/src/modules/images/README.md). */
  images: Images;
  /** AI video: tasks, worker, clip links (server/src/modules/video/README.md). */
  video: Video;
  /** AI slides: decks, outlines, durable generations (server/src/modules/slides/README.md). */
  slides: Slides;
  /** Paper AIGC check: papers, durable checks, reports (server/src/modules/paperCheck/README.md). */
  paperCheck: PaperChecks;
  /** Knowledge bases: documents, ingestion, retrieval (server/src/modules/knowledge/README.md). */
  knowledge: Knowledge;
  /** Voice cloning: samples, clones and their worker (server/src/modules/voices/README.md). */
  voices: Voices;
  /** Whiteboards: the users' Excalidraw boards (server/src/modules/whiteboards/README.md). */
  whiteboards: WhiteboardsService;
  /** Document chats of /pdfChatPage (server/src/modules/docChat/README.md). */
  docChat: DocChatService;
  /** 联网搜索: the provider SEARCH_PROVIDER names, or not configured (server/src/modules/webSearch/README.md). */
  webSearch: WebSearch;
  /** Extensions (MCP servers): getMcpInfo, the built-in MCP server, and `tools` for the chat gateway (server/src/modules/extensions/README.md). */
  extensions: Extensions;
  /** Usage records of /trace (server/src/modules/usage/README.md). */
  usage: UsageService;
  /** Featured conversations of /valueChatPage (server/src/modules/featured/README.md). */
  featured: FeaturedService;
  /** The mirror site: cars, share-token entries, users' keys (server/src/modules/mirror/README.md). */
  mirror: MirrorService;
  close(): Promise<void>;
}

export interface AppOptions {
  /** The clock of the points rules (business day, holds, sign-in); tests set the time. */
  now?: Clock;
  /** The image providers and the blob store (tests give their own). */
  images?: { providers?: ProviderSource; blobStore?: BlobStore };
  /** The video providers (tests give fakes); clips go to the images' blob store. */
  video?: { providers?: VideoProviderSource };
  /** How uploaded images are read (tests hold a parse open with their own). */
  uploads?: { ocr?: TextRecognizer };
  /** The mirror providers' fetch (tests). */
  mirror?: { fetch?: typeof fetch };
  /** Where the server's log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  const now = options.now ?? systemClock;
  const db = await openDatabase(config);
  const server = Fastify({
    logger: { level: config.logLevel, ...(options.logStream && { stream: options.logStream }) },
    bodyLimit: 1024 * 1024,
    // A hop count as proxy-addr reads it: the n addresses nearest to this server are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
  });
  const log = server.log;
  const sharedState = await createSharedState(config, { onError: (error) => log.warn(`[redis] ${error.message}`) });
  installErrorHandling(server);
  installLocalizedMessages(server, translatorFor(config.site.edition));
  installCompression(server);
  await installSecurityHeaders(server, {
    cspMode: config.cspMode,
    previewOrigin: config.site.previewOrigin,
    remoteOrigins: () => platform.service.remoteOrigins(),
  });
  await server.register(fastifyCookie);

  for (const warning of signatureWarnings(config)) log.warn(warning);
  for (const warning of standInWarnings(config.devStandIns, config.production)) log.warn(warning);
  if (config.signRequired) {
    installRequestSignature(server, { key: config.signKey, iv: config.signIv, windowSeconds: config.signWindowSeconds, sharedState });
  }
  decorateRequestUser(server);

  // The modules, in dependency order: each is built from the services of modules above it. Three
  // are used before they exist (called only once the server runs): the guard of signed-in routes
  // (auth needs users and points first), the invites reward points calls on a first successful
  // use, and whether chat has a real channel for a model (the catalogue marks the others 离线演示).
  const modules: ServerModule[] = [];
  const add = <M extends ServerModule>(module: M): M => {
    modules.push(module);
    return module;
  };
  const requireUser: preHandlerAsyncHookHandler = (request, reply) => auth.service.guard.requireUser.call(server, request, reply);
  const blobs = createBlobStore(config.storage);
  const remotes = remoteBlobStore(blobs, config.remoteStoreDir);
  const deps = { db: db.db, config, sharedState, now, log, requireUser, blobs };

  const captcha = add(createCaptchaModule(deps));
  const verification = add(createVerificationModule({ ...deps, captcha: captcha.service }));
  add(createDevOutboxModule({ outbox: verification.service.outbox, channels: verification.service.outboxChannels, captcha: captcha.service, standIns: config.devStandIns }));
  const catalogue = add(await createCatalogueModule({ ...deps, serving: { hasRealChannel: (id): boolean => chat.service.router.hasRealChannel(id), webSearchAvailable: (id): boolean => chat.service.router.webSearchAvailable(id) } }));
  const points = add(createPointsModule({ ...deps, dialect: db.dialect, prices: catalogue.service, onSuccessfulUse: (userId): Promise<unknown> => invites.service.onFirstSuccessfulUse(userId) }));
  const invites = add(createInvitesModule({ ...deps, points: points.service }));
  const signin = add(createSigninModule({ ...deps, points: points.service }));
  const cdkeys = add(createCdkeysModule({ ...deps, points: points.service }));
  const users = add(createUsersModule({ ...deps, signin: { hasSignedInToday: (userId) => signin.service.signedToday(userId) } }));
  const auth = add(createAuthModule({ ...deps, users: users.service, codes: verification.service, points: { balanceOf: (userId) => points.service.balance(userId) } }));
  const apiKeys = add(createApiKeysModule(deps));
  const platform = add(await createPlatformModule({ ...deps, userIdOf: auth.service.guard.optionalUserId }));
  const conversations = add(createConversationsModule(deps));
  const uploads = add(createUploadsModule({ ...deps, ocr: options.uploads?.ocr }));
  const roleplay = add(createRoleplayModule(deps));
  const agents = add(await createAgentsModule({ ...deps, catalogue: catalogue.service, uploads: uploads.service, userIdOf: auth.service.guard.optionalUserId }));
  const knowledge = add(await createKnowledgeModule({ ...deps, dialect: db.dialect, uploads: uploads.service }));
  const webSearch = add(createWebSearchModule(deps));
  const extensions = add(await createExtensionsModule({ ...deps, knowledge: knowledge.service.service, apiKeys: apiKeys.service }));
  const chat = add(
    await createChatModule({
      ...deps,
      points: points.service,
      conversations: conversations.service,
      catalogue: catalogue.service,
      contributors: [roleplay.service.contributor, agents.service.contributor, knowledge.service.contributor],
      uploadedImages: uploads.service,
      webSearch: webSearch.service,
      tools: extensions.service.tools,
    }),
  );
  const announcements = add(await createAnnouncementsModule({ ...deps, modelExists: (code) => !!catalogue.service.find(code) }));
  const pay = add(createPayModule({ ...deps, points: points.service, catalogue: catalogue.service, inject: (request) => server.inject(request) }));
  add(createPromptsModule(deps));
  add(await createResourcesModule({ ...deps, userIdOf: auth.service.guard.optionalUserId }));
  const speech = add(createSpeechModule({ ...deps, config: config.speech }));
  const share = add(createShareModule({ ...deps, conversations: conversations.service, catalogue: catalogue.service }));
  const featured = add(createFeaturedModule({ ...deps, share: share.service, conversations: conversations.service }));
  const usage = add(createUsageModule({ ...deps, dialect: db.dialect }));
  const blobStore = options.images?.blobStore ?? blobs;
  const images = add(
    await createImagesModule({
      ...deps,
      dialect: db.dialect,
      points: points.service,
      catalogue: catalogue.service,
      providers: options.images?.providers ?? createImageProviders({ channelsJson: config.images.channelsJson, env: process.env, log, source: 'IMAGE_CHANNELS' }),
      blobStore,
      userIdOf: auth.service.guard.optionalUserId,
    }),
  );
  const video = add(
    await createVideoModule({
      ...deps,
      dialect: db.dialect,
      points: points.service,
      catalogue: catalogue.service,
      providers: options.video?.providers ?? createVideoProviders({ channelsJson: config.video.channelsJson, env: process.env, log }),
      firstFrames: {
        // 图生视频's first frame is an upload of the drawing area (sd/uploadImg): its table, its links.
        read: async (userId, id) => {
          const [row] = await images.service.repo.referencesOf(userId, [id]);
          const data = row ? await blobStore.read(row.storage_key) : null;
          return row && data ? { mime: row.mime, data } : undefined;
        },
        exists: async (userId, id) => (await images.service.repo.referencesOf(userId, [id])).length > 0,
        url: (id) => images.service.links.signedUrl(id, 'reference'),
      },
      blobStore,
    }),
  );
  const slides = add(
    await createSlidesModule({ ...deps, points: points.service, catalogue: catalogue.service, uploads: uploads.service, router: chat.service.router }),
  );
  const voices = add(
    await createVoicesModule({
      ...deps,
      dialect: db.dialect,
      points: points.service,
      catalogue: catalogue.service,
      speech: speech.service,
      settings: users.service,
      blobStore: blobs,
    }),
  );
  speech.service.useClonedVoices(voices.service.service.speaker);
  const paperCheck = add(await createPaperCheckModule({ ...deps, points: points.service, catalogue: catalogue.service, router: chat.service.router }));
  const mirror = add(
    createMirrorModule({
      ...deps,
      dialect: db.dialect,
      userIdOf: auth.service.guard.optionalUserId,
      invitedUsers: async (userId) => (await invites.service.info(userId, '')).rewardedCount,
      fetch: options.mirror?.fetch,
    }),
  );
  const whiteboards = add(createWhiteboardsModule(deps));
  const docChat = add(createDocChatModule({ ...deps, uploads: uploads.service, knowledge: knowledge.service.service, conversations: conversations.service }));

  await server.register(
    async (api) => {
      for (const module of modules) if (module.routes) await api.register(module.routes);
    },
    { prefix: API_PREFIX },
  );
  installHealth(server, {
    checks: [
      { name: 'database', check: () => db.ping() },
      ...(sharedState.kind === 'redis' ? [{ name: 'redis', check: () => sharedState.ping() }] : []),
    ],
    gauges: { chatRunningJobs: () => chat.service.runningJobs(), imageRunningTasks: () => images.service.worker.runningCount, videoRunningTasks: () => video.service.worker.runningCount },
    instanceId: config.chat.instanceId,
  });
  installPreviewFrame(server, { previewOrigin: config.site.previewOrigin, publicOrigin: config.publicOrigin });
  await serveFrontend(server, { hostShellDir: config.hostShellDir, remotes, pageContent: platform.pageContent, serviceWorker: config.serviceWorker });

  // Holds that expired while no server ran (a crash, a restart) are released before serving.
  const released = await points.service.holds.sweepExpired();
  if (released) log.info(`released ${released} expired points holds`);

  return {
    server,
    db,
    sharedState,
    blobs,
    platform: platform.service,
    users: users.service,
    auth: auth.service,
    apiKeys: apiKeys.service,
    points: points.service,
    signin: signin.service,
    invites: invites.service,
    cdkeys: cdkeys.service,
    catalogue: catalogue.service,
    conversations: conversations.service,
    chat: chat.service,
    agents: agents.service,
    announcements: announcements.service,
    pay: pay.service,
    images: images.service,
    video: video.service,
    slides: slides.service,
    paperCheck: paperCheck.service,
    knowledge: knowledge.service,
    voices: voices.service,
    whiteboards: whiteboards.service,
    docChat: docChat.service,
    webSearch: webSearch.service,
    extensions: extensions.service,
    usage: usage.service,
    featured: featured.service,
    mirror: mirror.service,
    async close() {
      // Timers and workers first, the last module first (running chat jobs end, then nothing is served).
      for (const module of [...modules].reverse()) await module.close?.();
      await server.close();
      await sharedState.close();
      closeBlobStore(blobs);
      await db.close();
    },
  };
}
