import type { FastifyInstance } from 'fastify';
import type { SharedState } from '../../sharedState/index.js';
import { captchaRoutes } from './routes.js';
import { CaptchaService } from './service.js';

/** The slide captcha's routes on `server`; the service is what the verification module consumes tokens with. */
export async function installCaptcha(server: FastifyInstance, { sharedState }: { sharedState: SharedState }): Promise<CaptchaService> {
  const service = new CaptchaService(sharedState);
  await server.register(captchaRoutes, { service });
  return service;
}

export { CaptchaService, CAPTCHA_TOLERANCE, CAPTCHA_TTL_SECONDS, CAPTCHA_TOKEN_TTL_SECONDS } from './service.js';
