import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { systemClock, type Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { installErrorHandling } from './http/envelope.js';
import { installHealth } from './http/health.js';
import { serveFrontend } from './http/frontend.js';
import { installPreviewFrame } from './http/previewFrame.js';
import { installRequestSignature, signatureWarnings } from './http/requestSignature.js';
import { announcementsRoutes, createAnnouncements, type Announcements } from './modules/announcements/index.js';
import { ApiKeysRepository, ApiKeysService, apiKeysRoutes } from './modules/apiKeys/index.js';
import { createAuth, decorateRequestUser, type Auth } from './modules/auth/index.js';
import { installCaptcha } from './modules/captcha/index.js';
import { catalogueRoutes, createCatalogue, type Catalogue } from './modules/catalogue/index.js';
import { CdkeysRepository, CdkeysService, cdkeysRoutes } from './modules/cdkeys/index.js';
import { createChatGateway, type ChatGateway } from './modules/chat/index.js';
import { conversationsRoutes, createConversationsService, type ConversationsService } from './modules/conversations/index.js';
import { installDevOutbox } from './modules/devOutbox/index.js';
import { InvitesRepository, InvitesService, invitesRoutes } from './modules/invites/index.js';
import { createPay, payRoutes, type Pay } from './modules/pay/index.js';
import { createGuardEvents, createPlatformService, platformRoutes, type PlatformService } from './modules/platform/index.js';
import { createPointsService, pointsRoutes, startHoldSweeper, type PointsService } from './modules/points/index.js';
import { promptsRoutes } from './modules/prompts/index.js';
import { rolePlayContributor, roleplayRoutes } from './modules/roleplay/index.js';
import { installShare } from './modules/share/index.js';
import { SigninRepository, SigninService, signinRoutes } from './modules/signin/index.js';
import { installSpeech } from './modules/speech/index.js';
import { createUploads } from './modules/uploads/index.js';
import { UsersRepository, UsersService, usersRoutes } from './modules/users/index.js';
import { installVerification } from './modules/verification/index.js';
import { createSharedState, type SharedState } from './sharedState/index.js';

export interface App {
  server: FastifyInstance;
  db: Db;
  sharedState: SharedState;
  platform: PlatformService;
  users: UsersService;
  auth: Auth;
  apiKeys: ApiKeysService;
  /** The ledger and the hold / settle / refund API of the chat gateway and media tasks (server/README.md). */
  points: PointsService;
  signin: SigninService;
  invites: InvitesService;
  cdkeys: CdkeysService;
  catalogue: Catalogue;
  conversations: ConversationsService;
  chat: ChatGateway;
  announcements: Announcements;
  /** Plans, orders, providers and their notifications (server/README.md, "Pay"). */
  pay: Pay;
  close(): Promise<void>;
}

export interface AppOptions {
  /** The clock of the points rules (business day, holds, sign-in); tests set the time. */
  now?: Clock;
}

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  const now = options.now ?? systemClock;
  const db = await openDatabase(config);
  const platform = await createPlatformService(db.db, config);
  const server = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A hop count as proxy-addr reads it: the n addresses nearest to this server are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
  });
  const sharedState = await createSharedState(config, { onError: (error) => server.log.warn(`[redis] ${error.message}`) });
  installErrorHandling(server);
  await server.register(fastifyCookie);

  for (const warning of signatureWarnings(config)) server.log.warn(warning);
  if (config.signRequired) {
    installRequestSignature(server, { key: config.signKey, iv: config.signIv, windowSeconds: config.signWindowSeconds, sharedState });
  }

  decorateRequestUser(server);
  const captcha = await installCaptcha(server, { sharedState });
  const verification = await installVerification(server, { config, sharedState, captcha });
  await installDevOutbox(server, { outbox: verification.outbox, channels: verification.outboxChannels, captcha });
  const catalogue = await createCatalogue(db.db, { reloadSeconds: config.chat.catalogueReloadSeconds, log: server.log });
  let invites: InvitesService | undefined;
  const points = createPointsService(db.db, db.dialect, {
    prices: catalogue,
    now,
    dailyByTier: config.points.dailyByTier,
    holdMinutes: config.points.holdMinutes,
    limits: { maxOutputTokens: config.points.holdMaxOutputTokens, maxOutputChars: config.points.holdMaxOutputChars },
    onSuccessfulUse: (userId) => invites!.onFirstSuccessfulUse(userId),
    log: server.log,
  });
  invites = new InvitesService(new InvitesRepository(db.db), points, config.invites);
  const signin = new SigninService(new SigninRepository(db.db), points, config.signinRewards);
  const cdkeys = new CdkeysService(new CdkeysRepository(db.db), points, now);
  const users = new UsersService(new UsersRepository(db.db), { hasSignedInToday: (userId) => signin.signedToday(userId) });
  const auth = createAuth({ db: db.db, config, sharedState, users, codes: verification, points: { balanceOf: (userId) => points.balance(userId) }, log: server.log });
  const apiKeys = new ApiKeysService(new ApiKeysRepository(db.db));
  const guardEvents = createGuardEvents(db.db, sharedState, server.log);
  await server.register(platformRoutes, {
    service: platform,
    guardEvents,
    opsToken: config.opsToken,
    userIdOf: auth.guard.optionalUserId,
    contact: config.contact,
    downloads: config.downloads,
  });
  await auth.registerRoutes(server);
  await server.register(usersRoutes, { service: users, requireUser: auth.guard.requireUser });
  await server.register(apiKeysRoutes, { service: apiKeys, requireUser: auth.guard.requireUser });
  await server.register(pointsRoutes, { service: points, requireUser: auth.guard.requireUser });
  await server.register(signinRoutes, { service: signin, requireUser: auth.guard.requireUser });
  await server.register(invitesRoutes, { service: invites, requireUser: auth.guard.requireUser, publicOrigin: config.publicOrigin });
  await server.register(cdkeysRoutes, { service: cdkeys, requireUser: auth.guard.requireUser });
  const conversations = createConversationsService(db.db, now);
  const uploads = createUploads({ db: db.db, config, sharedState, now, log: server.log });
  const chat = await createChatGateway({ config, db: db.db, points, conversations, catalogue, log: server.log, now, contributors: [rolePlayContributor], uploadedImages: uploads.service });
  await server.register(catalogueRoutes, { catalogue, hasRealChannel: (id) => chat.router.hasRealChannel(id) });
  const announcements = await createAnnouncements(db.db, config, { modelExists: (code) => !!catalogue.find(code), now });
  await server.register(announcementsRoutes, { announcements });
  const pay = createPay({ db: db.db, config, points, catalogue, sharedState, server, now, log: server.log });
  await server.register(payRoutes, { service: pay.service, requireUser: auth.guard.requireUser, publicOrigin: config.publicOrigin, sandbox: pay.sandbox });
  await server.register(conversationsRoutes, { service: conversations, requireUser: auth.guard.requireUser });
  await server.register(promptsRoutes);
  await server.register(roleplayRoutes);
  await chat.registerRoutes(server, auth.guard.requireUser);
  await uploads.registerRoutes(server, auth.guard.requireUser);
  await installSpeech(server, { config: config.speech, requireUser: auth.guard.requireUser, log: server.log });
  await installShare(server, { db: db.db, conversations, catalogue, sharedState, requireUser: auth.guard.requireUser, now });
  installHealth(server, {
    checks: [
      { name: 'database', check: () => db.ping() },
      ...(sharedState.kind === 'redis' ? [{ name: 'redis', check: () => sharedState.ping() }] : []),
    ],
    gauges: { chatRunningJobs: () => chat.runningJobs() },
    instanceId: config.chat.instanceId,
  });
  installPreviewFrame(server, { previewOrigin: config.site.previewOrigin, publicOrigin: config.publicOrigin });
  await serveFrontend(server, config);

  // Holds that expired while no server ran (a crash, a restart) are released before serving.
  const released = await points.holds.sweepExpired();
  if (released) server.log.info(`released ${released} expired points holds`);
  const sweeper = startHoldSweeper(points.holds, config.points.sweepSeconds * 1000, server.log);

  return {
    server,
    db,
    sharedState,
    platform,
    users,
    auth,
    apiKeys,
    points,
    signin,
    invites,
    cdkeys,
    catalogue,
    conversations,
    chat,
    announcements,
    pay,
    async close() {
      await sweeper.stop();
      await pay.sweeper.stop();
      await chat.close();
      await catalogue.close();
      await server.close();
      await sharedState.close();
      await db.close();
    },
  };
}
