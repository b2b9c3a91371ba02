import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { copyText, eventBus, request } from '@qiming/sdk';
import type { InviteInfo } from '@qiming/sdk/contracts';
import { signInToday } from './signIn';
import styles from './dialog.module.css';

/**
 * spec chat §8 "Insufficient points notice": top up, daily check-in, invite friends, or wait for the
 * 03:00 refresh; with the user's invite link and a copy button. Opened by any code-602 answer.
 */
export function InsufficientPointsDialog() {
  const [open, setOpen] = useState(false);
  const [invite, setInvite] = useState<InviteInfo | null>(null);

  useEffect(
    () =>
      eventBus.on('points:insufficient', () => {
        setOpen(true);
        request.get<InviteInfo>('system/user/inviteInfo').then((answer) => setInvite(answer?.data ?? null), () => setInvite(null));
      }),
    [],
  );

  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <div className={styles.backdrop} onClick={close}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="qm-insufficient-title" onClick={(event) => event.stopPropagation()} data-testid="insufficient-points">
        <h2 id="qm-insufficient-title" className={styles.title}>
          当前积分不足
        </h2>
        <p className={styles.message}>亲爱的用户，您当前的积分不足，可以通过以下方式继续使用：</p>
        <ul className={styles.options}>
          <li>
            <button type="button" className={styles.confirm} onClick={() => (close(), navigateToUrl('/pay'))}>
              充值积分
            </button>
            开通会员或购买积分包
          </li>
          <li>
            <button type="button" className={styles.cancel} onClick={() => void signInToday()}>
              每日签到
            </button>
            连续签到奖励更多
          </li>
          <li>
            <button type="button" className={styles.cancel} onClick={() => (close(), eventBus.emit('invite:open', {}))}>
              邀请好友
            </button>
            每邀请一位好友，双方各得 8888 永久积分
          </li>
          <li>或等待明天凌晨 03:00 每日积分刷新</li>
        </ul>
        {invite ? (
          <div className={styles.inviteLink}>
            <code>{invite.inviteLink}</code>
            <button type="button" className={styles.cancel} onClick={() => void copyText(invite.inviteLink)}>
              复制链接
            </button>
          </div>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={close}>
            关闭
          </button>
        </div>
      </div>
    </div>
  );
}
