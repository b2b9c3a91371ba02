import { AGENT_LIMITS } from '@qiming/sdk';

/** Agent lists come in pages of 20 (spec chat §9). */
export const AGENT_PAGE_SIZE = AGENT_LIMITS.pageSize;

/** Searching waits until the text has stayed the same this long (ms). */
export const SEARCH_DEBOUNCE_MS = 300;
