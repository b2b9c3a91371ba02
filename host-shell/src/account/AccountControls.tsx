import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { session } from '@qiming/sdk';
import { UserMenu } from './UserMenu';
import styles from './shell.module.css';

/** The navbar's right side: 登录 when logged out; the user menu when logged in. */
export const AccountControls = observer(function AccountControls() {
  if (session.isLoggedIn) return <UserMenu />;
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
});
