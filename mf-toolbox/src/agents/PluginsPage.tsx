import { observer } from 'mobx-react-lite';
import type { AgentListRequest } from '@qiming/sdk/contracts';
import { Empty } from '@qiming/sdk/ui/display';
import type { ToolboxApi } from '../api/toolboxApi';
import { AgentBrowser } from './AgentBrowser';
import { t } from '../i18n';
import styles from './agents.module.css';

const publicPlugins = (api: ToolboxApi, query: AgentListRequest) => api.publicPlugins(query);

/** /toolBox/apps AI 插件: public agents that carry extensions, for visitors too. */
export const PluginsPage = observer(function PluginsPage() {
  return (
    <>
      <p className={styles.intro}>{t('plugins.intro')}</p>
      <AgentBrowser list={publicPlugins} withCategories={false} placeholder={t('plugins.search')} empty={<Empty description={t('plugins.empty')} />} />
    </>
  );
});
