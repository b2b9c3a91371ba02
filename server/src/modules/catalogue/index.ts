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
  type ChargeLimits,
  type Entitlements,
  type ModelPrices,
  type PlanFields,
  type PricedModel,
  type Usage,
} from './pricing.js';
export { priceTipOf } from './priceText.js';
export { builtInPrices } from './builtInPrices.js';
export { Catalogue, createCatalogue, DEFAULT_RELOAD_SECONDS, type CatalogueOptions, type Scheduler } from './catalogue.js';
export { CatalogueRepository } from './repository.js';
export { CatalogueEditor, CatalogueInputError, type CatalogueChange } from './editor.js';
export { CATALOGUE_USAGE, runCatalogueCommand, type CatalogueCommandOptions } from './opsCommands.js';
export { catalogueRoutes, type CatalogueRouteOptions } from './routes.js';
export type { CatalogueSnapshot, RejectedOverride } from './snapshot.js';
