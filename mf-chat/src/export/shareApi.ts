import { dataOf, request } from '@qiming/sdk';
import type { SharedConversation, ShareState } from '@qiming/sdk/contracts';

/** The owner's share calls and the public read (contract: @qiming/sdk/contracts share.ts). */
export const shareApi = {
  state: (convGroupId: string) => dataOf(request.get<ShareState>('backend-api/getShareState', { convGroupId }, { silent: true })),
  share: (convGroupId: string) => dataOf(request.post<ShareState>('backend-api/shareConversation', { convGroupId })),
  revoke: (convGroupId: string) => dataOf(request.post<ShareState>('backend-api/revokeShare', { convGroupId })),
  /** Public: works signed out; a revoked or unknown share rejects (HTTP 404), silently. */
  read: (convGroupId: string) => dataOf(request.get<SharedConversation>(`public/share/${encodeURIComponent(convGroupId)}`, undefined, { silent: true })),
};
