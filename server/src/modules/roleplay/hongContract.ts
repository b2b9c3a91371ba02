import { createRequire } from 'node:module';

/**
 * The SDK's role-play contract (rules, score marker, score line): one source for the client, the
 * server and the tests. Required, like the SDK's JSON tables: Node reads the SDK package as
 * CommonJS, so an ESM import would not see its named exports.
 */
export const { HONG_RULES, HONG_SCORE_MARKER, hongScoreLine, parseHongScore } = createRequire(import.meta.url)('@qiming/sdk/contracts') as typeof import('@qiming/sdk/contracts');
