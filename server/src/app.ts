import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { ServerConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { installErrorHandling } from './http/envelope.js';
import { serveFrontend } from './http/frontend.js';
import { installRequestSignature, signatureWarnings } from './http/requestSignature.js';
import { ApiKeysRepository, ApiKeysService, apiKeysRoutes } from './modules/apiKeys/index.js';
import { createAuth, decorateRequestUser, type Auth } from './modules/auth/index.js';
import { installCaptcha } from './modules/captcha/index.js';
import { installDevOutbox } from './modules/devOutbox/index.js';
import { createPlatformService, platformRoutes, type PlatformService } from './modules/platform/index.js';
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
  close(): Promise<void>;
}

export async function buildApp(config: ServerConfig): Promise<App> {
  const db = await openDatabase(config);
  const platform = await createPlatformService(db.db, config);
  const server = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  const sharedState = await createSharedState(config, { onError: (error) => server.log.warn(`[redis] ${error.message}`) });
  installErrorHandling(server);
  await server.register(fastifyCookie);

  for (const warning of signatureWarnings(config)) server.log.warn(warning);
  if (config.signRequired) {
    installRequestSignature(server, { key: config.signKey, iv: config.signIv, windowSeconds: config.signWindowSeconds, sharedState });
  }

  server.get('/ping', async () => 'OK');
  decorateRequestUser(server);
  const captcha = await installCaptcha(server, { sharedState });
  const verification = await installVerification(server, { config, sharedState, captcha });
  await installDevOutbox(server, { outbox: verification.outbox, channels: verification.outboxChannels, captcha });
  const users = new UsersService(new UsersRepository(db.db));
  const auth = createAuth({ db: db.db, config, sharedState, users, codes: verification, log: server.log });
  const apiKeys = new ApiKeysService(new ApiKeysRepository(db.db));
  await server.register(platformRoutes, { service: platform, opsToken: config.opsToken, userIdOf: auth.guard.optionalUserId });
  await auth.registerRoutes(server);
  await server.register(usersRoutes, { service: users, requireUser: auth.guard.requireUser });
  await server.register(apiKeysRoutes, { service: apiKeys, requireUser: auth.guard.requireUser });
  await serveFrontend(server, config);

  return {
    server,
    db,
    sharedState,
    platform,
    users,
    auth,
    apiKeys,
    async close() {
      await server.close();
      await sharedState.close();
      await db.close();
    },
  };
}
