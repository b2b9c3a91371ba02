import { useCallback, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { STORAGE_KEYS } from '@qiming/sdk';
import { announcements } from '../announcements/announcementsStore';
import { t } from '../i18n';
import { useDismiss } from '../layout/useDismiss';
import styles from './navbar.module.css';

/** spec platform §9: the unread badge shows 3. */
export const UNREAD_BADGE = 3;

/**
 * The update-notice card (spec platform §2): a bell with a badge while this version of the notes is
 * unread (local storage `isRead` holds the version read); items fold open one at a time.
 */
export const UpdateNotices = observer(function UpdateNotices() {
  const updates = announcements.payload?.updates ?? null;
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [readVersion, setReadVersion] = useState(() => window.localStorage.getItem(STORAGE_KEYS.isRead));
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  if (!updates || !updates.items.length) return null;
  const unread = readVersion !== String(updates.version);
  const toggle = () => {
    setOpen((value) => !value);
    if (unread) {
      window.localStorage.setItem(STORAGE_KEYS.isRead, String(updates.version));
      setReadVersion(String(updates.version));
    }
  };

  return (
    <div className={styles.updates} ref={root}>
      <button type="button" className={styles.iconButton} aria-label={t('updates.title')} aria-expanded={open} onClick={toggle} data-testid="updates-button">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6Zm0 18a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 12 21Z" fill="currentColor" />
        </svg>
        {unread ? (
          <span className={styles.badge} data-testid="updates-badge">
            {UNREAD_BADGE}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className={styles.card} role="dialog" aria-label={t('updates.title')} data-testid="updates-card">
          <strong className={styles.cardTitle}>{t('updates.title')}</strong>
          <ul className={styles.cardItems}>
            {updates.items.map((item) => (
              <li key={item.id}>
                <button type="button" className={styles.cardItemHead} aria-expanded={expanded === item.id} onClick={() => setExpanded(expanded === item.id ? null : item.id)}>
                  <span>{item.title}</span>
                  <time dateTime={item.updateTime}>{item.updateTime}</time>
                </button>
                {expanded === item.id ? <p className={styles.cardItemBody}>{item.content}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
});
