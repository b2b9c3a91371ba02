import { starterQuestions } from '@qiming/sdk';
import type { AgentApp } from '@qiming/sdk/contracts';
import { agentIcon } from './agentOption';
import { t } from '../i18n';
import chatStyles from '../chat/chat.module.css';
import styles from './agents.module.css';

/** A new conversation with an agent: its icon, name, description, author and starter questions (a click sends one). */
export function AgentWelcome({ agent, onAsk }: { agent: AgentApp; onAsk(question: string): void }) {
  return (
    <div className={chatStyles.welcome} data-testid="agent-welcome">
      <img src={agentIcon(agent)} alt="" className={chatStyles.welcomeIcon} />
      <h2>{agent.appName}</h2>
      <div className={styles.welcomeAuthor}>{t('agents.author', { author: agent.author })}</div>
      <p>{agent.description}</p>
      <div className={chatStyles.followUps}>
        {starterQuestions(agent).map((question) => (
          <button type="button" key={question} onClick={() => onAsk(question)}>
            {question}
          </button>
        ))}
      </div>
    </div>
  );
}
