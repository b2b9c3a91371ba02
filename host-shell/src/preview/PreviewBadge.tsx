import { useEffect } from 'react';
import { toasts, type Registry } from '@qiming/sdk';
import { t, type HostMessageKey } from '../i18n';
import styles from './preview.module.css';

/** The page parameter of an ops preview link (server: platform/previewLinks.ts); `off` ends the browser's previews. */
export const PREVIEW_PARAM = 'preview';

const clock = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * While this browser loads an area at a preview version (an ops preview link, kept by a cookie),
 * a badge says which, until when, and ends it. What became of the link the page was opened with is
 * a toast; the link's parameter leaves the address bar, so a copied address shares no preview.
 */
export function PreviewBadge({ registry }: { registry: Registry }) {
  const notice = registry.previewNotice;
  useEffect(() => {
    if (notice) (notice.ok ? toasts.success : toasts.warn)(notice.message, { durationMs: 6000 });
    const url = new URL(window.location.href);
    if (url.searchParams.has(PREVIEW_PARAM)) {
      url.searchParams.delete(PREVIEW_PARAM);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, [notice]);

  const previews = registry.areas.filter((a) => a.preview);
  if (!previews.length) return null;
  return (
    <div className={styles.badge} data-testid="preview-badge" role="status" title={t('preview.title')}>
      <strong className={styles.label}>{t('preview.badge')}</strong>
      {previews.map((a) => (
        <span key={a.area} data-area={a.area}>
          {t('preview.area', { area: t(`area.${a.area}` as HostMessageKey), version: a.version ?? '-', until: clock(a.preview!.expiresAt) })}
        </span>
      ))}
      <a className={styles.exit} href={`${window.location.pathname}?${PREVIEW_PARAM}=off`}>
        {t('preview.exit')}
      </a>
    </div>
  );
}
