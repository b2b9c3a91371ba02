import { observer } from 'mobx-react-lite';
import { eventBus, user } from '@qiming/sdk';
import { t } from '../i18n';
import { useMinuteClock } from './useMinuteClock';
import styles from './account.module.css';

const formatDate = (ms: number) => new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit' });

const TIER_NAMES = { 1: 'tier.starter', 2: 'tier.basic', 3: 'tier.professional' } as const;

/**
 * The user's plans as badges (spec platform §4): the subscription tier (red once expired), the points
 * package while active, the VIP's days left or 续费VIP once past, the experience package.
 */
export const MembershipBadges = observer(function MembershipBadges({ compact = false }: { compact?: boolean }) {
  useMinuteClock(); // expiry is a moment in time: re-derive as the clock passes it
  const { subscription, pointsPackage, vip, experience } = user.membership;
  const renew = () => eventBus.emit('pay:open', { reason: 'renew' });
  return (
    <span className={styles.badges} data-testid="membership-badges">
      {subscription ? (
        <span
          className={subscription.expired ? `${styles.badge} ${styles.expired}` : `${styles.badge} ${styles.tier}`}
          title={subscription.expiresAt ? t(subscription.expired ? 'badge.expiredOn' : 'badge.expiresOn', { date: formatDate(subscription.expiresAt) }) : undefined}
          data-testid="badge-subscription"
        >
          {t(TIER_NAMES[subscription.tier as 1 | 2 | 3] ?? 'tier.starter')}
          {subscription.expired ? t('badge.expiredSuffix') : ''}
        </span>
      ) : compact ? null : (
        <span className={`${styles.badge} ${styles.free}`} data-testid="badge-subscription">
          {t('tier.free')}
        </span>
      )}
      {pointsPackage && !compact ? (
        <span className={`${styles.badge} ${styles.pointsPackage}`} title={t('badge.expiresOn', { date: formatDate(pointsPackage.expiresAt) })} data-testid="badge-points-package">
          {t('badge.pointsPackage', { level: pointsPackage.level })}
        </span>
      ) : null}
      {vip?.renew ? (
        <button type="button" className={`${styles.badge} ${styles.expired}`} onClick={renew} data-testid="badge-vip">
          {t('badge.renewVip')}
        </button>
      ) : vip ? (
        <span className={`${styles.badge} ${styles.vip}`} data-testid="badge-vip">
          {t('badge.vipDays', { days: vip.daysLeft })}
        </span>
      ) : null}
      {experience && !compact ? (
        <span className={`${styles.badge} ${styles.pointsPackage}`} title={t('badge.expiresOn', { date: formatDate(experience.expiresAt) })} data-testid="badge-experience">
          {t('badge.experience', { level: experience.level })}
        </span>
      ) : null}
    </span>
  );
});
