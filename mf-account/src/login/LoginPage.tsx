import { useCallback, useEffect, useState } from 'react';
import { navigateTo, session, signIn, toasts } from '@qiming/sdk';
import type { LoginResult } from '@qiming/sdk/contracts';
import { Alert } from '@qiming/sdk/ui/feedback';
import { Tabs } from '@qiming/sdk/ui/display';
import { accountApi, type AccountApi, type Channel } from '../api/accountApi';
import { IdentifierForm, type Mode } from './IdentifierForm';
import { SocialButtons } from './SocialButtons';
import { WechatLogin } from './WechatLogin';
import styles from './login.module.css';

type Tab = Channel | 'wechat';

const TITLES: Record<Mode, string> = { code: '登录启明 AI', password: '登录启明 AI', register: '注册启明 AI', reset: '找回密码' };

/** /loginPage: phone, e-mail and WeChat login, register and reset; then back where the user was. */
export function LoginPage({ api = accountApi }: { api?: AccountApi }) {
  const aff = new URLSearchParams(window.location.search).get('aff') ?? '';
  const [tab, setTab] = useState<Tab>('phone');
  const [mode, setMode] = useState<Mode>(aff ? 'register' : 'code');
  const [devOutbox, setDevOutbox] = useState(false);
  const [outboxTarget, setOutboxTarget] = useState<string | null>(null);

  useEffect(() => {
    api.devOutboxOn().then(setDevOutbox, () => setDevOutbox(false));
  }, [api]);

  const finish = useCallback(async (result: LoginResult) => {
    await signIn(result);
    toasts.success('登录成功');
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
        toasts.success('验证码已发送');
        setOutboxTarget(toOutbox ? target : null);
      }}
      onPasswordReset={() => {
        toasts.success('密码已重置，请使用新密码登录');
        setMode('password');
      }}
    />
  );

  return (
    <div className={styles.page}>
      <a className={styles.brand} href="/" onClick={(event) => (event.preventDefault(), navigateTo('/'))}>
        启明 AI
      </a>
      <main className={styles.card} data-testid="login-card">
        <h1 className={styles.title}>{TITLES[mode]}</h1>
        {devOutbox ? (
          <Alert
            className={styles.notice}
            type="info"
            showIcon
            data-testid="dev-outbox-notice"
            message="本地开发模式：验证码不会真正发出"
            description={
              <span>
                发送后可在
                <a href={`/app-api/dev/outbox${outboxTarget ? `?to=${encodeURIComponent(outboxTarget)}` : ''}`} target="_blank" rel="noreferrer">
                  开发信箱
                </a>
                查看验证码。
              </span>
            }
          />
        ) : null}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          centered
          items={[
            { key: 'phone', label: '手机号', children: form('phone') },
            { key: 'email', label: '邮箱', children: form('email') },
            { key: 'wechat', label: '微信扫码', children: tab === 'wechat' ? <WechatLogin api={api} onLoggedIn={finish} /> : null },
          ]}
        />
        <SocialButtons api={api} />
      </main>
    </div>
  );
}
