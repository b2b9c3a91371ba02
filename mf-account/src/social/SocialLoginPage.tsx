import { useEffect, useRef, useState } from 'react';
import { navigateTo, session, signIn, toasts } from '@qiming/sdk';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { accountApi, type AccountApi } from '../api/accountApi';
import { t } from '../i18n';

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
        toasts.success(t('login.succeeded'));
        navigateTo(session.takeReturnTo());
      },
      () => setFailed(true),
    );
  }, [api]);

  if (!failed) {
    return (
      <div style={{ padding: 80, textAlign: 'center' }} data-testid="social-login-progress">
        <Spin /> {t('social.completing')}
      </div>
    );
  }
  return (
    <Result
      status="warning"
      title={t('social.failed.title')}
      subTitle={t('social.failed.detail')}
      extra={
        <Button type="primary" onClick={() => navigateTo('/loginPage')}>
          {t('social.backToLogin')}
        </Button>
      }
    />
  );
}
