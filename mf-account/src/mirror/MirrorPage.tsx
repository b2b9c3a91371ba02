import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { eventBus, navigateTo, session, toasts, useLoad } from '@qiming/sdk';
import type { MirrorCar, MirrorHandOff, MirrorOverview, MirrorQuota } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Tag } from '@qiming/sdk/ui/display';
import { Alert } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import { mirrorApi, type MirrorApi } from './mirrorApi';
import { canEnter, carState, enterInNewTab, loadPercent, realBrowser, tierKey, type CarState } from './mirrorLogic';
import { MirrorKeys } from './MirrorKeys';
import styles from './mirror.module.css';

const STATE_COLOR: Record<CarState, string> = { available: 'green', busy: 'orange', full: 'red', disabled: 'default', locked: 'purple' };

/** True when signed in; otherwise asks the host's login confirm (like the other areas) and comes back here. */
function requireLogin(): boolean {
  if (session.isLoggedIn) return true;
  const returnTo = `${window.location.pathname}${window.location.search}`;
  session.rememberReturnTo(returnTo);
  eventBus.emit('auth:required', { returnTo });
  return false;
}

export interface MirrorPageProps {
  api?: MirrorApi;
  browser?: Parameters<typeof enterInNewTab>[1];
}

/** /oaifree and /oai: the mirror site's accounts as cards, today's uses, and the user's own keys. */
export const MirrorPage = observer(function MirrorPage({ api = mirrorApi, browser = realBrowser }: MirrorPageProps) {
  const signedIn = session.isLoggedIn;
  const loaded = useLoad(() => api.overview(), [api, signedIn]);
  const [entering, setEntering] = useState<string | null>(null);

  async function enter(id: string, ask: () => Promise<MirrorHandOff>) {
    if (!requireLogin() || entering) return;
    setEntering(id);
    const outcome = await enterInNewTab(ask, browser);
    setEntering(null);
    if (outcome === 'tab') toasts.success(t('mirror.opened'));
    if (outcome === 'samePage') toasts.info(t('mirror.popupBlocked'));
    loaded.refresh();
  }

  if (loaded.error) {
    return (
      <Result status="warning" title={t('mirror.loadFailed')} extra={<Button onClick={loaded.refresh}>{t('mirror.retry')}</Button>} />
    );
  }
  const overview = loaded.data;
  if (!overview) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!overview.sites.length) {
    return (
      <Result
        status="info"
        title={t('mirror.notOpen.title')}
        subTitle={t('mirror.notOpen.detail')}
        extra={
          <Button type="primary" onClick={() => navigateTo('/chatPage')}>
            {t('mirror.notOpen.action')}
          </Button>
        }
      />
    );
  }

  return (
    <div className={styles.page} data-testid="mirror-page">
      <p className={styles.intro}>{t('mirror.intro')}</p>
      {overview.quota ? (
        <QuotaBar quota={overview.quota} />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 20 }}
          title={t('mirror.signIn.detail')}
          action={
            <Button size="small" type="primary" onClick={requireLogin}>
              {t('mirror.signIn.action')}
            </Button>
          }
        />
      )}
      {overview.sites.map((site) => (
        <section key={site.id} aria-label={site.name}>
          <div className={styles.siteTitle}>
            <h2>{site.name}</h2>
            <span className={styles.siteMeta}>{t('mirror.site.session', { minutes: site.sessionMinutes })}</span>
          </div>
          <div className={styles.cars}>
            {overview.cars
              .filter((car) => car.siteId === site.id)
              .map((car) => (
                <CarCard key={car.id} car={car} entering={entering === car.id} onEnter={() => enter(car.id, () => api.enterCar(car.id))} />
              ))}
          </div>
        </section>
      ))}
      {signedIn && <MirrorKeys api={api} sites={overview.sites} entering={entering} onEnter={(keyId) => enter(keyId, () => api.enterWithKey(keyId))} />}
    </div>
  );
});

function QuotaBar({ quota }: { quota: MirrorQuota }) {
  return (
    <div className={styles.quota} data-testid="mirror-quota">
      <span className={styles.quotaCount}>
        {t('mirror.quota.title')}：{t('mirror.quota.count', { used: quota.used, limit: quota.limit })}
      </span>
      <span className={styles.quotaPart}>{t('mirror.quota.plan', { n: quota.planUses })}</span>
      <span className={styles.quotaPart}>{t('mirror.quota.invites', { n: quota.inviteUses, cap: quota.inviteCap })}</span>
      {quota.promoDay ? (
        <span className={styles.promo}>{t('mirror.quota.promo', { n: quota.promoUses })}</span>
      ) : (
        <span className={styles.quotaPart}>{t('mirror.quota.nextPromo', { day: quota.nextPromoDay })}</span>
      )}
      <span className={styles.quotaPart}>{t('mirror.quota.reset')}</span>
    </div>
  );
}

function CarCard({ car, entering, onEnter }: { car: MirrorCar; entering: boolean; onEnter: () => void }) {
  const state = carState(car);
  const percent = loadPercent(car);
  const fill = [styles.fill, state === 'busy' && styles.fillBusy, (state === 'full' || percent >= 100) && styles.fillFull].filter(Boolean).join(' ');
  return (
    <div className={styles.car} data-testid={`mirror-car-${car.id}`}>
      <div className={styles.carHead}>
        <span className={styles.carName}>{car.name}</span>
        <Tag color={STATE_COLOR[state]}>{t(`mirror.car.${state}`)}</Tag>
      </div>
      <div className={styles.bar} role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label={car.name}>
        <div className={fill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.carMeta}>
        <span>{t('mirror.car.load', { inUse: car.inUse, capacity: car.capacity })}</span>
        <span>{t(tierKey(car.tier))}</span>
      </div>
      <Button type="primary" block disabled={!canEnter(state)} loading={entering} onClick={onEnter}>
        {entering ? t('mirror.car.entering') : t('mirror.car.enter')}
      </Button>
    </div>
  );
}

export type { MirrorOverview };
