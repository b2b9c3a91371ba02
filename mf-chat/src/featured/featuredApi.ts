import { dataOf, request } from '@qiming/sdk';
import type { ContinuedConversation, FeaturedConversation } from '@qiming/sdk/contracts';

/** The gallery (public: works signed out) and 继续对话 (contract: @qiming/sdk/contracts featured.ts). */
export const featuredApi = {
  list: () => dataOf(request.get<FeaturedConversation[]>('public/featured', undefined, { silent: true })),
  continue: (convGroupId: string) => dataOf(request.post<ContinuedConversation>('backend-api/continueSharedConversation', { convGroupId }, { silent: true })),
};

export type FeaturedApi = typeof featuredApi;
