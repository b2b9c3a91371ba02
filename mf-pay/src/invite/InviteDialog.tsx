import { useEffect, useState } from 'react';
import { copyText } from '@qiming/sdk';
import type { InviteInfo } from '@qiming/sdk/contracts';
import { Button, Spin } from '@qiming/sdk/ui';
import { Modal } from '@qiming/sdk/ui/feedback';
import type { PointsApi } from '../points/pointsApi';
import styles from './invite.module.css';

/** spec platform §2: 100% wide on screens up to 560 px, 45% otherwise. */
function useDialogWidth(): string {
  const query = '(max-width: 560px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setNarrow(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return narrow ? '100%' : '45%';
}

/** 您的邀请收益账户总览: overview, rules, reward details, notes. */
export function InviteDialog({ open, onClose, api }: { open: boolean; onClose(): void; api: Pick<PointsApi, 'inviteInfo'> }) {
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const width = useDialogWidth();

  useEffect(() => {
    if (open) api.inviteInfo().then(setInfo, () => setInfo(null));
  }, [open, api]);

  const reward = info?.rewardPerInvite ?? 8888;
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={width} title="您的邀请收益账户总览" destroyOnHidden>
      <div className={styles.dialog} data-testid="invite-dialog">
        <section>
          <h3>1. 邀请概览</h3>
          {info ? (
            <>
              <div className={styles.stats}>
                <div>
                  <strong data-testid="invited-count">{info.invitedCount}</strong>
                  <span>已邀请人数</span>
                </div>
                <div>
                  <strong>{info.pointsEarned}</strong>
                  <span>已获得积分</span>
                </div>
                {info.totalAmount !== null ? (
                  <div>
                    <strong>{info.totalAmount.toFixed(2)}</strong>
                    <span>当前总收入（元）</span>
                  </div>
                ) : null}
              </div>
              <div className={styles.link}>
                <code data-testid="invite-link">{info.inviteLink}</code>
                <Button type="primary" onClick={() => void copyText(info.inviteLink)}>
                  复制邀请链接
                </Button>
              </div>
              <p className={styles.muted}>
                我的邀请码：<strong>{info.inviteCode}</strong>
              </p>
            </>
          ) : (
            <Spin />
          )}
        </section>
        <section>
          <h3>2. 邀请规则</h3>
          <ul>
            <li>把邀请链接发给好友，好友通过链接注册即成为您的邀请用户。</li>
            <li>好友注册并完成首次使用后，您和好友各得 {reward} 永久积分。</li>
            <li>积分适用于全部模型，永不过期，邀请人数不设上限。</li>
          </ul>
        </section>
        <section>
          <h3>3. 奖励明细</h3>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>对象</th>
                <th>奖励</th>
                <th>发放时机</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>邀请人（您）</td>
                <td>+{reward} 永久积分</td>
                <td>好友完成首次使用后</td>
              </tr>
              <tr>
                <td>被邀请的好友</td>
                <td>+{reward} 永久积分</td>
                <td>完成首次使用后</td>
              </tr>
            </tbody>
          </table>
          {info ? <p className={styles.muted}>已有 {info.rewardedCount} 位好友完成首次使用。</p> : null}
        </section>
        <section>
          <h3>4. 邀请须知</h3>
          <ul>
            <li>每位好友只能被邀请一次，奖励只发放一次。</li>
            <li>同一网络环境下批量注册等异常邀请不发放奖励；每日可获奖励的邀请数有上限。</li>
            <li>奖励积分可在「积分明细」中查看。</li>
          </ul>
        </section>
      </div>
    </Modal>
  );
}
