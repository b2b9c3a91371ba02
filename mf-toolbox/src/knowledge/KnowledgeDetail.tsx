import { useEffect, useState } from 'react';
import { navigateTo, toasts } from '@qiming/sdk';
import type { KnowledgeBase, KnowledgeItem } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Alert } from '@qiming/sdk/ui/feedback';
import { Tabs, Tag } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { ChunkDialog, type ChunkView } from './ChunkDialog';
import { DocumentTable } from './DocumentTable';
import { HitTestPanel } from './HitTestPanel';
import { KnowledgeFormDialog } from './KnowledgeFormDialog';
import { knowledgeChatLink } from './links';
import { PassageDialog } from './PassageDialog';
import { UploadPanel } from './UploadPanel';
import { useKnowledgeBase } from './useKnowledgeBase';
import { useKnowledgeItems } from './useKnowledgeItems';
import { t } from '../i18n';
import styles from './knowledge.module.css';

interface Props {
  id: string;
  /** The passage to show (a citation's `chunk`), else null. */
  chunk: string | null;
  onBack(): void;
  /** The base does not exist or is someone's private one. */
  onMissing(): void;
  /** Shows a passage (or none) — kept in the URL so the view is linkable. */
  onPassage(chunkId: string | null): void;
}

/** A base opened from the list, the public page or a citation: read-only unless it is one's own. */
export function KnowledgeDetail({ id, chunk, onBack, onMissing, onPassage }: Props) {
  const loaded = useKnowledgeBase(id);
  const base = loaded.data;

  useEffect(() => {
    if (base === null) onMissing();
  }, [base, onMissing]);

  if (loaded.error && !base) {
    return (
      <Result
        status="warning"
        title={t('knowledge.loadFailed')}
        extra={
          <Button type="primary" onClick={loaded.refresh}>
            {t('grid.retry')}
          </Button>
        }
      />
    );
  }
  if (!base) {
    return (
      <div className={styles.loading} data-testid="detail-loading">
        <Spin />
      </div>
    );
  }
  return <BaseDetail base={base} chunk={chunk} onBack={onBack} onPassage={onPassage} onChanged={loaded.refresh} />;
}

function BaseDetail({ base, chunk, onBack, onPassage, onChanged }: { base: KnowledgeBase; chunk: string | null; onBack(): void; onPassage(chunkId: string | null): void; onChanged(): void }) {
  const api = useToolboxApi();
  const items = useKnowledgeItems(base.id);
  const [tab, setTab] = useState<'documents' | 'hitTest'>('documents');
  const [chunkView, setChunkView] = useState<ChunkView | null>(null);
  const [editing, setEditing] = useState(false);
  const list = items.data ?? [];
  const readOnly = !base.mine;

  const reindex = async (item: KnowledgeItem) => {
    try {
      await api.knowledge.reindex(item.id);
      toasts.success(t('knowledge.docs.reindexed', { name: item.name }));
      items.refresh();
    } catch {
      // the request client has shown why
    }
  };

  const remove = async (targets: KnowledgeItem[]): Promise<boolean> => {
    try {
      await api.knowledge.removeItems(targets.map((item) => item.id));
      toasts.success(t('knowledge.docs.deleted', { n: targets.length }));
      items.refresh();
      return true;
    } catch {
      // the request client has shown why
      return false;
    }
  };

  return (
    <div className={styles.detail} data-testid="knowledge-detail">
      <Button type="link" className={styles.back} onClick={onBack}>
        {t('knowledge.back')}
      </Button>
      <header className={styles.detailHead}>
        <div className={styles.detailTitle}>
          <h2>{base.title}</h2>
          <div className={styles.tags}>
            {base.isPublic ? <Tag color="green">{t('knowledge.public')}</Tag> : <Tag>{t('knowledge.private')}</Tag>}
            {readOnly ? <Tag color="blue">{t('knowledge.readOnly')}</Tag> : null}
          </div>
        </div>
        <div className={styles.detailActions}>
          <Button type="primary" onClick={() => navigateTo(knowledgeChatLink(base.id, base.title))}>
            {t('knowledge.useInChat')}
          </Button>
          {readOnly ? null : <Button onClick={() => setEditing(true)}>{t('knowledge.edit')}</Button>}
        </div>
      </header>
      <p className={styles.remark}>{base.remark || t('knowledge.noRemark')}</p>
      <p className={styles.meta}>
        {readOnly ? <span>{t('knowledge.author', { name: base.author })}</span> : null}
        {items.data ? <span>{t('knowledge.documents', { n: list.length })}</span> : null}
        {items.data ? <span>{t('knowledge.passages', { n: list.reduce((sum, item) => sum + item.chunkCount, 0) })}</span> : null}
      </p>
      {readOnly ? <Alert className={styles.readOnlyNote} type="info" showIcon message={t('knowledge.readOnlyNote', { name: base.author })} /> : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          {
            key: 'documents',
            label: t('knowledge.tabDocuments'),
            children: (
              <>
                {readOnly ? null : <UploadPanel knowledgeId={base.id} onAdded={items.refresh} />}
                {items.error && !items.data ? (
                  <Result
                    status="warning"
                    title={t('knowledge.loadFailed')}
                    extra={
                      <Button type="primary" onClick={items.refresh}>
                        {t('grid.retry')}
                      </Button>
                    }
                  />
                ) : (
                  <DocumentTable
                    items={list}
                    loading={items.loading}
                    readOnly={readOnly}
                    onView={(item) => setChunkView({ itemId: item.id, documentName: item.name, pageNo: 1 })}
                    onReindex={(item) => void reindex(item)}
                    onDelete={remove}
                  />
                )}
              </>
            ),
          },
          { key: 'hitTest', label: t('knowledge.tabHitTest'), children: <HitTestPanel knowledgeId={base.id} onOpen={onPassage} /> },
        ]}
      />
      {chunk ? (
        <PassageDialog
          chunkId={chunk}
          onClose={() => onPassage(null)}
          onShowInDocument={(passage) => {
            onPassage(null);
            setChunkView({ itemId: passage.chunk.itemId, documentName: passage.documentName, pageNo: passage.pageNo, highlight: passage.chunk.id });
          }}
        />
      ) : null}
      {chunkView ? <ChunkDialog view={chunkView} onClose={() => setChunkView(null)} /> : null}
      {editing ? (
        <KnowledgeFormDialog
          editing={base}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}
