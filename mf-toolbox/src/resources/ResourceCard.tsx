import type { ResourceItem } from '@qiming/sdk/contracts';
import { LetterIcon } from './LetterIcon';
import styles from './resources.module.css';

/** A card: icon, name and the one-line description; opens the detail dialog. */
export function ResourceCard({ item, onOpen }: { item: ResourceItem; onOpen(item: ResourceItem): void }) {
  return (
    <button type="button" className={styles.card} onClick={() => onOpen(item)} data-testid="resource-card" title={item.tooltip}>
      <LetterIcon name={item.itemName} imgUrl={item.imgUrl} />
      <span className={styles.cardText}>
        <span className={styles.cardName}>{item.itemName}</span>
        <span className={styles.cardDescription}>{item.tooltip}</span>
      </span>
    </button>
  );
}
