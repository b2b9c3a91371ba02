import { useLoad } from '@qiming/sdk';
import { useToolboxApi } from '../api/toolboxApi';

/**
 * One readable base by id: own, or someone's public one. There is no get-by-id call, so it is looked
 * up in getMyKnowledge2 (own bases, then every public one); null when it is not there.
 */
export function useKnowledgeBase(id: string) {
  const api = useToolboxApi();
  return useLoad(async () => (await api.knowledge.usable()).find((base) => base.id === id) ?? null, [api, id]);
}
