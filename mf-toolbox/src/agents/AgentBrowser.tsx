import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { AGENT_LIMITS, useLoad } from '@qiming/sdk';
import type { AgentApp, AgentListRequest, AgentPage } from '@qiming/sdk/contracts';
import { Input } from '@qiming/sdk/ui/form';
import { Tabs } from '@qiming/sdk/ui/display';
import { useToolboxApi, type ToolboxApi } from '../api/toolboxApi';
import { agentCardView } from './AgentCard';
import { AgentDetailDialog } from './AgentDetailDialog';
import { AgentGrid } from './AgentGrid';
import { useCategories } from './categories';
import { useAgentSearch } from './useAgentSearch';
import { t } from '../i18n';
import styles from './agents.module.css';

const ALL = 'all';

interface Props {
  /** The list call: getPublicApp (智能体广场) or getPubFuncCallApp (AI 插件). */
  list(api: ToolboxApi, query: AgentListRequest): Promise<AgentPage>;
  /** The category tabs (the square has them; the plug-in list searches only). */
  withCategories: boolean;
  placeholder: string;
  empty: ReactNode;
}

/** A searchable, paged list of public agents with their detail dialog. */
export const AgentBrowser = observer(function AgentBrowser({ list, withCategories, placeholder, empty }: Props) {
  const api = useToolboxApi();
  const categories = useCategories();
  const search = useAgentSearch();
  const query = withCategories ? search.query : { ...search.query, kind1: undefined };
  const loaded = useLoad(() => list(api, query), [api, list, query.pageNo, query.keyWord, query.kind1]);
  const [open, setOpen] = useState<AgentApp | null>(null);

  const total = categories.every((c) => c.count !== null) ? categories.reduce((sum, c) => sum + (c.count ?? 0), 0) : null;
  const tabLabel = (name: string, count: number | null) => (count === null ? name : t('square.tabCount', { name, n: count }));

  return (
    <div>
      <div className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          allowClear
          maxLength={AGENT_LIMITS.keyWord}
          placeholder={placeholder}
          aria-label={placeholder}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          onSearch={search.searchNow}
        />
      </div>
      {withCategories ? (
        <Tabs
          className={styles.categoryTabs}
          activeKey={search.kind1 ?? ALL}
          onChange={(key) => search.setKind1(key === ALL ? null : (key as AgentApp['kind1']))}
          items={[{ key: ALL, label: tabLabel(t('square.all'), total) }, ...categories.map((c) => ({ key: c.kind1, label: tabLabel(c.name, c.count) }))]}
        />
      ) : null}
      <AgentGrid loaded={loaded} pageNo={search.pageNo} onPage={search.setPageNo} toView={(app) => agentCardView(app)} onOpen={(app) => setOpen(app)} empty={empty} />
      {open ? (
        <AgentDetailDialog
          app={open}
          categories={categories}
          onClose={() => setOpen(null)}
          onChanged={(app) => {
            setOpen(app);
            loaded.refresh();
          }}
        />
      ) : null}
    </div>
  );
});
