import { observer } from 'mobx-react-lite';
import { copyText, navigateTo, session, user } from '@qiming/sdk';
import { Button, Result } from '@qiming/sdk/ui';
import { Tabs } from '@qiming/sdk/ui/display';
import { accountApi, type AccountApi } from '../api/accountApi';
import { ApiKeys } from './ApiKeys';
import { SpeechSettings } from './SpeechSettings';
import { RedeemCode } from './RedeemCode';

/** /setting and /oaitoken: account, read-aloud settings and API keys (the latter opens on API keys). */
export const SettingsPage = observer(function SettingsPage({ initialTab = 'settings', api = accountApi }: { initialTab?: 'settings' | 'keys'; api?: AccountApi }) {
  if (!session.isLoggedIn) {
    return (
      <Result
        status="info"
        title="请先登录"
        subTitle="登录后可以管理设置和 API 密钥。"
        extra={
          <Button
            type="primary"
            onClick={() => {
              session.rememberReturnTo(`${window.location.pathname}${window.location.search}`);
              navigateTo('/loginPage');
            }}
          >
            去登录
          </Button>
        }
      />
    );
  }
  const info = user.info;
  return (
    <Tabs
      defaultActiveKey={initialTab}
      items={[
        {
          key: 'settings',
          label: '设置',
          children: (
            <>
              {info ? (
                <p style={{ marginBottom: 24 }}>
                  用户名：<strong>{info.username}</strong>　邀请码：
                  <button type="button" style={{ border: 0, background: 'none', color: '#6d4aff', cursor: 'pointer' }} onClick={() => void copyText(info.inviteCode)}>
                    {info.inviteCode}
                  </button>
                </p>
              ) : null}
              <SpeechSettings />
              <h3 style={{ margin: '32px 0 12px' }}>兑换码</h3>
              <RedeemCode />
            </>
          ),
        },
        { key: 'keys', label: 'API 密钥', children: <ApiKeys api={api} /> },
      ]}
    />
  );
});
