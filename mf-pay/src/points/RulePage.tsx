import { observer } from 'mobx-react-lite';
import { navigateTo, session } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Tabs } from '@qiming/sdk/ui/display';
import { PointsHistory } from './PointsHistory';
import { pointsApi, type PointsApi } from './pointsApi';
import { t } from '../i18n';

function Rules() {
  return (
    <div style={{ lineHeight: 1.9, color: '#444', maxWidth: 760 }}>
      <h3>{t('rules.use.heading')}</h3>
      <ul>
        <li>{t('rules.use.cost')}</li>
        <li>{t('rules.use.order')}</li>
        <li>{t('rules.use.refresh')}</li>
        <li>{t('rules.use.failed')}</li>
      </ul>
      <h3>{t('rules.earn.heading')}</h3>
      <ul>
        <li>{t('rules.earn.buy')}</li>
        <li>{t('rules.earn.checkIn')}</li>
        <li>{t('rules.earn.invite')}</li>
        <li>{t('rules.earn.redeem')}</li>
      </ul>
    </div>
  );
}

/** /rulePage: the points rules and, for a signed-in user, the points history (?tab=history). */
export const RulePage = observer(function RulePage({ api = pointsApi }: { api?: PointsApi }) {
  const initial = new URLSearchParams(window.location.search).get('tab') === 'history' ? 'history' : 'rules';
  return (
    <Tabs
      defaultActiveKey={initial}
      items={[
        { key: 'rules', label: t('rules.tab.rules'), children: <Rules /> },
        {
          key: 'history',
          label: t('rules.tab.history'),
          children: session.isLoggedIn ? (
            <PointsHistory api={api} />
          ) : (
            <Button type="primary" onClick={() => navigateTo('/loginPage')}>
              {t('rules.signInForHistory')}
            </Button>
          ),
        },
      ]}
    />
  );
});
