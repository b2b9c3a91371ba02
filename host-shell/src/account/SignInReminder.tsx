import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { session, user } from '@qiming/sdk';
import { t } from '../i18n';
import { signInToday } from './signIn';
import { takeSignInReminder } from './signInReminder';
import styles from './account.module.css';

/** The sign-in notification (spec platform §4): once user info says today is not signed in yet. */
export const SignInReminder = observer(function SignInReminder() {
  const [shown, setShown] = useState(false);
  const hasSignIn = user.info?.hasSignIn;
  const signedIn = session.isLoggedIn;
  // Decided once per page load, when user info has arrived.
  const [decided, setDecided] = useState(false);
  useEffect(() => {
    if (decided || hasSignIn === undefined) return;
    setDecided(true);
    setShown(takeSignInReminder({ signedIn, hasSignIn }, window.localStorage, new Date()));
  }, [decided, hasSignIn, signedIn]);

  if (!shown || hasSignIn !== false || !signedIn) return null;
  return (
    <div className={styles.signInReminder} role="status" data-testid="sign-in-reminder">
      <span>{t('signInReminder.text')}</span>
      <button type="button" className={styles.reminderPrimary} onClick={() => void signInToday().then(() => setShown(false))}>
        {t('signInReminder.action')}
      </button>
      <button type="button" className={styles.reminderClose} aria-label={t('dialog.close')} onClick={() => setShown(false)}>
        ×
      </button>
    </div>
  );
});
