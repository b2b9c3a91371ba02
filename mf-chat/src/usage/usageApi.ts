import { dataOf, request } from '@qiming/sdk';
import type { Page, UsageDaily, UsageQuery, UsageRecord } from '@qiming/sdk/contracts';

/** The usage calls (contract: @qiming/sdk/contracts usage.ts). Silent: the page shows their failures itself. */
export const usageApi = {
  records: (query: UsageQuery, pageNo: number, pageSize: number) => dataOf(request.post<Page<UsageRecord>>('usage/records', { ...query, pageNo, pageSize }, { silent: true })),
  daily: (query: UsageQuery) => dataOf(request.post<UsageDaily>('usage/daily', query, { silent: true })),
};

export type UsageApi = typeof usageApi;
