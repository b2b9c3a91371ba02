import { Empty } from '@qiming/sdk/ui/display';
import type { ToolboxApi } from '../api/toolboxApi';
import type { AgentListRequest } from '@qiming/sdk/contracts';
import { AgentBrowser } from './AgentBrowser';
import { t } from '../i18n';

const publicAgents = (api: ToolboxApi, query: AgentListRequest) => api.publicAgents(query);

/** /toolBox/apps2 智能体广场: public agents by category, searchable, open to visitors too. */
export function SquarePage() {
  return <AgentBrowser list={publicAgents} withCategories placeholder={t('square.search')} empty={<Empty description={t('square.empty')} />} />;
}
