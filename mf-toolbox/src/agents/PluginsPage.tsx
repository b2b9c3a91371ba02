import { observer } from 'mobx-react-lite';
import { session } from '@qiming/sdk';
import type { AgentListRequest } from '@qiming/sdk/contracts';
import { Empty } from '@qiming/sdk/ui/display';
import type { ToolboxApi } from '../api/toolboxApi';
import { AgentBrowser } from './AgentBrowser';
import { SignInFirst } from './SignInFirst';
import { t } from '../i18n';
import styles from './agents.module.css';

const publicPlugins = (api: ToolboxApi, query: AgentListRequest) => api.publicPlugins(query);

/** /toolBox/apps AI 插件: public agents that carry extensions (getPubFuncCallApp is a signed-in call). */
export const PluginsPage = observer(function PluginsPage() {
  if (!session.isLoggedIn) return <SignInFirst detail={t('plugins.signIn')} />;
  return (
    <>
      <p className={styles.intro}>{t('plugins.intro')}</p>
      <AgentBrowser list={publicPlugins} withCategories={false} placeholder={t('plugins.search')} empty={<Empty description={t('plugins.empty')} />} />
    </>
  );
});
