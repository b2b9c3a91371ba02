import { copyText, useLoad, useMediaQuery } from '@qiming/sdk';
import { Button, Spin } from '@qiming/sdk/ui';
import { Modal } from '@qiming/sdk/ui/feedback';
import type { PointsApi } from '../points/pointsApi';
import { t } from '../i18n';
import styles from './invite.module.css';

/** spec platform §2: 100% wide on screens up to 560 px, 45% otherwise. */
const useDialogWidth = () => (useMediaQuery('(max-width: 560px)') ? '100%' : '45%');

/** 您的邀请收益账户总览: overview, rules, reward details, notes. */
export function InviteDialog({ open, onClose, api }: { open: boolean; onClose(): void; api: Pick<PointsApi, 'inviteInfo'> }) {
  const { data: info } = useLoad(open ? () => api.inviteInfo() : null, [open, api]);
  const width = useDialogWidth();

  const reward = info?.rewardPerInvite ?? 8888;
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={width} title={t('invite.title')} destroyOnHidden>
      <div className={styles.dialog} data-testid="invite-dialog">
        <section>
          <h3>{t('invite.overview.heading')}</h3>
          {info ? (
            <>
              <div className={styles.stats}>
                <div>
                  <strong data-testid="invited-count">{info.invitedCount}</strong>
                  <span>{t('invite.overview.invitedCount')}</span>
                </div>
                <div>
                  <strong>{info.pointsEarned}</strong>
                  <span>{t('invite.overview.pointsEarned')}</span>
                </div>
                {info.totalAmount !== null ? (
                  <div>
                    <strong>{info.totalAmount.toFixed(2)}</strong>
                    <span>{t('invite.overview.totalAmount')}</span>
                  </div>
                ) : null}
              </div>
              <div className={styles.link}>
                <code data-testid="invite-link">{info.inviteLink}</code>
                <Button type="primary" onClick={() => void copyText(info.inviteLink)}>
                  {t('invite.overview.copyLink')}
                </Button>
              </div>
              <p className={styles.muted}>
                {t('invite.overview.myCode')}
                <strong>{info.inviteCode}</strong>
              </p>
            </>
          ) : (
            <Spin />
          )}
        </section>
        <section>
          <h3>{t('invite.rules.heading')}</h3>
          <ul>
            <li>{t('invite.rules.share')}</li>
            <li>{t('invite.rules.reward', { reward })}</li>
            <li>{t('invite.rules.scope')}</li>
          </ul>
        </section>
        <section>
          <h3>{t('invite.rewards.heading')}</h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('invite.rewards.column.who')}</th>
                <th>{t('invite.rewards.column.reward')}</th>
                <th>{t('invite.rewards.column.when')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{t('invite.rewards.inviter')}</td>
                <td>{t('invite.rewards.points', { reward })}</td>
                <td>{t('invite.rewards.inviterWhen')}</td>
              </tr>
              <tr>
                <td>{t('invite.rewards.invitee')}</td>
                <td>{t('invite.rewards.points', { reward })}</td>
                <td>{t('invite.rewards.inviteeWhen')}</td>
              </tr>
            </tbody>
          </table>
          {info ? <p className={styles.muted}>{t('invite.rewards.rewardedCount', { count: info.rewardedCount })}</p> : null}
        </section>
        <section>
          <h3>{t('invite.notes.heading')}</h3>
          <ul>
            <li>{t('invite.notes.once')}</li>
            <li>{t('invite.notes.abuse')}</li>
            <li>{t('invite.notes.history')}</li>
          </ul>
        </section>
      </div>
    </Modal>
  );
}
