import { observer } from 'mobx-react-lite';
import { navigateTo } from '@qiming/sdk';
import type { ChatStore } from './ChatStore';
import type { Notice } from './streamOutcome';
import { t } from '../i18n';
import styles from './chat.module.css';

interface NoticeView {
  testId: string;
  text: string;
  action: string;
  act(): void;
}

/** Each notice as a line of text with the one thing the user can do about it. */
function viewOf(notice: NonNullable<Notice>, store: ChatStore): NoticeView {
  switch (notice.kind) {
    case 'error':
      return { testId: 'chat-error', text: notice.message, action: t('chat.regenerate'), act: () => void store.regenerate() };
    case 'integralNotEnough':
      return { testId: 'integral-not-enough', text: t('chat.pointsNotEnough'), action: t('chat.topUp'), act: () => store.topUp() };
    case 'agentMissing':
      return { testId: 'agent-missing', text: t('chat.agentMissing'), action: t('chat.browseApps'), act: () => navigateTo('/toolBox/apps2') };
    case 'noLogin':
      return { testId: 'chat-no-login', text: t('chat.loginRequired'), action: t('chat.goLogin'), act: () => store.goToLogin() };
  }
}

/** What the end of a generation left to say (`streamOutcome.ts`): an error with 重新生成, no points, no login, no such agent. */
export const ChatNotice = observer(function ChatNotice({ store }: { store: ChatStore }) {
  if (!store.notice) return null;
  const view = viewOf(store.notice, store);
  return (
    <div className={styles.errorText} data-testid={view.testId}>
      {view.text}
      <button type="button" className={styles.linkButton} onClick={view.act}>
        {view.action}
      </button>
    </div>
  );
});
