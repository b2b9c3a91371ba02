import { observer } from 'mobx-react-lite';
import { copyText, navigateTo, session, user } from '@qiming/sdk';
import { Button, Result } from '@qiming/sdk/ui';
import { Tabs } from '@qiming/sdk/ui/display';
import { accountApi, type AccountApi } from '../api/accountApi';
import { ApiKeys } from './ApiKeys';
import { SpeechSettings } from './SpeechSettings';
import { RedeemCode } from './RedeemCode';
import { t } from '../i18n';

/** /setting and /oaitoken: account, read-aloud settings and API keys (the latter opens on API keys). */
export const SettingsPage = observer(function SettingsPage({ initialTab = 'settings', api = accountApi }: { initialTab?: 'settings' | 'keys'; api?: AccountApi }) {
  if (!session.isLoggedIn) {
    return (
      <Result
        status="info"
        title={t('settings.signInFirst.title')}
        subTitle={t('settings.signInFirst.detail')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              session.rememberReturnTo(`${window.location.pathname}${window.location.search}`);
              navigateTo('/loginPage');
            }}
          >
            {t('settings.signInFirst.action')}
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
          label: t('settings.tab.settings'),
          children: (
            <>
              {info ? (
                <p style={{ marginBottom: 24 }}>
                  {t('settings.usernameLabel')}
                  <strong>{info.username}</strong>
                  {t('settings.inviteCodeLabel')}
                  <button type="button" style={{ border: 0, background: 'none', color: '#6d4aff', cursor: 'pointer' }} onClick={() => void copyText(info.inviteCode)}>
                    {info.inviteCode}
                  </button>
                </p>
              ) : null}
              <SpeechSettings />
              <h3 style={{ margin: '32px 0 12px' }}>{t('settings.redeemHeading')}</h3>
              <RedeemCode />
            </>
          ),
        },
        { key: 'keys', label: t('settings.tab.keys'), children: <ApiKeys api={api} /> },
      ]}
    />
  );
});
