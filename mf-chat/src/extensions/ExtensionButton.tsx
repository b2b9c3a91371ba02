import { PuzzleIcon } from '../icons';
import { t } from '../i18n';
import agentStyles from '../agents/agents.module.css';
import styles from './extensions.module.css';

/** 扩展 in the input's tool row, with how many are in use; opens the extension dialog. */
export function ExtensionButton({ count, onOpen }: { count: number; onOpen(): void }) {
  return (
    <button type="button" className={agentStyles.openCentre} onClick={onOpen} aria-label={count > 0 ? t('extensions.openLabel', { count }) : undefined} aria-haspopup="dialog" data-testid="open-extensions">
      <PuzzleIcon size={14} />
      {t('extensions.open')}
      {count > 0 ? (
        <span className={styles.countBadge} aria-hidden>
          {count}
        </span>
      ) : null}
    </button>
  );
}
