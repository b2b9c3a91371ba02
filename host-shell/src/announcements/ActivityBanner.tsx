import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { t } from '../i18n';
import { announcements } from './announcementsStore';
import { activityPopup } from './displayPolicy';
import { useStoredPopup } from './useStoredPopup';
import styles from './announcements.module.css';

/** The running activity under the navbar: at most maxShows page loads per version (spec: version 1, about 2 times). */
export const ActivityBanner = observer(function ActivityBanner() {
  const activity = announcements.payload?.activity ?? null;
  const [closed, setClosed] = useState(false);
  const show = useStoredPopup(activity, activityPopup);
  if (!activity || !show || closed) return null;
  const close = () => {
    activityPopup(activity).close();
    setClosed(true);
  };
  return (
    <div className={styles.activity} role="region" aria-label={t('activity.label')} data-testid="activity-banner">
      <strong>{activity.title}</strong>
      <span className={styles.activityText}>{activity.content}</span>
      {activity.link ? (
        <button type="button" className={styles.activityLink} onClick={() => (close(), navigateToUrl(activity.link!))}>
          {t('activity.more')}
        </button>
      ) : null}
      <button type="button" className={styles.activityClose} aria-label={t('dialog.close')} onClick={close}>
        ×
      </button>
    </div>
  );
});
