import type { ReactNode } from 'react';
import { t } from '../i18n';
import styles from './chat.module.css';

export interface DrawerTab<K extends string> {
  key: K;
  label: string;
  /** The spec's number of the tab (data-tab), where it gives one. */
  spec?: number;
}

interface Props<K extends string> {
  tabs: readonly DrawerTab<K>[];
  active: K;
  onTab(key: K): void;
  label: string;
  testId: string;
  onClose(): void;
  children: ReactNode;
}

/** The chat's side drawer (40% wide, full width on phones) with its tab row and ✕; a click beside it closes it. */
export function TabbedDrawer<K extends string>({ tabs, active, onTab, label, testId, onClose, children }: Props<K>) {
  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden />
      <aside className={styles.settingsDrawer} data-testid={testId} aria-label={label}>
        <header className={styles.drawerHead}>
          <div className={styles.drawerTabs} role="tablist">
            {tabs.map(({ key, label: tabLabel, spec }) => (
              <button key={key} type="button" role="tab" aria-selected={key === active} className={key === active ? styles.drawerTabActive : styles.drawerTab} onClick={() => onTab(key)} data-tab={spec}>
                {tabLabel}
              </button>
            ))}
          </div>
          <button type="button" className={styles.iconButton} aria-label={t('settings.close')} onClick={onClose}>
            ✕
          </button>
        </header>
        {children}
      </aside>
    </>
  );
}
