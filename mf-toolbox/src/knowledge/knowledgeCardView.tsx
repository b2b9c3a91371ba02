import type { ReactNode } from 'react';
import type { KnowledgeBase } from '@qiming/sdk/contracts';
import type { CardView } from '../agents/AgentCard';
import { formatBytes } from './format';
import { t } from '../i18n';
import styles from './knowledge.module.css';

/** A base as a card of the shared grid: its counts, and the author on someone else's base. */
export function knowledgeCardView(base: KnowledgeBase, extra: { tags?: ReactNode[]; actions?: ReactNode } = {}): CardView {
  return {
    key: base.id,
    icon: null,
    name: base.title,
    description: base.remark || t('knowledge.noRemark'),
    meta: (
      <>
        {base.mine ? null : <span className={styles.author}>{t('knowledge.author', { name: base.author })}</span>}
        <span>{t('knowledge.documents', { n: base.documentCount })}</span>
        <span>{t('knowledge.passages', { n: base.chunkCount })}</span>
        <span>{formatBytes(base.sizeBytes)}</span>
      </>
    ),
    tags: extra.tags ?? [],
    actions: extra.actions,
  };
}
