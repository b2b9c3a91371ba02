import { useCallback, useRef, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { copyText, eventBus, logout, points, user, type AppEvents } from '@qiming/sdk';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { t } from '../i18n';
import { useDismiss } from '../layout/useDismiss';
import { MembershipBadges } from './MembershipBadges';
import { signInToday } from './signIn';
import styles from './account.module.css';

/** A menu entry: choosing it closes the menu, then acts. */
function MenuItem({ onSelect, close, disabled, children, testId }: { onSelect(): void; close(): void; disabled?: boolean; children: ReactNode; testId?: string }) {
  return (
    <button
      type="button"
      role="menuitem"
      className={styles.menuItem}
      disabled={disabled}
      data-testid={testId}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

const open = (event: keyof Pick<AppEvents, 'invite:open' | 'contact:open' | 'download:open' | 'theme:open' | 'group:open'>) => () => eventBus.emit(event, {});

/**
 * The signed-in user's popover (spec platform §2): username (click copies), plans, balance in 万;
 * the four actions (membership, client, invite, sign-in); the menu (theme, invite reward, contact,
 * group, client download, points history, settings); logout or switch account, both confirmed.
 */
export const UserMenu = observer(function UserMenu() {
  const [isOpen, setOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  const info = user.info;
  const signedInToday = info?.hasSignIn ?? false;
  const member = user.membership.subscription && !user.membership.subscription.expired;
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, isOpen, close);

  return (
    <div className={styles.account} ref={root} data-testid="account-controls">
      {points.displayWan !== null ? (
        <span className={styles.points} data-testid="points-balance">
          {t('account.pointsShort', { wan: points.displayWan })}
        </span>
      ) : null}
      <MembershipBadges compact />
      <button type="button" className={styles.userButton} aria-haspopup="menu" aria-expanded={isOpen} onClick={() => setOpen((v) => !v)}>
        <span className={styles.avatar} aria-hidden="true">
          {(info?.username ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.username} data-testid="username">
          {info?.username ?? t('account.mine')}
        </span>
        ▾
      </button>
      {isOpen ? (
        <div className={styles.userMenu} role="menu" data-testid="user-menu">
          <div className={styles.menuHead}>
            <button type="button" className={styles.copyName} title={t('account.copyUsername')} onClick={() => info && void copyText(info.username, { message: t('account.usernameCopied') })} data-testid="copy-username">
              {info?.username ?? '--'}
            </button>
            <MembershipBadges />
          </div>
          <div className={styles.menuBalance}>
            <span>
              {t('account.balance')} <strong>{points.displayWan ?? '--'}</strong> {t('account.wan')}
            </span>
            <small>{t('account.balanceDetail', { daily: points.restIntegral2 ?? '--', permanent: points.restIntegral ?? '--' })}</small>
          </div>
          <div className={styles.actions}>
            <MenuItem close={close} onSelect={() => eventBus.emit('pay:open', {})} testId="action-membership">
              {member ? t('account.renewMembership') : t('account.openMembership')}
            </MenuItem>
            <MenuItem close={close} onSelect={open('download:open')}>{t('account.downloadClient')}</MenuItem>
            <MenuItem close={close} onSelect={open('invite:open')}>{t('account.inviteForPoints')}</MenuItem>
            <MenuItem close={close} disabled={signedInToday} onSelect={() => void signInToday()} testId="action-sign-in">
              {signedInToday ? t('account.signedIn') : t('account.signIn')}
            </MenuItem>
          </div>
          <div className={styles.menuList}>
            <MenuItem close={close} onSelect={open('theme:open')}>{t('account.theme')}</MenuItem>
            <MenuItem close={close} onSelect={open('invite:open')}>{t('account.inviteReward')}</MenuItem>
            <MenuItem close={close} onSelect={open('contact:open')}>{t('account.contact')}</MenuItem>
            <MenuItem close={close} onSelect={open('group:open')}>{t('account.group')}</MenuItem>
            <MenuItem close={close} onSelect={open('download:open')}>{t('account.clientDownload')}</MenuItem>
            <MenuItem close={close} onSelect={() => navigateToUrl('/rulePage?tab=history')}>{t('account.pointsHistory')}</MenuItem>
            <MenuItem close={close} onSelect={() => navigateToUrl('/setting')}>{t('account.settings')}</MenuItem>
          </div>
          <div className={styles.menuFoot}>
            <MenuItem close={close} onSelect={() => setConfirmingLogout(true)}>{t('account.switchAccount')}</MenuItem>
            <MenuItem close={close} onSelect={() => setConfirmingLogout(true)} testId="logout">
              {t('account.logout')}
            </MenuItem>
          </div>
        </div>
      ) : null}
      {confirmingLogout ? (
        <ConfirmDialog
          title={t('account.logoutTitle')}
          message={t('account.logoutConfirm')}
          confirmText={t('dialog.confirm')}
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
