import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { PointsRepository } from './repository.js';
import { PointsService, type PointsOptions } from './service.js';

export function createPointsService(db: Kysely<Database>, dialect: DialectName, options: PointsOptions): PointsService {
  return new PointsService(new PointsRepository(db, dialect), options);
}

export { PointsService, type PointsOptions, type QuoteOptions } from './service.js';
export { PointsRepository, type Executor } from './repository.js';
export { HoldService, UnknownGenerationError, type HoldOptions, type HoldOutcome } from './holds.js';
export { LedgerTx, type DebitSplit, type EntryMeta } from './ledger.js';
export { LEDGER_KINDS, kindText, type LedgerKind } from './kinds.js';
export { POINTS_CODES, INSUFFICIENT_MESSAGE, UNKNOWN_MODEL_MESSAGE } from './codes.js';
export { businessDay, businessDayStart } from '../../chinaTime.js';
export { startHoldSweeper, type Sweeper } from './sweeper.js';
export { pointsRoutes } from './routes.js';
