import { useEffect } from 'react';
import { Result, Spin } from '@qiming/sdk/ui';

/** What the host itself shows in the page outlet for paths no area owns. */
export function HostPage({ pathname, apiSite }: { pathname: string; apiSite: string }) {
  if (pathname === '/api') return <ApiRedirect apiSite={apiSite} />;
  return <Result status="404" title="页面不存在" subTitle="这个地址没有对应的页面，请从顶部导航进入。" data-testid="host-not-found" />;
}

function ApiRedirect({ apiSite }: { apiSite: string }) {
  useEffect(() => {
    if (apiSite) window.location.replace(apiSite);
  }, [apiSite]);
  if (!apiSite) return <Result status="info" title="API 站点暂未开放" data-testid="api-site-missing" />;
  return (
    <div style={{ padding: 48, textAlign: 'center' }} data-testid="api-redirect">
      <Spin /> 正在前往 API 站点…
    </div>
  );
}
