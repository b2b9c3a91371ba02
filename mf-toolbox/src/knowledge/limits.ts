/**
 * KNOWLEDGE_LIMITS of the contract (contracts/src/knowledge.ts). The SDK's root does not re-export
 * them yet, and `@qiming/sdk/contracts` is not a shared module (importing values from it would bundle
 * SDK code into the area), so the values the pages need are repeated here; knowledge.test.tsx checks
 * they still equal the contract's.
 */
export const LIMITS = {
  title: 50,
  remark: 500,
  basesPerUser: 20,
  uploadsPerCall: 50,
  query: 500,
  pageSize: 20,
} as const;
