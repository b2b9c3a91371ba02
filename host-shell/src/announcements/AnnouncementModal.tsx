import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import type { AnnouncementsPayload, SiteLinkKind } from '@qiming/sdk';
import { Dialog } from '../dialogs/Dialog';
import { t } from '../i18n';
import { announcements } from './announcementsStore';
import { noticeFooterLinks, noticePopup } from './displayPolicy';
import { useStoredPopup } from './useStoredPopup';
import styles from './announcements.module.css';
import dialogStyles from '../dialogs/dialog.module.css';

const LINK_LABELS: Record<SiteLinkKind, 'notice.linkApi' | 'notice.linkDomestic' | 'notice.linkInternational'> = {
  api: 'notice.linkApi',
  domestic: 'notice.linkDomestic',
  international: 'notice.linkInternational',
};

type Notice = AnnouncementsPayload['notice'];

/**
 * 重要通知 (spec platform §2, §4): shown while the stored version differs from the server's (and, for
 * a limited notice, fewer than maxShows times); any way of closing it stores the version.
 */
function NoticeDialog({ notice, links, international, onDone }: { notice: Notice; links: AnnouncementsPayload['links']; international: boolean; onDone(): void }) {
  const popup = useMemo(() => noticePopup(notice), [notice]);
  const close = () => {
    popup.close();
    onDone();
  };
  const tryNow = (routeUrl: string) => {
    close();
    navigateToUrl(routeUrl);
  };

  const footer = (
    <>
      <div className={styles.links}>
        {international ? (
          <button type="button" className={dialogStyles.cancel} onClick={close}>
            {t('notice.dismiss')}
          </button>
        ) : null}
        {noticeFooterLinks(links, international).map((link) => (
          <a key={link.kind} href={link.url} target="_blank" rel="noopener noreferrer">
            {t(LINK_LABELS[link.kind])}
          </a>
        ))}
      </div>
      <button type="button" className={dialogStyles.cancel} onClick={close}>
        {t('dialog.close')}
      </button>
      <button type="button" className={dialogStyles.confirm} onClick={close}>
        {t('notice.understood')}
      </button>
    </>
  );

  return (
    <Dialog title={t('notice.title')} onClose={close} footer={footer} closeButton={false} testId="announcement-modal">
      <ul className={styles.items}>
        {notice.items.map((item) => (
          <li key={item.id} className={styles.item} data-testid="announcement-item">
            <div className={styles.itemHead}>
              <strong>{item.title}</strong>
              <time dateTime={item.updateTime}>{item.updateTime}</time>
            </div>
            <p>{item.content}</p>
            {item.routeUrl ? (
              <button type="button" className={dialogStyles.confirm} onClick={() => tryNow(item.routeUrl!)}>
                {t('notice.tryNow')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** Decides once per page load whether the notice shows, and counts the showing. */
export const AnnouncementModal = observer(function AnnouncementModal({ international }: { international: boolean }) {
  const payload = announcements.payload;
  const [done, setDone] = useState(false);
  const notice = payload?.notice.items.length ? payload.notice : null;
  const show = useStoredPopup(notice, noticePopup);
  if (!payload || !show || done) return null;
  return <NoticeDialog notice={payload.notice} links={payload.links} international={international} onDone={() => setDone(true)} />;
});
