import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config.js';
import { persistentSecret } from '../../secrets.js';
import type { SharedState } from '../../sharedState/index.js';
import type { CaptchaService } from '../captcha/index.js';
import { DevOutbox } from './devOutbox.js';
import type { ServerModule } from '../module.js';
import { verificationRoutes } from './routes.js';
import { createCodeSenders } from './senders.js';
import { VerificationService } from './service.js';

export interface VerificationDeps {
  config: Pick<ServerConfig, 'smtp' | 'aliyunSms' | 'devStandIns' | 'codeRates' | 'codePepper' | 'dataDir' | 'redisUrl'>;
  sharedState: SharedState;
  captcha: Pick<CaptchaService, 'consumeCaptchaToken'>;
  log: FastifyBaseLogger;
}

/** The send-code routes, senders chosen from the configuration (logged); the service checks codes for the accounts module. */
export function createVerificationModule({ config, sharedState, captcha, log }: VerificationDeps): ServerModule<VerificationService> {
  const outbox = new DevOutbox(sharedState, log);
  const { senders, outboxChannels, report } = createCodeSenders(config, outbox);
  for (const line of report) log[line.level](line.message);
  if (!config.codePepper && config.redisUrl) {
    log.warn('CODE_PEPPER is not set: this instance uses its own generated one (DATA_DIR/secrets.json); instances sharing Redis need the same CODE_PEPPER, or a code sent through one fails on another');
  }
  const pepper = config.codePepper ?? persistentSecret(config.dataDir, 'codePepper');
  const service = new VerificationService({ state: sharedState, senders, outboxChannels, outbox, captcha, pepper, rates: config.codeRates, log });
  return { service, routes: (app) => verificationRoutes(app, { service }) };
}

export { VerificationService, MAX_CODE_ATTEMPTS, CHANNEL_UNAVAILABLE, type SendCodeRequest } from './service.js';
export { normaliseEmail, normalisePhone, normaliseTarget, requireEmail, requirePhone, INVALID_EMAIL, INVALID_PHONE } from './identifiers.js';
export { CODE_TTL_SECONDS, type Channel, type CodeSender } from './codeSender.js';
export { DevOutbox, OUTBOX_KEEP, OUTBOX_TTL_SECONDS } from './devOutbox.js';
