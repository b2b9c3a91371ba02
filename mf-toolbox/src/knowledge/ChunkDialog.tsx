import { useState } from 'react';
import { useLoad, KNOWLEDGE_LIMITS } from '@qiming/sdk';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Modal } from '@qiming/sdk/ui/feedback';
import { Empty, Pagination } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { useDialogWidth } from '../agents/useDialogWidth';
import { PassageText } from './PassageText';
import { t } from '../i18n';
import styles from './knowledge.module.css';

export interface ChunkView {
  itemId: string;
  documentName: string;
  pageNo: number;
  /** The passage to mark (a citation's). */
  highlight?: string;
}

/** 查看分段: a document's passages in order, 20 a page. */
export function ChunkDialog({ view, onClose }: { view: ChunkView; onClose(): void }) {
  const api = useToolboxApi();
  const dialog = useDialogWidth(760);
  const [pageNo, setPageNo] = useState(view.pageNo);
  const loaded = useLoad(() => api.knowledge.chunks(view.itemId, pageNo), [api, view.itemId, pageNo]);
  const page = loaded.data;

  return (
    <Modal open title={t('knowledge.chunks.title', { name: view.documentName })} footer={null} onCancel={onClose} width={dialog.width} style={dialog.style} destroyOnHidden>
      <div className={styles.chunkDialog} data-testid="chunk-dialog">
        {loaded.error && !page ? (
          <Result
            status="warning"
            title={t('knowledge.loadFailed')}
            extra={
              <Button type="primary" onClick={loaded.refresh}>
                {t('grid.retry')}
              </Button>
            }
          />
        ) : !page ? (
          <div className={styles.loading}>
            <Spin />
          </div>
        ) : page.list.length === 0 ? (
          <Empty description={t('knowledge.chunks.empty')} />
        ) : (
          <>
            <p className={styles.note}>{t('knowledge.chunks.total', { n: page.total })}</p>
            {page.list.map((chunk) => (
              <PassageText key={chunk.id} chunk={chunk} highlighted={chunk.id === view.highlight} />
            ))}
            {page.total > KNOWLEDGE_LIMITS.pageSize ? <Pagination className={styles.pager} current={pageNo} pageSize={KNOWLEDGE_LIMITS.pageSize} total={page.total} showSizeChanger={false} onChange={setPageNo} /> : null}
          </>
        )}
      </div>
    </Modal>
  );
}
