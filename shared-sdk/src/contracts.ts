// The wire contract, re-exported for the areas (which depend on the SDK only).
export * from '@qiming/contracts';
