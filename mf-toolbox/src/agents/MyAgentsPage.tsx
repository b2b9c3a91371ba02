import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { AGENT_LIMITS, session, toasts } from '@qiming/sdk';
import type { AgentApp } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Empty, Tabs } from '@qiming/sdk/ui/display';
import { findMine, useToolboxApi } from '../api/toolboxApi';
import { AgentEditor } from '../editor/AgentEditor';
import { useCategories } from './categories';
import { FavouriteList } from './FavouriteList';
import { MyAgentList } from './MyAgentList';
import { SignInFirst } from './SignInFirst';
import { t } from '../i18n';
import styles from './agents.module.css';

type Editing = { app: AgentApp | null } | null;
type MyAgentsTab = 'created' | 'favourites';

/**
 * /toolBox/coll2 我的智能体: the agents I created and my favourites, and the editor —
 * `?edit=<id>` opens it on an own agent, `?create=1` on a new one (links from other pages).
 * /toolBox/coll 我的收藏 is the same page opened on the favourites.
 */
export const MyAgentsPage = observer(function MyAgentsPage({ initialTab = 'created' }: { initialTab?: MyAgentsTab }) {
  if (!session.isLoggedIn) return <SignInFirst detail={t('mine.signIn')} />;
  return <MyAgents initialTab={initialTab} />;
});

function MyAgents({ initialTab }: { initialTab: MyAgentsTab }) {
  const api = useToolboxApi();
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<MyAgentsTab>(initialTab);
  const [editing, setEditing] = useState<Editing>(null);
  const [version, setVersion] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const editId = params.get('edit');
  const create = params.get('create');

  useEffect(() => {
    if (create) setEditing({ app: null });
    if (!editId) return;
    let live = true;
    findMine(api, editId, AGENT_LIMITS.pageSize).then(
      (app) => {
        if (!live) return;
        if (app) setEditing({ app });
        else toasts.error(t('mine.editNotFound'));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, editId, create]);

  const closeEditor = () => {
    setEditing(null);
    if (editId || create) setParams({}, { replace: true });
  };

  const startCreating = () => {
    if (total !== null && total >= AGENT_LIMITS.perUser) toasts.warn(t('mine.limitReached', { n: AGENT_LIMITS.perUser }));
    else setEditing({ app: null });
  };

  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.intro}>{total === null ? t('mine.intro') : t('mine.count', { n: total, max: AGENT_LIMITS.perUser })}</p>
        <Button type="primary" onClick={startCreating}>
          {t('mine.create')}
        </Button>
      </div>
      {/* Each visit reads its list again: a favourite toggled in the other tab's dialog shows. */}
      <Tabs
        destroyOnHidden
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          {
            key: 'created',
            label: t('mine.tabCreated'),
            children: (
              <MyAgentList
                categories={categories}
                version={version}
                onEdit={(app) => setEditing({ app })}
                onTotal={setTotal}
                empty={
                  <Empty description={t('mine.empty')}>
                    <Button type="primary" onClick={startCreating}>
                      {t('mine.create')}
                    </Button>
                  </Empty>
                }
              />
            ),
          },
          { key: 'favourites', label: t('mine.tabFavourites'), children: <FavouriteList categories={categories} /> },
        ]}
      />
      {editing ? (
        <AgentEditor
          editing={editing.app}
          onClose={closeEditor}
          onSaved={() => {
            closeEditor();
            setTab('created');
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}
