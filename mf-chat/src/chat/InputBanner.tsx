import type { ReactNode } from 'react';
import styles from '../agents/agents.module.css';

interface Props {
  /** The picture before the text (an agent's icon), if any. */
  icon?: ReactNode;
  text: string;
  removeLabel: string;
  onRemove(): void;
  /** `<testId>` on the banner, `<testId>-remove` on its ×. */
  testId: string;
}

/** One line above the input naming what the chat is using (an agent, a knowledge base), with × to remove it (spec chat §2). */
export function InputBanner({ icon, text, removeLabel, onRemove, testId }: Props) {
  return (
    <div className={styles.banner} data-testid={testId}>
      {icon}
      <span className={styles.bannerName}>{text}</span>
      <button type="button" className={styles.bannerRemove} aria-label={removeLabel} onClick={onRemove} data-testid={`${testId}-remove`}>
        ✕
      </button>
    </div>
  );
}
