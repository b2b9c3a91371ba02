import type { ResourceCategory } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import styles from './resources.module.css';

interface Props {
  tree: ResourceCategory[];
  selected: string | null;
  /** Top-level categories whose sub-categories are shown (the spec's showSub). */
  expanded: ReadonlySet<string>;
  onSelect(id: string): void;
  onToggle(id: string): void;
}

/** Categories with their sub-categories; a category opens its cards and shows its sub-categories. */
export function ResourceMenu({ tree, selected, expanded, onSelect, onToggle }: Props) {
  return (
    <nav aria-label={t('resources.menu')} data-testid="resource-menu">
      <ul className={styles.menu}>
        {tree.map((top) => {
          const subs = top.subItems.filter((child): child is ResourceCategory => child.kind === 'category');
          const open = expanded.has(top.id);
          return (
            <li key={top.id}>
              <div className={styles.menuRow}>
                <button type="button" className={selected === top.id ? styles.menuSelected : styles.menuItem} aria-current={selected === top.id ? 'true' : undefined} onClick={() => onSelect(top.id)}>
                  {top.imgUrl ? <span aria-hidden="true">{top.imgUrl}</span> : null} {top.itemName}
                </button>
                {subs.length ? (
                  <button type="button" className={styles.menuToggle} aria-expanded={open} aria-label={open ? t('resources.collapseCategory', { name: top.itemName }) : t('resources.expandCategory', { name: top.itemName })} onClick={() => onToggle(top.id)}>
                    {open ? '▾' : '▸'}
                  </button>
                ) : null}
              </div>
              {subs.length && open ? (
                <ul className={styles.subMenu}>
                  {subs.map((sub) => (
                    <li key={sub.id}>
                      <button type="button" className={selected === sub.id ? styles.menuSelected : styles.menuItem} aria-current={selected === sub.id ? 'true' : undefined} onClick={() => onSelect(sub.id)}>
                        {sub.itemName}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
