import { useEffect } from 'react';
import { t } from '../i18n';
import styles from './shell.module.css';

/** What the host itself shows in the page outlet for paths no area owns. */
export function HostPage({ pathname, apiSite }: { pathname: string; apiSite: string }) {
  if (pathname === '/api') return <ApiRedirect apiSite={apiSite} />;
  return (
    <div className={styles.notice} data-testid="host-not-found">
      <h2>{t('page.notFound')}</h2>
      <p>{t('page.notFoundDetail')}</p>
    </div>
  );
}

function ApiRedirect({ apiSite }: { apiSite: string }) {
  useEffect(() => {
    if (apiSite) window.location.replace(apiSite);
  }, [apiSite]);
  return (
    <div className={styles.notice} data-testid={apiSite ? 'api-redirect' : 'api-site-missing'}>
      <h2>{apiSite ? t('api.redirecting') : t('api.missing')}</h2>
    </div>
  );
}
