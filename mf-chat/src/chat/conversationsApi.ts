import { request } from '@qiming/sdk';
import type { ConversationGroup, ConversationTree, Page } from '@qiming/sdk/contracts';

async function data<T>(call: Promise<{ data: T } | null>): Promise<T> {
  const answer = await call;
  if (!answer) throw new Error('request refused');
  return answer.data;
}

/** The history calls of spec chat §7 (backend-api). */
export const conversationsApi = {
  page: (pageNo: number, pageSize = 20) => data(request.post<Page<ConversationGroup>>('backend-api/getConversationGroupsPage', { pageNo, pageSize })),
  tree: (convGroupId: string) => data(request.get<ConversationTree>('backend-api/getConversations', { convGroupId })),
  rename: (convGroupId: string, title: string) => data(request.get<null>('backend-api/changeTitle', { convGroupId, title })),
  remove: (convGroupId: string) => data(request.get<{ deleted: number }>('backend-api/deleteConvGroup', { convGroupId })),
  selectBranch: (convId: string) => data(request.get<null>('backend-api/selectBranch', { convId })),
};
