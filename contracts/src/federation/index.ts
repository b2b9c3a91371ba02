// The platform contract, for the server (publishing, the registry) and the contract tests. Not
// part of the browser-side entry: the webpack configuration reads the JSON files directly.
export { AREAS, HOST_DEV_PORT, type AreaDefinition } from './areas.js';
export { buildProblems, bundlingProblems, manifestProblems, REQUIRED_SHARED, SHARED_CONTRACT, type SharedContract } from './manifestContract.js';
export { PRECOMPRESS_RULE, addMissingSiblings, siblingProblems } from './precompress.js';
