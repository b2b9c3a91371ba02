import type { Kysely } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { SharedState } from '../../sharedState/index.js';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import { cdkeysCommand } from './opsCommands.js';
import { CdkeysRepository } from './repository.js';
import { cdkeysRoutes } from './routes.js';
import { RedeemThrottle } from './redeemThrottle.js';
import { CdkeysService } from './service.js';

export interface CdkeysDeps {
  db: Kysely<Database>;
  points: PointsService;
  now: Clock;
  requireUser: preHandlerAsyncHookHandler;
  /** Counts wrong codes (RedeemThrottle); absent in the ops CLI, which never redeems. */
  sharedState?: SharedState;
  config: Pick<ServerConfig, 'redeemLimits'>;
}

/** Redemption codes: redeemed by users (system/user/userCdKey), made and listed by `pnpm ops cdkeys`. */
export function createCdkeysModule({ db, points, now, requireUser, sharedState, config }: CdkeysDeps): ServerModule<CdkeysService> {
  const service = new CdkeysService(new CdkeysRepository(db), points, now, sharedState ? new RedeemThrottle(sharedState, config.redeemLimits) : null);
  return { service, routes: (app) => cdkeysRoutes(app, { service, requireUser }), opsCommands: { cdkeys: cdkeysCommand(service) } };
}

export { CdkeysService, CDKEY_MESSAGES, MAX_BATCH_SIZE, endOfChinaDay, type NewBatch } from './service.js';
export { CdkeysRepository } from './repository.js';
export { canonicalCdkey, hashCdkey, maskedCdkey, randomCdkey, CDKEY_ALPHABET } from './codeFormat.js';
export { CDKEYS_USAGE } from './opsCommands.js';
export { RedeemThrottle, REDEEM_THROTTLED, type RedeemLimits } from './redeemThrottle.js';
