import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { eventBus, i18n, membershipOf, navigateTo, points, session, useLoad, user } from '@qiming/sdk';
import type { PayStatus, PlanType, TradeView } from '@qiming/sdk/contracts';
import { Button, Spin } from '@qiming/sdk/ui';
import { Table, Tag, type TableColumnsType } from '@qiming/sdk/ui/display';
import { Alert } from '@qiming/sdk/ui/feedback';
import { payApi, type PayApi } from './payApi';
import { PlanCards, tierName, yuan } from './PlanCards';
import { t } from '../i18n';
import styles from './pay.module.css';

const formatDate = (ms: number) => new Date(ms).toLocaleDateString(i18n.locale, { year: 'numeric', month: '2-digit', day: '2-digit' });

const STATUS_COLORS: Record<PayStatus, string> = { WAIT: 'gold', OK: 'green', EXPIRED: 'default', CLOSED: 'default', REFUNDED: 'purple' };

/** Built at render time, so the headings are in the page's language. */
const orderColumns = (): TableColumnsType<TradeView> => [
  { title: t('pay.order.column.time'), dataIndex: 'createdAt', render: (iso: string) => new Date(iso).toLocaleString(i18n.locale, { hour12: false }) },
  { title: t('pay.order.column.plan'), dataIndex: 'planName' },
  { title: t('pay.order.column.amount'), dataIndex: 'amountFen', render: (fen: number) => yuan(fen) },
  { title: t('pay.order.column.status'), dataIndex: 'status', render: (status: PayStatus) => <Tag color={STATUS_COLORS[status]}>{t(`pay.order.status.${status}`)}</Tag> },
];

/** The user's plans as of now (spec platform §4) and the points balance. */
const MembershipPanel = observer(function MembershipPanel() {
  const { subscription, pointsPackage, vip } = membershipOf(user.info, Date.now());
  const renewVip = () => eventBus.emit('pay:open', { reason: 'renew' });
  return (
    <dl className={styles.membership} data-testid="membership">
      <div>
        <dt>{t('pay.page.subscription')}</dt>
        <dd className={subscription?.expired ? styles.expired : undefined} data-testid="membership-subscription">
          {tierName(subscription?.tier ?? 0)}
          {subscription?.expiresAt ? (
            <small>{t(subscription.expired ? 'pay.page.expiredOn' : 'pay.page.expiresOn', { date: formatDate(subscription.expiresAt) })}</small>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('pay.page.pointsPackage')}</dt>
        <dd>
          {pointsPackage ? (
            <>
              {t('pay.page.level', { level: pointsPackage.level })}
              <small>{t('pay.page.expiresOn', { date: formatDate(pointsPackage.expiresAt) })}</small>
            </>
          ) : (
            t('pay.page.none')
          )}
        </dd>
      </div>
      <div>
        <dt>{t('pay.page.vip')}</dt>
        <dd>
          {vip?.renew ? (
            <Button type="link" className={styles.expired} onClick={renewVip}>
              {t('pay.page.renewVip')}
            </Button>
          ) : vip ? (
            t('pay.page.vipDays', { days: vip.daysLeft })
          ) : (
            t('pay.page.none')
          )}
        </dd>
      </div>
      <div>
        <dt>{t('pay.page.balance')}</dt>
        <dd data-testid="membership-balance">
          {points.total === null ? (
            t('pay.page.balanceUnknown')
          ) : (
            <>
              {points.total}
              <small>{t('pay.page.balanceDetail', { permanent: points.restIntegral ?? 0, daily: points.restIntegral2 ?? 0 })}</small>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
});

/** The user's newest orders; read again after a payment. */
function RecentOrders({ api }: { api: Pick<PayApi, 'recentOrders'> }) {
  const { data, error, refresh } = useLoad(() => api.recentOrders(), [api]);
  const orders = error ? [] : data;

  useEffect(() => eventBus.on('pay:success', refresh), [refresh]);

  return (
    <Table
      data-testid="recent-orders"
      rowKey="outTradeNo"
      columns={orderColumns()}
      dataSource={orders ?? []}
      loading={orders === undefined}
      locale={{ emptyText: t('pay.page.ordersEmpty') }}
      pagination={false}
      scroll={{ x: true }}
    />
  );
}

/**
 * /pay: the plans (立即购买 opens the pay dialog on that plan through `pay:open`), and for a
 * signed-in user the membership states, balance and recent orders.
 */
export const PayPage = observer(function PayPage({ api = payApi }: { api?: PayApi }) {
  const { data: info, error: infoFailed } = useLoad(() => api.payInfo(), [api]);

  const buy = (type: PlanType) => eventBus.emit('pay:open', { reason: `plan:${type}` });

  return (
    <div className={styles.page} data-testid="pay-page">
      <section>
        <h2>{t('pay.page.plans')}</h2>
        {info ? (
          <PlanCards plans={info.plans} mode="buy" onPick={buy} />
        ) : infoFailed ? (
          <Alert type="error" showIcon title={t('pay.page.infoFailed')} />
        ) : (
          <Spin />
        )}
        <ul className={styles.notes}>
          <li>{t('pay.page.discountNote')}</li>
          {info ? <li>{t('pay.page.useSizeNote', { chars: info.charsPerUse })}</li> : null}
        </ul>
      </section>
      {session.isLoggedIn ? (
        <>
          <section>
            <h2>{t('pay.page.membership')}</h2>
            <MembershipPanel />
          </section>
          <section>
            <h2>{t('pay.page.orders')}</h2>
            <RecentOrders api={api} />
          </section>
        </>
      ) : (
        <section className={styles.signInPrompt}>
          <span>{t('pay.page.signInPrompt')}</span>
          <Button type="primary" onClick={() => navigateTo('/loginPage')}>
            {t('pay.page.signIn')}
          </Button>
        </section>
      )}
    </div>
  );
});
