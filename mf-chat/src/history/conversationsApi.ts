import { dataOf, request } from '@qiming/sdk';
import type { ConversationGroup, ConversationTree, Page } from '@qiming/sdk/contracts';

/** The history calls of spec chat §7 (backend-api). */
export const conversationsApi = {
  page: (pageNo: number, pageSize = 20) => dataOf(request.post<Page<ConversationGroup>>('backend-api/getConversationGroupsPage', { pageNo, pageSize })),
  tree: (convGroupId: string) => dataOf(request.get<ConversationTree>('backend-api/getConversations', { convGroupId })),
  rename: (convGroupId: string, title: string) => dataOf(request.get<null>('backend-api/changeTitle', { convGroupId, title })),
  remove: (convGroupId: string) => dataOf(request.get<{ deleted: number }>('backend-api/deleteConvGroup', { convGroupId })),
  selectBranch: (convId: string) => dataOf(request.get<null>('backend-api/selectBranch', { convId })),
};
