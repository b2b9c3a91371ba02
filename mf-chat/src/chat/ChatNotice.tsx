import { observer } from 'mobx-react-lite';
import { navigateTo } from '@qiming/sdk';
import type { ChatStore } from './ChatStore';
import { t } from '../i18n';
import styles from './chat.module.css';

/** What the end of a generation left to say (`streamOutcome.ts`): an error with 重新生成, no points, no login. */
export const ChatNotice = observer(function ChatNotice({ store }: { store: ChatStore }) {
  const notice = store.notice;
  if (notice?.kind === 'error') {
    return (
      <div className={styles.errorText} data-testid="chat-error">
        {notice.message}
        <button type="button" className={styles.linkButton} onClick={() => void store.regenerate()}>
          {t('chat.regenerate')}
        </button>
      </div>
    );
  }
  if (notice?.kind === 'integralNotEnough') {
    return (
      <div className={styles.errorText} data-testid="integral-not-enough">
        {t('chat.pointsNotEnough')}
        <button type="button" className={styles.linkButton} onClick={() => store.topUp()}>
          {t('chat.topUp')}
        </button>
      </div>
    );
  }
  if (notice?.kind === 'agentMissing') {
    return (
      <div className={styles.errorText} data-testid="agent-missing">
        {t('chat.agentMissing')}
        <button type="button" className={styles.linkButton} onClick={() => navigateTo('/toolBox/apps')}>
          {t('chat.browseApps')}
        </button>
      </div>
    );
  }
  if (notice?.kind === 'noLogin') {
    return (
      <div className={styles.errorText} data-testid="chat-no-login">
        {t('chat.loginRequired')}
        <button type="button" className={styles.linkButton} onClick={() => store.goToLogin()}>
          {t('chat.goLogin')}
        </button>
      </div>
    );
  }
  return null;
});
