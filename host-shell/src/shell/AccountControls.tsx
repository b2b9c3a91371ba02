import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { logout, points, session, user } from '@qiming/sdk';
import { ConfirmDialog } from './ConfirmDialog';
import styles from './shell.module.css';

/** The navbar's right side: 登录 when logged out; the user and 退出登录 (confirmed) when logged in. */
export const AccountControls = observer(function AccountControls() {
  const [confirming, setConfirming] = useState(false);

  if (!session.isLoggedIn) {
    return (
      <a
        className={styles.primaryButton}
        href="/loginPage"
        onClick={(event) => {
          event.preventDefault();
          navigateToUrl('/loginPage');
        }}
      >
        登录
      </a>
    );
  }

  return (
    <div className={styles.account} data-testid="account-controls">
      <span className={styles.username} data-testid="username">
        {user.info?.username ?? '我的账号'}
      </span>
      {points.displayWan !== null ? <span className={styles.points}>积分 {points.displayWan}万</span> : null}
      <button type="button" className={styles.textButton} onClick={() => setConfirming(true)}>
        退出登录
      </button>
      {confirming ? (
        <ConfirmDialog
          title="提示"
          message="您确定要退出登录吗?"
          confirmText="确定"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void logout().then(() => navigateToUrl('/loginPage'));
          }}
        />
      ) : null}
    </div>
  );
});
