import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { ServerConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { installErrorHandling } from './http/envelope.js';
import { serveFrontend } from './http/frontend.js';
import { installRequestSignature, signatureWarnings } from './http/requestSignature.js';
import { createPlatformService, platformRoutes, type PlatformService } from './modules/platform/index.js';
import { createSharedState, type SharedState } from './sharedState/index.js';

export interface App {
  server: FastifyInstance;
  db: Db;
  sharedState: SharedState;
  platform: PlatformService;
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
  await server.register(platformRoutes, { service: platform, opsToken: config.opsToken });
  await serveFrontend(server, config);

  return {
    server,
    db,
    sharedState,
    platform,
    async close() {
      await server.close();
      await sharedState.close();
      await db.close();
    },
  };
}
