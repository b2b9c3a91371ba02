import { useEffect, useRef, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { eventBus, logout, points, user } from '@qiming/sdk';
import { ConfirmDialog } from './ConfirmDialog';
import { signInToday } from './signIn';
import styles from './shell.module.css';

/** A menu entry: choosing it closes the menu, then acts. */
function MenuItem({ onSelect, close, disabled, children }: { onSelect(): void; close(): void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitem"
      className={styles.menuItem}
      disabled={disabled}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

/** The signed-in user's menu: balance, daily sign-in, invite, points history, settings, logout. */
export const UserMenu = observer(function UserMenu() {
  const [open, setOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const signedIn = user.info?.hasSignIn ?? false;
  const close = () => setOpen(false);

  return (
    <div className={styles.account} ref={root} data-testid="account-controls">
      {points.displayWan !== null ? (
        <span className={styles.points} data-testid="points-balance">
          积分 {points.displayWan}万
        </span>
      ) : null}
      <button type="button" className={styles.userButton} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        <span className={styles.username} data-testid="username">
          {user.info?.username ?? '我的账号'}
        </span>
        ▾
      </button>
      {open ? (
        <div className={styles.userMenu} role="menu">
          <div className={styles.menuBalance}>
            <span>
              积分余额 <strong>{points.displayWan ?? '--'}</strong> 万
            </span>
            <small>（每日积分 {points.restIntegral2 ?? '--'} · 永久积分 {points.restIntegral ?? '--'}）</small>
          </div>
          <MenuItem close={close} disabled={signedIn} onSelect={() => void signInToday()}>
            {signedIn ? '今日已签到' : '每日签到领积分'}
          </MenuItem>
          <MenuItem close={close} onSelect={() => eventBus.emit('invite:open', {})}>邀请好友得积分</MenuItem>
          <MenuItem close={close} onSelect={() => navigateToUrl('/rulePage?tab=history')}>积分明细</MenuItem>
          <MenuItem close={close} onSelect={() => navigateToUrl('/pay')}>开通/续费会员</MenuItem>
          <MenuItem close={close} onSelect={() => navigateToUrl('/setting')}>设置与 API</MenuItem>
          <MenuItem close={close} onSelect={() => setConfirmingLogout(true)}>退出登录</MenuItem>
        </div>
      ) : null}
      {confirmingLogout ? (
        <ConfirmDialog
          title="提示"
          message="您确定要退出登录吗?"
          confirmText="确定"
          onCancel={() => setConfirmingLogout(false)}
          onConfirm={() => {
            setConfirmingLogout(false);
            void logout().then(() => navigateToUrl('/loginPage'));
          }}
        />
      ) : null}
    </div>
  );
});
