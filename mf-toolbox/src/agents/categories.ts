import { AGENT_CATEGORIES, useLoad } from '@qiming/sdk';
import type { AgentCategory, AgentCategoryKey } from '@qiming/sdk/contracts';
import { useToolboxApi } from '../api/toolboxApi';
import { t } from '../i18n';

export interface CategoryView {
  kind1: AgentCategoryKey;
  name: string;
  /** null when the server's counts are not known (signed out, or the call failed). */
  count: number | null;
}

const localName = (kind1: AgentCategoryKey) => t(`category.${kind1}`);

/**
 * The categories in tab order: getAppByType's names and counts (signed out too), or the area's own
 * names without counts while it loads or when it failed.
 */
export function useCategories(): CategoryView[] {
  const api = useToolboxApi();
  const { data } = useLoad(() => api.categories(), [api]);
  return mergeCategories(data);
}

export function mergeCategories(fromServer: AgentCategory[] | undefined): CategoryView[] {
  if (fromServer?.length) return fromServer.map((c) => ({ kind1: c.kind1, name: c.name || localName(c.kind1), count: c.count }));
  return AGENT_CATEGORIES.map((kind1) => ({ kind1, name: localName(kind1), count: null }));
}

export function categoryName(categories: CategoryView[], kind1: AgentCategoryKey): string {
  return categories.find((c) => c.kind1 === kind1)?.name ?? localName(kind1);
}
