import type { KnowledgeChunk } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import styles from './knowledge.module.css';

/** One passage: its position, heading path and text; `highlighted` marks the one a link points at. */
export function PassageText({ chunk, highlighted = false }: { chunk: KnowledgeChunk; highlighted?: boolean }) {
  return (
    <article
      className={`${styles.passage} ${highlighted ? styles.passageHighlighted : ''}`}
      data-testid={highlighted ? 'passage-highlighted' : 'passage'}
      ref={highlighted ? (node) => node?.scrollIntoView?.({ block: 'center' }) : undefined}
    >
      <header className={styles.passageHead}>
        <span className={styles.passageSeq}>{t('knowledge.chunks.seq', { n: chunk.seq + 1 })}</span>
        {chunk.heading ? <span className={styles.passageHeading}>{chunk.heading}</span> : null}
      </header>
      <p className={styles.passageBody}>{chunk.text}</p>
    </article>
  );
}
