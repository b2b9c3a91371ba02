import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { t } from '../i18n';
import { announcements } from './announcementsStore';
import styles from './announcements.module.css';

const CLOSED_KEY = 'qm.topBannerClosed';

/** The special layout's top promo banner (spec platform §2): leads to /pay; closed for this visit. */
export const TopBanner = observer(function TopBanner() {
  const banner = announcements.payload?.topBanner ?? null;
  // The text closed during this visit; a different text shows again.
  const [closedText, setClosedText] = useState(() => window.sessionStorage.getItem(CLOSED_KEY));
  if (!banner || closedText === banner.text) return null;
  return (
    <div className={styles.topBanner} data-testid="top-banner">
      <button type="button" className={styles.topBannerText} onClick={() => navigateToUrl('/pay')}>
        {banner.text}
      </button>
      <button
        type="button"
        className={styles.topBannerClose}
        aria-label={t('dialog.close')}
        onClick={() => {
          window.sessionStorage.setItem(CLOSED_KEY, banner.text);
          setClosedText(banner.text);
        }}
      >
        ×
      </button>
    </div>
  );
});
