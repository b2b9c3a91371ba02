import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import { UsageRepository } from './repository.js';
import { usageRoutes } from './routes.js';
import { UsageService } from './service.js';

export interface UsageDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  requireUser: preHandlerAsyncHookHandler;
}

/** Usage records (/trace): read-only over the points module's holds and ledger. */
export function createUsageModule({ db, dialect, requireUser }: UsageDeps): ServerModule<UsageService> {
  const service = new UsageService(new UsageRepository(db, dialect));
  return { service, routes: (app) => usageRoutes(app, { service, requireUser }) };
}

export { UsageService, rangeOf } from './service.js';
export { UsageRepository } from './repository.js';
