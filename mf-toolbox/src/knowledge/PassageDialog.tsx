import { ApiError, useLoad } from '@qiming/sdk';
import type { KnowledgePassage } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Modal } from '@qiming/sdk/ui/feedback';
import { useToolboxApi } from '../api/toolboxApi';
import { useDialogWidth } from '../agents/useDialogWidth';
import { PassageText } from './PassageText';
import { t } from '../i18n';
import styles from './knowledge.module.css';

interface Props {
  chunkId: string;
  onClose(): void;
  /** 在文档中查看: the document's passages on the page that holds this one. */
  onShowInDocument(passage: KnowledgePassage): void;
}

/** The passage a chat citation (or a hit) points at, highlighted, with where it sits. */
export function PassageDialog({ chunkId, onClose, onShowInDocument }: Props) {
  const api = useToolboxApi();
  const dialog = useDialogWidth(680);
  // Quiet: a missing passage is explained here, not in a toast.
  const loaded = useLoad(() => api.knowledge.passage(chunkId, { silent: true }), [api, chunkId]);
  const passage = loaded.data;

  return (
    <Modal open title={t('knowledge.passage.title')} footer={null} onCancel={onClose} width={dialog.width} style={dialog.style} destroyOnHidden>
      <div data-testid="passage-dialog">
        {loaded.error ? (
          <Result status="warning" title={loaded.error instanceof ApiError ? loaded.error.message : t('knowledge.passage.missing')} subTitle={t('knowledge.passage.missingDetail')} />
        ) : !passage ? (
          <div className={styles.loading}>
            <Spin />
          </div>
        ) : (
          <>
            <p className={styles.passageSource}>{t('knowledge.passage.source', { base: passage.knowledgeTitle, document: passage.documentName })}</p>
            <PassageText chunk={passage.chunk} highlighted />
            <footer className={styles.dialogActions}>
              <Button onClick={() => onShowInDocument(passage)}>{t('knowledge.passage.inDocument', { n: passage.pageNo })}</Button>
            </footer>
          </>
        )}
      </div>
    </Modal>
  );
}
