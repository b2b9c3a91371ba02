import { dataOf, request } from '@qiming/sdk';
import type { ConversationBranch, ConversationGroup, Page } from '@qiming/sdk/contracts';

/** Which page of a conversation's branch (getConversationBranch in the contract). */
export interface BranchPageQuery {
  before?: string;
  from?: string;
  limit?: number;
}

/** The history calls of spec chat §7 (backend-api), and the paged branch the chat page reads. */
export const conversationsApi = {
  page: (pageNo: number, pageSize = 20) => dataOf(request.post<Page<ConversationGroup>>('backend-api/getConversationGroupsPage', { pageNo, pageSize })),
  /** `silent`: the caller says itself what a failure means (opening a conversation). */
  branch: (convGroupId: string, page: BranchPageQuery = {}, silent = false) =>
    dataOf(request.get<ConversationBranch>('backend-api/getConversationBranch', { convGroupId, ...page }, { silent })),
  rename: (convGroupId: string, title: string) => dataOf(request.get<null>('backend-api/changeTitle', { convGroupId, title })),
  remove: (convGroupId: string) => dataOf(request.get<{ deleted: number }>('backend-api/deleteConvGroup', { convGroupId })),
  selectBranch: (convId: string) => dataOf(request.get<null>('backend-api/selectBranch', { convId })),
};
