export { HIGH_LEVEL_LABEL, MODELS, MODEL_PREFIXES, WEB_SEARCH_POINTS, type CatalogueModel, type PriceRule } from './models.js';
export {
  costOf,
  entitlementsOf,
  findModel,
  maxCostOf,
  priceTextOf,
  producedOutput,
  restrictionOf,
  webSearchCost,
  type ChargeLimits,
  type Entitlements,
  type PlanFields,
  type PricedModel,
  type Usage,
} from './pricing.js';
