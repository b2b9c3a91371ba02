import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { session } from '@qiming/sdk';
import { t } from '../i18n';
import { UserMenu } from './UserMenu';
import styles from './account.module.css';

/** The navbar's right side: only 登录 when logged out (spec platform §6); the user popover when logged in. */
export const AccountControls = observer(function AccountControls() {
  if (session.isLoggedIn) return <UserMenu />;
  return (
    <a
      className={styles.primaryButton}
      href="/loginPage"
      data-testid="login-button"
      onClick={(event) => {
        event.preventDefault();
        navigateToUrl('/loginPage');
      }}
    >
      {t('account.login')}
    </a>
  );
});
