import { navigateTo } from '@qiming/sdk';
import { t } from '../i18n';
import agentStyles from '../agents/agents.module.css';
import styles from './chat.module.css';

/** A list that needs the user (spec chat §9): what it would show, with 去登录. */
export function SignInFirst({ text, testId }: { text: string; testId: string }) {
  return (
    <p className={agentStyles.state} data-testid={testId}>
      {text}
      <button type="button" className={styles.linkButton} onClick={() => navigateTo('/loginPage')}>
        {t('chat.goLogin')}
      </button>
    </p>
  );
}
