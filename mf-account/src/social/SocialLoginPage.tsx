import { useEffect, useRef, useState } from 'react';
import { navigateTo, session, signIn, toasts } from '@qiming/sdk';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { accountApi, type AccountApi } from '../api/accountApi';

/** /social-login: where an OAuth provider sends the user back with ?provider=&code=&state=. */
export function SocialLoginPage({ api = accountApi }: { api?: AccountApi }) {
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const provider = params.get('provider');
    const code = params.get('code');
    const state = params.get('state');
    if (!provider || !code || !state) {
      setFailed(true);
      return;
    }
    api.socialLogin(provider, code, state).then(
      async (result) => {
        await signIn(result);
        toasts.success('登录成功');
        navigateTo(session.takeReturnTo());
      },
      () => setFailed(true),
    );
  }, [api]);

  if (!failed) {
    return (
      <div style={{ padding: 80, textAlign: 'center' }} data-testid="social-login-progress">
        <Spin /> 正在完成第三方登录…
      </div>
    );
  }
  return (
    <Result
      status="warning"
      title="第三方登录没有完成"
      subTitle="授权已取消或已失效，请返回登录页重试。"
      extra={
        <Button type="primary" onClick={() => navigateTo('/loginPage')}>
          返回登录
        </Button>
      }
    />
  );
}
