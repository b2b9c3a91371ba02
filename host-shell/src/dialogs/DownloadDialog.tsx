import { dataOf, request, toasts, useLoad, type DownloadLinks } from '@qiming/sdk';
import { t } from '../i18n';
import { Dialog } from './Dialog';
import { promptInstall } from './installPrompt';
import styles from './dialog.module.css';

const NOT_PUBLISHED: DownloadLinks = { windows: null, extension: null, android: null };

function DownloadLink({ url, label }: { url: string | null | undefined; label: string }) {
  if (!url) return <span className={styles.hint}>{t('download.notPublished')}</span>;
  return (
    <a className={styles.confirm} href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/**
 * 下载客户端 (spec platform §2): the Windows installer, the browser plug-in or installing the site as
 * an app, the Android page and the iOS home-screen steps. Links come from the server (DOWNLOAD_*).
 */
export function DownloadDialog({ onClose }: { onClose(): void }) {
  const { data, error } = useLoad(() => dataOf(request.get<DownloadLinks>('platform/downloads')), []);
  const links: DownloadLinks | undefined = error ? NOT_PUBLISHED : data;

  const install = async () => {
    if (!(await promptInstall())) toasts.warn(t('download.installUnavailable'));
  };

  return (
    <Dialog title={t('download.title')} onClose={onClose} testId="download-dialog">
      <ul className={styles.downloadList}>
        <li>
          <strong>{t('download.windows')}</strong>
          <span>{t('download.windowsDetail')}</span>
          {links ? <DownloadLink url={links.windows} label={t('download.windowsButton')} /> : null}
        </li>
        <li>
          <strong>{t('download.browser')}</strong>
          <span>{t('download.browserDetail')}</span>
          <button type="button" className={styles.confirm} onClick={() => void install()} data-testid="install-app">
            {t('download.install')}
          </button>
          {links?.extension ? <DownloadLink url={links.extension} label={t('download.extensionButton')} /> : null}
        </li>
        <li>
          <strong>{t('download.android')}</strong>
          {links ? <DownloadLink url={links.android} label={t('download.androidButton')} /> : null}
        </li>
        <li>
          <strong>{t('download.ios')}</strong>
          <span>{t('download.iosDetail')}</span>
        </li>
      </ul>
    </Dialog>
  );
}
