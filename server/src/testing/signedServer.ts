import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { DEFAULT_SIGN_IV, DEFAULT_SIGN_KEY } from '../config.js';
import { installErrorHandling } from '../http/envelope.js';
import { installRequestSignature } from '../http/requestSignature.js';
import { API_PREFIX } from '../modules/module.js';
import { MemorySharedState } from '../sharedState/index.js';

/** A bare server with the envelope's error handling and the request signature, for one module's routes (under /app-api, as app.ts registers them). */
export async function signedServer<Options extends Record<string, unknown>>(
  routes: FastifyPluginAsync<Options>,
  options: Options = {} as Options,
): Promise<{ server: FastifyInstance; close(): Promise<void> }> {
  const sharedState = new MemorySharedState();
  const server = Fastify({ logger: false });
  installErrorHandling(server);
  installRequestSignature(server, { key: DEFAULT_SIGN_KEY, iv: DEFAULT_SIGN_IV, windowSeconds: 300, sharedState });
  await server.register(routes, { ...options, prefix: API_PREFIX });
  await server.ready();
  return {
    server,
    close: async () => {
      await server.close();
      await sharedState.close();
    },
  };
}
