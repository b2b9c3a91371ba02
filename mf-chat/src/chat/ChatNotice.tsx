import { observer } from 'mobx-react-lite';
import { navigateTo } from '@qiming/sdk';
import type { ChatStore } from './ChatStore';
import type { Notice } from './streamOutcome';
import { t } from '../i18n';
import styles from './chat.module.css';

interface NoticeView {
  testId: string;
  text: string;
  /** The one thing the user can do about it, if any. */
  action?: { label: string; act(): void };
}

/** Each notice as a line of text with the one thing the user can do about it. */
function viewOf(notice: NonNullable<Notice>, store: ChatStore): NoticeView {
  switch (notice.kind) {
    case 'error':
      return { testId: 'chat-error', text: notice.message, action: { label: t('chat.regenerate'), act: () => void store.regenerate() } };
    case 'integralNotEnough':
      return { testId: 'integral-not-enough', text: t('chat.pointsNotEnough'), action: { label: t('chat.topUp'), act: () => store.topUp() } };
    case 'agentMissing':
      return { testId: 'agent-missing', text: t('chat.agentMissing'), action: { label: t('chat.browseApps'), act: () => navigateTo('/toolBox/apps2') } };
    case 'noLogin':
      return { testId: 'chat-no-login', text: t('chat.loginRequired'), action: { label: t('chat.goLogin'), act: () => store.goToLogin() } };
    case 'conversationMissing':
      return { testId: 'conversation-missing', text: t('chat.conversationMissing') };
    case 'signInToOpen':
      return { testId: 'conversation-sign-in', text: t('chat.signInToOpen'), action: { label: t('chat.goLogin'), act: () => store.goToLogin() } };
  }
}

/** What the end of a generation left to say (`streamOutcome.ts`): an error with 重新生成, no points, no login, no such agent or conversation. */
export const ChatNotice = observer(function ChatNotice({ store }: { store: ChatStore }) {
  if (!store.notice) return null;
  const view = viewOf(store.notice, store);
  return (
    <div className={styles.errorText} data-testid={view.testId}>
      {view.text}
      {view.action ? (
        <button type="button" className={styles.linkButton} onClick={view.action.act}>
          {view.action.label}
        </button>
      ) : null}
    </div>
  );
});
