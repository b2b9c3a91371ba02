import { useCallback, useState } from 'react';
import { navigateTo, session, signIn, toasts, useLoad } from '@qiming/sdk';
import type { LoginResult } from '@qiming/sdk/contracts';
import { Alert } from '@qiming/sdk/ui/feedback';
import { Tabs } from '@qiming/sdk/ui/display';
import { accountApi, type AccountApi, type Channel } from '../api/accountApi';
import { IdentifierForm, type Mode } from './IdentifierForm';
import { SocialButtons } from './SocialButtons';
import { WechatLogin } from './WechatLogin';
import { t } from '../i18n';
import styles from './login.module.css';

type Tab = Channel | 'wechat';

/** /loginPage: phone, e-mail and WeChat login, register and reset; then back where the user was. */
export function LoginPage({ api = accountApi }: { api?: AccountApi }) {
  const aff = new URLSearchParams(window.location.search).get('aff') ?? '';
  const [tab, setTab] = useState<Tab>('phone');
  const [mode, setMode] = useState<Mode>(aff ? 'register' : 'code');
  const devOutbox = useLoad(() => api.devOutboxOn(), [api]).data ?? false;
  const [outboxTarget, setOutboxTarget] = useState<string | null>(null);


  const finish = useCallback(async (result: LoginResult) => {
    await signIn(result);
    toasts.success(t('login.succeeded'));
    navigateTo(session.takeReturnTo());
  }, []);

  const form = (channel: Channel) => (
    <IdentifierForm
      key={`${channel}-${mode}`}
      api={api}
      channel={channel}
      mode={mode}
      aff={aff}
      onModeChange={setMode}
      onLoggedIn={finish}
      onCodeSent={({ target, devOutbox: toOutbox }) => {
        toasts.success(t('login.codeSent'));
        setOutboxTarget(toOutbox ? target : null);
      }}
      onPasswordReset={() => {
        toasts.success(t('login.passwordReset'));
        setMode('password');
      }}
    />
  );

  const [outboxHintBefore, outboxHintAfter] = t('login.devOutbox.hint').split('{link}');

  return (
    <div className={styles.page}>
      <a className={styles.brand} href="/" onClick={(event) => (event.preventDefault(), navigateTo('/'))}>
        {t('login.brand')}
      </a>
      <main className={styles.card} data-testid="login-card">
        <h1 className={styles.title}>{t(`login.title.${mode}`)}</h1>
        {devOutbox ? (
          <Alert
            className={styles.notice}
            type="info"
            showIcon
            data-testid="dev-outbox-notice"
            message={t('login.devOutbox.title')}
            description={
              <span>
                {outboxHintBefore}
                <a href={`/app-api/dev/outbox${outboxTarget ? `?to=${encodeURIComponent(outboxTarget)}` : ''}`} target="_blank" rel="noreferrer">
                  {t('login.devOutbox.link')}
                </a>
                {outboxHintAfter}
              </span>
            }
          />
        ) : null}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          centered
          items={[
            { key: 'phone', label: t('login.tab.phone'), children: form('phone') },
            { key: 'email', label: t('login.tab.email'), children: form('email') },
            { key: 'wechat', label: t('login.tab.wechat'), children: tab === 'wechat' ? <WechatLogin api={api} onLoggedIn={finish} /> : null },
          ]}
        />
        <SocialButtons api={api} />
      </main>
    </div>
  );
}
