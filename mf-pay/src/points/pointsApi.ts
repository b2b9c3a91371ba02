import { dataOf, request } from '@qiming/sdk';
import type { InviteInfo, LedgerEntryView, Page } from '@qiming/sdk/contracts';

/** The pay area's points calls (shapes in @qiming/sdk/contracts/points). */
export interface PointsApi {
  history(pageNo: number, pageSize: number): Promise<Page<LedgerEntryView>>;
  inviteInfo(): Promise<InviteInfo>;
}

export const pointsApi: PointsApi = {
  history: (pageNo, pageSize) => dataOf(request.post<Page<LedgerEntryView>>('system/user/integralHistoryPage', { pageNo, pageSize })),
  inviteInfo: () => dataOf(request.get<InviteInfo>('system/user/inviteInfo')),
};
