import { request } from '@qiming/sdk';
import type { InviteInfo, LedgerEntryView, Page } from '@qiming/sdk/contracts';

/** The pay area's points calls (shapes in @qiming/sdk/contracts/points). */
export interface PointsApi {
  history(pageNo: number, pageSize: number): Promise<Page<LedgerEntryView>>;
  inviteInfo(): Promise<InviteInfo>;
}

async function data<T>(call: Promise<{ data: T } | null>): Promise<T> {
  const answer = await call;
  if (!answer) throw new Error('request skipped');
  return answer.data;
}

export const pointsApi: PointsApi = {
  history: (pageNo, pageSize) => data(request.post<Page<LedgerEntryView>>('system/user/integralHistoryPage', { pageNo, pageSize })),
  inviteInfo: () => data(request.get<InviteInfo>('system/user/inviteInfo')),
};
