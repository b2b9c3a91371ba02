import type { Kysely } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import { PointsRepository } from './repository.js';
import { pointsRoutes } from './routes.js';
import { PointsService, type PointsOptions } from './service.js';
import { startHoldSweeper } from './sweeper.js';
import type { Log } from '../../log.js';
import type { ModelPrices } from '../catalogue/index.js';
import { translatorFor } from '../../locale/index.js';

export function createPointsService(db: Kysely<Database>, dialect: DialectName, options: PointsOptions): PointsService {
  return new PointsService(new PointsRepository(db, dialect), options);
}

export interface PointsDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** `site.edition`: the language of the texts the routes answer (history kinds, quote reasons). */
  config: Pick<ServerConfig, 'points'> & { site?: Pick<ServerConfig['site'], 'edition'> };
  now: Clock;
  /** Model prices (the catalogue, with the operators' overrides). */
  prices: ModelPrices;
  /** The invites module's reward on a user's first successful use. */
  onSuccessfulUse?: (userId: string) => Promise<unknown>;
  requireUser: preHandlerAsyncHookHandler;
  log: Log;
}

/**
 * The ledger and the hold / settle / refund API of the chat gateway and media tasks; expired
 * holds are released every POINTS_HOLD_SWEEP_SECONDS until close.
 */
export function createPointsModule({ db, dialect, config, now, prices, onSuccessfulUse, requireUser, log }: PointsDeps): ServerModule<PointsService> {
  const points = config.points;
  const service = createPointsService(db, dialect, {
    prices,
    now,
    dailyByTier: points.dailyByTier,
    holdMinutes: points.holdMinutes,
    limits: { maxOutputTokens: points.holdMaxOutputTokens, maxOutputChars: points.holdMaxOutputChars },
    onSuccessfulUse,
    log,
  });
  const sweeper = startHoldSweeper(service.holds, points.sweepSeconds * 1000, log);
  return { service, routes: (app) => pointsRoutes(app, { service, requireUser, translator: translatorFor(config.site?.edition ?? 'domestic') }), close: () => sweeper.stop() };
}

export { PointsService, type PointsOptions, type QuoteOptions } from './service.js';
export { PointsRepository, type Executor } from './repository.js';
export { HoldService, UnknownGenerationError, type EndOptions, type HoldOptions, type HoldOutcome, type RefundOptions, type SettleOptions } from './holds.js';
export { LedgerTx, type DebitSplit, type EntryMeta } from './ledger.js';
export { LEDGER_KINDS, kindText, type LedgerKind } from './kinds.js';
export { POINTS_CODES, INSUFFICIENT_MESSAGE, UNKNOWN_MODEL_MESSAGE } from './codes.js';
export { businessDay, businessDayStart } from '../../chinaTime.js';
