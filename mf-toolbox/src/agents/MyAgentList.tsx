import { useState, type ReactNode } from 'react';
import { AGENT_LIMITS, navigateTo, toasts, useLoad } from '@qiming/sdk';
import type { AgentApp } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Popconfirm } from '@qiming/sdk/ui/feedback';
import { Tag } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { agentCardView } from './AgentCard';
import { AgentDetailDialog } from './AgentDetailDialog';
import { AgentGrid } from './AgentGrid';
import type { CategoryView } from './categories';
import { agentChatLink } from './chatLinks';
import { t } from '../i18n';

interface Props {
  /** Only agents carrying extensions (我的插件). */
  funcCall?: boolean;
  categories: CategoryView[];
  /** Changes when the list must be read again (an agent was saved). */
  version?: number;
  onEdit(app: AgentApp): void;
  empty: ReactNode;
  /** The total, for the 已创建 n/50 line. */
  onTotal?(total: number): void;
}

/** The user's own agents with 对话 / 编辑 / 删除 and their 公开 state. */
export function MyAgentList({ funcCall, categories, version = 0, onEdit, empty, onTotal }: Props) {
  const api = useToolboxApi();
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<AgentApp | null>(null);
  const loaded = useLoad(async () => {
    const page = await api.mine({ pageNo, pageSize: AGENT_LIMITS.pageSize, ...(funcCall ? { funcCall: true } : {}) });
    onTotal?.(page.total);
    return page;
  }, [api, pageNo, funcCall, version]);

  const remove = async (app: AgentApp) => {
    try {
      await api.remove(app.id);
      toasts.success(t('mine.deleted', { name: app.appName }));
      // The last card of a later page: show the page before it.
      if (loaded.data?.list.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
      else loaded.refresh();
    } catch {
      // the request client has shown why
    }
  };

  const actions = (app: AgentApp) => (
    <>
      <Button size="small" type="primary" onClick={() => navigateTo(agentChatLink(app.code))}>
        {t('mine.chat')}
      </Button>
      <Button size="small" onClick={() => onEdit(app)}>
        {t('mine.edit')}
      </Button>
      <Popconfirm title={t('mine.deleteTitle', { name: app.appName })} description={t('mine.deleteDetail')} okText={t('mine.delete')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={() => remove(app)}>
        <Button size="small" danger>
          {t('mine.delete')}
        </Button>
      </Popconfirm>
    </>
  );
  const visibility = (app: AgentApp) => (app.isPublic ? <Tag key="public" color="green">{t('mine.public')}</Tag> : <Tag key="private">{t('mine.private')}</Tag>);

  return (
    <>
      <AgentGrid loaded={loaded} pageNo={pageNo} onPage={setPageNo} toView={(app) => agentCardView(app, { tags: [visibility(app)], actions: actions(app) })} onOpen={(app) => setOpen(app)} empty={empty} />
      {open ? (
        <AgentDetailDialog
          app={open}
          categories={categories}
          onClose={() => setOpen(null)}
          onChanged={setOpen}
          onEdit={(app) => {
            setOpen(null);
            onEdit(app);
          }}
        />
      ) : null}
    </>
  );
}
