import { useEffect } from 'react';
import styles from './shell.module.css';

/** What the host itself shows in the page outlet for paths no area owns. */
export function HostPage({ pathname, apiSite }: { pathname: string; apiSite: string }) {
  if (pathname === '/api') return <ApiRedirect apiSite={apiSite} />;
  return (
    <div className={styles.notice} data-testid="host-not-found">
      <h2>页面不存在</h2>
      <p>这个地址没有对应的页面，请从顶部导航进入。</p>
    </div>
  );
}

function ApiRedirect({ apiSite }: { apiSite: string }) {
  useEffect(() => {
    if (apiSite) window.location.replace(apiSite);
  }, [apiSite]);
  return (
    <div className={styles.notice} data-testid={apiSite ? 'api-redirect' : 'api-site-missing'}>
      <h2>{apiSite ? '正在前往 API 站点…' : 'API 站点暂未开放'}</h2>
    </div>
  );
}
