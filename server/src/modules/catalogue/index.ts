import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import { createCatalogue, type Catalogue } from './catalogue.js';
import { CATALOGUE_USAGE, runCatalogueCommand } from './opsCommands.js';
import { catalogueRoutes } from './routes.js';
import type { Log } from '../../log.js';
import type { ServingFacts } from './snapshot.js';
import { translatorFor } from '../../locale/index.js';

export interface CatalogueDeps {
  db: Kysely<Database>;
  config: { chat: Pick<ServerConfig['chat'], 'catalogueReloadSeconds'>; site: Pick<ServerConfig['site'], 'edition'> };
  /** What the chat module's channel router says about serving each model (离线演示, 联网搜索). */
  serving: ServingFacts;
  now?: Clock;
  log: Log;
}

/**
 * The model catalogue: built-in models with the database's overrides, reloaded every
 * CHAT_CATALOGUE_RELOAD_SECONDS until close; GET backend-api/getModelOptions; `pnpm ops catalogue`.
 */
export async function createCatalogueModule({ db, config, serving, now, log }: CatalogueDeps): Promise<ServerModule<Catalogue>> {
  const reloadSeconds = config.chat.catalogueReloadSeconds;
  const catalogue = await createCatalogue(db, { reloadSeconds, log });
  return {
    service: catalogue,
    routes: (app) => catalogueRoutes(app, { catalogue, serving, translator: translatorFor(config.site.edition) }),
    close: () => catalogue.close(),
    opsCommands: { catalogue: { usage: CATALOGUE_USAGE, run: (argv, print) => runCatalogueCommand(db, argv, print, { reloadSeconds, now }) } },
  };
}

export { HIGH_LEVEL_LABEL, MODELS, MODEL_PREFIXES, WEB_SEARCH_POINTS, type CatalogueEntry, type CatalogueModel, type CataloguePrefix, type PriceRule } from './models.js';
export { MODEL_GROUPS, MODEL_LEVELS, UID_CATEGORIES, type ChannelType } from './entry.js';
export {
  costOf,
  entitlementsOf,
  pricedModelOf,
  maxCostOf,
  priceTextOf,
  producedOutput,
  restrictionOf,
  webSearchCost,
  discounted,
  type ChargeLimits,
  type Entitlements,
  type ModelPrices,
  type PlanFields,
  type PricedModel,
  type Usage,
} from './pricing.js';
export { priceTipOf } from './priceText.js';
export { builtInPrices } from './builtInPrices.js';
export { Catalogue, DEFAULT_RELOAD_SECONDS, type CatalogueOptions, type Scheduler } from './catalogue.js';
export { CatalogueRepository } from './repository.js';
export { CatalogueEditor, type CatalogueChange } from './editor.js';
export { CATALOGUE_USAGE } from './opsCommands.js';
export { OFFLINE_ONLY, type CatalogueSnapshot, type RejectedOverride, type ServingFacts } from './snapshot.js';
