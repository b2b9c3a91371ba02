import { MODELS } from './models.js';
import { pricedModelOf, type ModelPrices } from './pricing.js';
import { buildSnapshot, type CatalogueSnapshot } from './snapshot.js';

let snapshot: CatalogueSnapshot | undefined;

/** The built-in data's prices, without the ops overrides of a database (tools and tests that price nothing live). */
export const builtInPrices: ModelPrices = {
  priced: (id) => pricedModelOf((snapshot ??= buildSnapshot(MODELS, [], 0)), id),
};
