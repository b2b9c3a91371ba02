import { useState, type ReactNode } from 'react';
import { navigateTo, toasts, useLoad, type Loaded, KNOWLEDGE_LIMITS } from '@qiming/sdk';
import type { KnowledgeBase, Page } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Popconfirm } from '@qiming/sdk/ui/feedback';
import { Empty, Tag } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { AgentGrid } from '../agents/AgentGrid';
import { KnowledgeFormDialog } from './KnowledgeFormDialog';
import { knowledgeCardView } from './knowledgeCardView';
import { knowledgeChatLink } from './links';
import { t } from '../i18n';
import styles from './knowledge.module.css';

type Editing = { base: KnowledgeBase | null } | null;

interface Props {
  onOpen(base: KnowledgeBase): void;
  /** Shown above the list (a link to a base that is gone). */
  notice?: ReactNode;
}

/** 我的知识库's list: own bases as cards with 编辑 / 删除, and 新建知识库. */
export function MyKnowledgeList({ onOpen, notice }: Props) {
  const api = useToolboxApi();
  const loaded = useLoad(() => api.knowledge.mine(), [api]);
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const bases = loaded.data;

  // getMyKnowledge answers every own base at once: pages are cut here.
  const paged: Loaded<Page<KnowledgeBase>> = {
    ...loaded,
    data: bases && { list: bases.slice((pageNo - 1) * KNOWLEDGE_LIMITS.pageSize, pageNo * KNOWLEDGE_LIMITS.pageSize), total: bases.length },
  };

  const startCreating = () => {
    if (bases && bases.length >= KNOWLEDGE_LIMITS.basesPerUser) toasts.warn(t('knowledge.limitReached', { n: KNOWLEDGE_LIMITS.basesPerUser }));
    else setEditing({ base: null });
  };

  const remove = async (base: KnowledgeBase) => {
    try {
      await api.knowledge.remove(base.id);
      toasts.success(t('knowledge.deleted', { name: base.title }));
      if (paged.data?.list.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
      loaded.refresh();
    } catch {
      // the request client has shown why
    }
  };

  const actions = (base: KnowledgeBase) => (
    <>
      <Button size="small" type="primary" onClick={() => navigateTo(knowledgeChatLink(base.id, base.title))}>
        {t('knowledge.use')}
      </Button>
      <Button size="small" onClick={() => setEditing({ base })}>
        {t('knowledge.edit')}
      </Button>
      <Popconfirm
        title={t('knowledge.deleteTitle', { name: base.title })}
        description={t('knowledge.deleteDetail')}
        okText={t('knowledge.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={() => remove(base)}
      >
        <Button size="small" danger>
          {t('knowledge.delete')}
        </Button>
      </Popconfirm>
    </>
  );
  const visibility = (base: KnowledgeBase) => (base.isPublic ? <Tag key="public" color="green">{t('knowledge.public')}</Tag> : <Tag key="private">{t('knowledge.private')}</Tag>);

  return (
    <div>
      {notice}
      <div className={styles.toolbar}>
        <p className={styles.intro}>{bases ? t('knowledge.count', { n: bases.length, max: KNOWLEDGE_LIMITS.basesPerUser }) : t('knowledge.intro')}</p>
        <Button type="primary" onClick={startCreating}>
          {t('knowledge.create')}
        </Button>
      </div>
      <AgentGrid
        loaded={paged}
        pageNo={pageNo}
        onPage={setPageNo}
        toView={(base) => knowledgeCardView(base, { tags: [visibility(base)], actions: actions(base) })}
        onOpen={onOpen}
        empty={
          <Empty description={<span className={styles.emptyText}>{t('knowledge.empty')}</span>}>
            <Button type="primary" onClick={startCreating}>
              {t('knowledge.create')}
            </Button>
          </Empty>
        }
      />
      {editing ? (
        <KnowledgeFormDialog
          editing={editing.base}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            loaded.refresh();
            // A new base opens at once: adding documents is what one does next.
            if (!editing.base) onOpen(saved);
          }}
        />
      ) : null}
    </div>
  );
}
