import type { ServerConfig } from '../../config.js';
import type { SharedState } from '../../sharedState/index.js';
import type { ServerModule } from '../module.js';
import { captchaRoutes } from './routes.js';
import { CaptchaService } from './service.js';

/** The slide captcha's routes; the service is what the verification module consumes tokens with. */
export function createCaptchaModule({ sharedState, config }: { sharedState: SharedState; config: Pick<ServerConfig, 'captchaRates'> }): ServerModule<CaptchaService> {
  const service = new CaptchaService(sharedState, config.captchaRates);
  return { service, routes: (app) => captchaRoutes(app, { service }) };
}

export { CaptchaService, CAPTCHA_TOLERANCE, CAPTCHA_TTL_SECONDS, CAPTCHA_TOKEN_TTL_SECONDS } from './service.js';
