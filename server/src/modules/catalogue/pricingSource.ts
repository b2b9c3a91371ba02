import { MODELS } from './models.js';
import { buildSnapshot, type CatalogueSnapshot } from './snapshot.js';

/**
 * Where findModel reads prices: the live catalogue of this process (the latest started Catalogue
 * still open), else the built-in data. A module-level source because the points rules call the
 * pricing functions directly; one server process serves one catalogue.
 */
export interface PricingSource {
  snapshot(): CatalogueSnapshot;
}

const sources: PricingSource[] = [];
let builtIn: CatalogueSnapshot | undefined;

export function pricingSnapshot(): CatalogueSnapshot {
  const source = sources.at(-1);
  if (source) return source.snapshot();
  builtIn ??= buildSnapshot(MODELS, [], 0);
  return builtIn;
}

/** Makes `source` the one pricing reads until the returned function is called. */
export function usePricingSource(source: PricingSource): () => void {
  sources.push(source);
  return () => {
    const index = sources.lastIndexOf(source);
    if (index >= 0) sources.splice(index, 1);
  };
}
